// A bounded walk over a paginated list: follow `next` exactly as served for at most maxPages
// pages, step back through `previous`, then jump to the last page computed from count and page
// size. A list of millions is sampled, not crawled; a small one is read whole.
import { isSuccess, type RequestSpec } from '../engine/request';
import { toPage, type Page, type Walk } from '../engine/walk';
import type { Run } from './run';

/** How many `previous` links a walk follows back (each costs a request). */
const BACK_STEPS = 3;

export async function walkList(run: Run, base: RequestSpec, maxPages = run.config.maxPages): Promise<Walk> {
  const origin = new URL(run.config.baseUrl).origin;
  const walk: Walk = { base, pages: [], backs: [], complete: false, pageSize: 0, foreignLinks: [], broken: [] };
  /**
   * Follows a link with the base request's method, body and credentials; never its query (the link
   * carries it). A relative link is read as a client reads it, against the page that served it
   * (envelope_fields fails it: the contract publishes a URI).
   */
  const follow = async (link: string, from: Page, number: number, via: Page['via'], what: string) => {
    const url = new URL(link, from.x.url);
    if (url.origin !== origin) walk.foreignLinks.push(link);
    const x = await run.send({ ...base, query: [], url: url.origin === origin ? (URL.canParse(link) ? link : url.href) : `${origin}${url.pathname}${url.search}`, purpose: `${base.purpose}: ${what}`, expect: undefined });
    const page = toPage(x, number, via);
    if (!isSuccess(x.status)) walk.broken.push(page);
    return page;
  };

  /** A link the walk can follow: a string that is a URL, or one relative to the page that served it. */
  const followable = (link: unknown, from: Page): link is string => typeof link === 'string' && URL.canParse(link, from.x.url);

  const first = toPage(await run.send(base), 1, 'first');
  walk.pages.push(first);
  walk.pageSize = first.items.length;
  if (!isSuccess(first.x.status)) return walk;
  let current = first;
  while (followable(current.next, current) && walk.pages.length < maxPages) {
    const next = await follow(current.next, current, current.number + 1, 'next', `page ${current.number + 1} through next`);
    if (!isSuccess(next.x.status)) return walk;
    walk.pages.push(next);
    if (walk.backs.length < BACK_STEPS && followable(next.previous, next)) {
      walk.backs.push({ from: next, to: await follow(next.previous, next, current.number, 'previous', `previous of page ${next.number}`) });
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
        if (followable(jumped.previous, jumped) && last - 1 > current.number) {
          walk.backFromLast = await follow(jumped.previous, jumped, last - 1, 'previous', `previous of page ${last}`);
        }
      }
    }
  }
  return walk;
}
