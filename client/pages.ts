// Paging through a list by following the `next` link each page serves, so the client never
// rebuilds page URLs itself: `for await (const page of api.pages('/api/v1/municipalities/', { params }))`.
// A list answered to POST (company search) is paged by POSTing the same body to `next`, as the
// sandbox documents; its `body` is therefore required (`{}` lists everything). Every page goes
// through the same openapi-fetch client (credential, the caller's middleware, fetch). A `next`
// link the pager has already followed is a cycle: it throws rather than page forever.
import type { Client, FetchOptions } from 'openapi-fetch';
import type { paths } from '../generated/schema';

type ListMethod = 'get' | 'post';

/** The 200 JSON body of an operation. */
type Ok<Op> = Op extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;

type Paged<Op> = [Ok<Op>] extends [never] ? false : Ok<Op> extends { results: unknown[]; next?: string | null } ? true : false;

/** Paths whose operation for `M` answers a paginated list (`results` and `next`), from the contract. */
export type PagedPath<M extends ListMethod = ListMethod> = {
  [P in keyof paths]: M extends keyof paths[P] ? (Paged<paths[P][M]> extends true ? P : never) : never;
}[keyof paths];

/** The method a list path is read with: GET, or POST for a search. */
export type MethodOf<P extends PagedPath> = P extends PagedPath<'get'> ? 'get' : 'post';

type Operation<P extends PagedPath> = paths[P][MethodOf<P>];

/** One page of a list path, typed from the contract (e.g. `PaginatedMunicipalityList`). */
export type PageOf<P extends PagedPath> = Ok<Operation<P>>;

/** The first request's options as openapi-fetch types them; a search must give its body. */
export type PagesInit<P extends PagedPath> = MethodOf<P> extends 'post'
  ? FetchOptions<Operation<P>> & { body: NonNullable<FetchOptions<Operation<P>>['body']> }
  : FetchOptions<Operation<P>>;

/** A page answered with something other than 2xx: the pager stops there. */
export class PageError extends Error {
  readonly status: number;
  /** The parsed error body, e.g. `{ error, code }`. */
  readonly body: unknown;
  readonly url: string;

  constructor(status: number, body: unknown, url: string) {
    const code = body && typeof body === 'object' && 'code' in body ? ` (${String(body.code)})` : '';
    super(`page request to ${url} answered ${status}${code}`);
    this.name = 'PageError';
    this.status = status;
    this.body = body;
    this.url = url;
  }
}

/** A page served a `next` link the pager had already followed: the list's links go round in a cycle. */
export class PageCycleError extends Error {
  /** The `next` link, as served (resolved against the page's URL). */
  readonly url: string;
  /** The page (1 for the first) that served it again, and the page it first led to. */
  readonly page: number;
  readonly firstFetchedAs: number;

  constructor(url: string, page: number, firstFetchedAs: number) {
    super(`page ${page} links next to ${url}, already fetched as page ${firstFetchedAs}: the list's next links form a cycle`);
    this.name = 'PageCycleError';
    this.url = url;
    this.page = page;
    this.firstFetchedAs = firstFetchedAs;
  }
}

export type Pages = <P extends PagedPath>(path: P, ...init: MethodOf<P> extends 'post' ? [PagesInit<P>] : [PagesInit<P>?]) => AsyncGenerator<PageOf<P>, void, undefined>;

type Send = (method: 'GET' | 'POST', path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** Where openapi-fetch sends a served link: the list path stays the path when the link ends with it. */
function linkTarget(next: URL, listPath: string): { baseUrl: string; path: string } {
  if (next.pathname.endsWith(listPath)) return { baseUrl: next.origin + next.pathname.slice(0, -listPath.length), path: listPath };
  return { baseUrl: next.origin, path: next.pathname };
}

export function pager(client: Client<paths>): Pages {
  const send = client.request.bind(client) as unknown as Send;
  return async function* pages(path: string, init: Record<string, unknown> = {}) {
    const method = init.body === undefined ? 'GET' : 'POST';
    let target = path;
    let request = init;
    // Each link followed, with the number of the page it was fetched as.
    const followed = new Map<string, number>();
    for (let page = 1; ; page += 1) {
      const { data, error, response } = await send(method, target, request);
      if (error !== undefined || data === undefined) throw new PageError(response.status, error, response.url);
      // The first page's own URL, where fetch tells it (a Response made by hand has none).
      if (page === 1 && response.url) followed.set(new URL(response.url).href, 1);
      yield data;
      const next = (data as { next?: string | null }).next;
      if (!next) return;
      // The link exactly as served: its query is sent as it stands, not re-serialized.
      const url = new URL(next, response.url || undefined);
      const seen = followed.get(url.href);
      if (seen !== undefined) throw new PageCycleError(url.href, page, seen);
      followed.set(url.href, page + 1);
      const search = url.search.slice(1);
      const { baseUrl, path: linkPath } = linkTarget(url, path);
      const { params: _first, ...rest } = init;
      target = linkPath;
      request = { ...rest, baseUrl, params: {}, querySerializer: () => search };
    }
  } as Pages;
}
