// A bounded walk over a paginated list: follow `next` for at most maxPages pages, then jump to
// the last page computed from count and page size. A list of millions is sampled, not crawled.
import type { OperationId } from '../../generated';
import { isObject, type Exchange, type RequestSpec } from './request';
import type { Run } from './run';
import { warn } from './types';

export interface Page {
  /** The page number this page should be (1-based). */
  number: number;
  /** How the page was reached. */
  via: 'first' | 'next' | 'jump' | 'previous';
  x: Exchange;
  count?: number;
  next?: string | null;
  previous?: string | null;
  items: Array<Record<string, unknown>>;
}

export interface Walk {
  operationId: OperationId;
  /** Pages 1..k in order, then possibly the last page reached by a jump. */
  pages: Page[];
  /** The first page's `previous` target, fetched to see it lead back (page 2's previous). */
  backFromSecond?: Page;
  /** The page before the jumped-to last page, reached through its `previous` link. */
  backFromLast?: Page;
  /** True when `next` was followed to the end. */
  complete: boolean;
  /** Page size as observed on the first page. */
  pageSize: number;
}

export function toPage(x: Exchange, number: number, via: Page['via']): Page {
  const body = isObject(x.json) ? x.json : {};
  const items = Array.isArray(body.results) ? body.results.filter(isObject) : [];
  return {
    number,
    via,
    x,
    count: typeof body.count === 'number' ? body.count : undefined,
    next: typeof body.next === 'string' || body.next === null ? body.next : undefined,
    previous: typeof body.previous === 'string' || body.previous === null ? body.previous : undefined,
    items,
  };
}

/** The base request of each list: everything, with the full token. */
export function listRequest(op: OperationId): Omit<RequestSpec, 'purpose'> {
  return op === 'companiesSearch' ? { operationId: op, body: { kind: 'json', value: {} } } : { operationId: op };
}

/**
 * Follows a link with the same method, body and credentials as the base request. A link to
 * another origin (a deployment behind a proxy that does not pass its host on) is followed on the
 * base URL with a warning: whether links carry the public host is not published.
 */
export function follow(run: Run, base: Omit<RequestSpec, 'purpose'>, link: string, purpose: string): Promise<Exchange> {
  const url = new URL(link);
  const origin = new URL(run.config.baseUrl).origin;
  if (url.origin !== origin) {
    run.record('next_previous_links', base.operationId, warn(`${purpose}: the link points to ${url.origin}, not to ${origin}; followed on the base URL`));
    return run.send({ ...base, query: [], url: `${origin}${url.pathname}${url.search}`, purpose });
  }
  return run.send({ ...base, query: [], url: link, purpose });
}

export async function walkList(run: Run, op: OperationId, base = listRequest(op)): Promise<Walk> {
  const first = toPage(await run.send({ ...base, purpose: `${op} page 1`, expectSuccess: true }), 1, 'first');
  const pages = [first];
  const walk: Walk = { operationId: op, pages, complete: false, pageSize: first.items.length };
  if (first.x.status < 200 || first.x.status >= 300) return walk;
  let current = first;
  while (typeof current.next === 'string' && pages.length < run.config.maxPages) {
    const number = current.number + 1;
    current = toPage(await follow(run, base, current.next, `${op} page ${number} through next`), number, 'next');
    if (current.x.status < 200 || current.x.status >= 300) return walk;
    pages.push(current);
  }
  walk.complete = current.next === null;
  const second = pages[1];
  if (second && typeof second.previous === 'string') {
    walk.backFromSecond = toPage(await follow(run, base, second.previous, `${op} previous of page 2`), 1, 'previous');
  }
  if (!walk.complete && first.count !== undefined && walk.pageSize > 0) {
    const last = Math.ceil(first.count / walk.pageSize);
    if (last > current.number) {
      const jumped = toPage(
        await run.send({ ...base, query: [['page', String(last)]], purpose: `${op} page ${last} (the last, by count and page size)` }),
        last,
        'jump',
      );
      if (jumped.x.status >= 200 && jumped.x.status < 300) {
        pages.push(jumped);
        if (typeof jumped.previous === 'string' && last - 1 > current.number) {
          walk.backFromLast = toPage(await follow(run, base, jumped.previous, `${op} previous of page ${last}`), last - 1, 'previous');
        }
      }
    }
  }
  return walk;
}

/** One walk per list and run, shared by the list rules and the filters' value sampling. */
export const sharedWalk = (run: Run, op: OperationId) => run.memo(`walk:${op}`, () => walkList(run, op));
