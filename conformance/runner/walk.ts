// A bounded walk over a paginated list: follow `next` exactly as served for at most maxPages
// pages, step back through `previous`, then jump to the last page computed from count and page
// size. A list of millions is sampled, not crawled; a small one is read whole.
import { isSuccess, type RequestSpec } from '../engine/request';
import { PAGE, toPage, type Page, type Walk } from '../engine/walk';
import type { Run } from './run';

/** How many `previous` links a walk follows back (each costs a request). */
const BACK_STEPS = 3;

/** The path of a URL under a base URL (`/api/v1/…`), or undefined when it is not under it. */
function under(url: URL, baseUrl: string): string | undefined {
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  return url.origin === base.origin && (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) ? url.pathname.slice(prefix.length) : undefined;
}

export async function walkList(run: Run, base: RequestSpec, maxPages = run.config.maxPages): Promise<Walk> {
  const { baseUrl, publicBaseUrl } = run.config;
  const origin = new URL(baseUrl).origin;
  const walk: Walk = { base, pages: [], backs: [], complete: false, pageSize: 0, foreignLinks: [], broken: [], ...(publicBaseUrl && { publicBaseUrl }) };
  /** Where a served link is followed: as served on the base URL's origin, else moved onto the base URL. */
  const target = (link: string, url: URL) => {
    const published = publicBaseUrl === undefined ? undefined : under(url, publicBaseUrl);
    if (publicBaseUrl === undefined ? url.origin !== origin : published === undefined) walk.foreignLinks.push(link);
    if (published !== undefined) return `${baseUrl}${published}${url.search}`;
    return url.origin === origin ? (URL.canParse(link) ? link : url.href) : `${origin}${url.pathname}${url.search}`;
  };
  /**
   * Follows a link with the base request's method, body and credentials; never its query (the link
   * carries it). A relative link is read as a client reads it, against the page that served it
   * (envelope_fields fails it: the contract publishes a URI).
   */
  const follow = async (link: string, from: Page, number: number, via: Page['via'], what: string) => {
    const url = new URL(link, from.x.url);
    const x = await run.send({ ...base, query: [], url: target(link, url), purpose: `${base.purpose}: ${what}`, expect: undefined });
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
      const query = [...(base.query ?? []).filter(([name]) => name !== PAGE), [PAGE, String(last)] as [string, string]];
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
