// A bounded walk over a paginated list: follow `next` exactly as served for at most maxPages
// pages, step back through `previous`, then jump to the last page computed from count and page
// size. A list of millions is sampled, not crawled; a small one is read whole.
import { isObject, isSuccess, type Exchange, type RequestSpec } from '../engine/request';
import type { Run } from './run';

export type Item = Record<string, unknown>;

export interface Page {
  /** The page number this page should be (1-based). */
  number: number;
  /** How the page was reached. */
  via: 'first' | 'next' | 'jump' | 'previous';
  x: Exchange;
  count?: number;
  next?: string | null;
  previous?: string | null;
  items: Item[];
}

export interface Walk {
  /** The request of the first page; links are followed with its method, body and credentials. */
  base: RequestSpec;
  /** Pages 1..k in order, then possibly the last page reached by a jump. */
  pages: Page[];
  /** For page k+1 reached through next: its `previous`, fetched to see it lead back to page k. */
  backs: Array<{ from: Page; to: Page }>;
  /** The page before the jumped-to last page, reached through the last page's `previous`. */
  backFromLast?: Page;
  /** True when `next` was followed to the end: every item of the query was seen. */
  complete: boolean;
  /** Page size as observed on the first page. */
  pageSize: number;
  /** Links that pointed to another origin than the base URL (followed on the base URL). */
  foreignLinks: string[];
  /** Pages reached through a served link (next, previous) that did not answer a page. */
  broken: Page[];
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

/** How many `previous` links a walk follows back (each costs a request). */
const BACK_STEPS = 3;

export async function walkList(run: Run, base: RequestSpec, maxPages = run.config.maxPages): Promise<Walk> {
  const origin = new URL(run.config.baseUrl).origin;
  const walk: Walk = { base, pages: [], backs: [], complete: false, pageSize: 0, foreignLinks: [], broken: [] };
  /** Follows a link with the base request's method, body and credentials; never its query (the link carries it). */
  const follow = async (link: string, number: number, via: Page['via'], what: string) => {
    const url = new URL(link);
    if (url.origin !== origin) walk.foreignLinks.push(link);
    const x = await run.send({ ...base, query: [], url: url.origin === origin ? link : `${origin}${url.pathname}${url.search}`, purpose: `${base.purpose}: ${what}`, expect: undefined });
    const page = toPage(x, number, via);
    if (!isSuccess(x.status)) walk.broken.push(page);
    return page;
  };

  const first = toPage(await run.send(base), 1, 'first');
  walk.pages.push(first);
  walk.pageSize = first.items.length;
  if (!isSuccess(first.x.status)) return walk;
  let current = first;
  while (typeof current.next === 'string' && walk.pages.length < maxPages) {
    const next = await follow(current.next, current.number + 1, 'next', `page ${current.number + 1} through next`);
    if (!isSuccess(next.x.status)) return walk;
    walk.pages.push(next);
    if (walk.backs.length < BACK_STEPS && typeof next.previous === 'string') {
      walk.backs.push({ from: next, to: await follow(next.previous, current.number, 'previous', `previous of page ${next.number}`) });
    }
    current = next;
  }
  walk.complete = current.next === null;
  if (!walk.complete && first.count !== undefined && walk.pageSize > 0) {
    const last = Math.ceil(first.count / walk.pageSize);
    if (last > current.number) {
      const query = [...(base.query ?? []).filter(([name]) => name !== 'page'), ['page', String(last)] as [string, string]];
      const jumped = toPage(await run.send({ ...base, query, purpose: `${base.purpose}: page ${last} (the last, by count and page size)`, expect: undefined }), last, 'jump');
      if (isSuccess(jumped.x.status)) {
        walk.pages.push(jumped);
        if (typeof jumped.previous === 'string' && last - 1 > current.number) {
          walk.backFromLast = await follow(jumped.previous, last - 1, 'previous', `previous of page ${last}`);
        }
      }
    }
  }
  return walk;
}

/** Every distinct item a walk saw (by uuid). */
export function itemsOf(walk: Walk): Item[] {
  const seen = new Map<string, Item>();
  for (const page of [...walk.pages, ...walk.backs.map((b) => b.to), walk.backFromLast]) for (const item of page?.items ?? []) seen.set(String(item.uuid), item);
  return [...seen.values()];
}
