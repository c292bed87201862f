// Lists that end. Prism answers a list operation with its example whatever `page` asks, and the
// example's links are the real service's (`next` of the first example always leads to page 2),
// so a pager on the mock never reached a last page. The front answers each list request as one
// page of a finite list instead:
// - `count` as the answer says, and the answer's `results` as one full page (the page size is not
//   published; the example is all the mock has): ceil(count / results) pages;
// - page N (`page`, 1 when absent) links to N-1 and N+1 of the same query on the origin asked,
//   `previous` null on page 1 and `next` null on the last;
// - the last page holds what is left of count, so the pages hold count items together — the same
//   example items on every page (the mock has no data; distinct items per page: the sandbox);
// - a page outside them (0 or less, past the last) is empty, its one link leading back into the
//   list: the contract declares no refusal for it (what the service answers there is not shown).
import { credentialForms, operations } from '../generated';

/** The query parameter that numbers pages (the contract's `page`; DRF's PageNumberPagination). */
const PAGE = 'page';

/** `METHOD path` of the operations with a `page` parameter: the lists the front pages. */
const LIST_ROUTES = new Set(
  Object.values(operations)
    .filter((operation) => operation.parameters.some((parameter) => parameter.in === 'query' && parameter.name === PAGE))
    .map((operation) => `${operation.method.toUpperCase()} ${operation.path}`),
);

/** Query parameters never copied into links: a credential must not travel in a response body (as the sandbox's links). */
const NOT_IN_LINKS = new Set([PAGE, ...credentialForms.filter((form) => form.in === 'query').map((form) => form.name)]);

export function isListRoute(method: string, pathname: string): boolean {
  return LIST_ROUTES.has(`${method.toUpperCase()} ${pathname}`);
}

interface Envelope {
  count: number;
  next?: unknown;
  previous?: unknown;
  results: unknown[];
  [field: string]: unknown;
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && Number.isInteger((body as Envelope).count) && Array.isArray((body as Envelope).results);

/** Where the pages of the request are: the origin asked, its path, its query. */
export interface PageRequest {
  origin: string;
  pathname: string;
  search: URLSearchParams;
}

/** How many pages a list of `count` holds at `size` a page: one at least (an empty list is one empty page). */
export function pageCount(count: number, size: number): number {
  return size > 0 && count > 0 ? Math.ceil(count / size) : 1;
}

/** The link to page `page` of the request's query: its other parameters sorted by name (as DRF and the sandbox write them). */
export function pageLink(request: PageRequest, page: number): string {
  const params = new URLSearchParams();
  const names = [...new Set([...request.search.keys(), PAGE])].sort();
  for (const name of names) {
    if (name === PAGE) params.append(PAGE, String(page));
    else if (!NOT_IN_LINKS.has(name)) for (const value of request.search.getAll(name)) params.append(name, value);
  }
  return `${request.origin}${request.pathname}?${params.toString()}`;
}

/**
 * The answer as page `page` of the request's list: fields in the order the answer had them, every
 * field but `next`, `previous` and `results` as it was. `undefined` when the body is no list
 * envelope or `page` is no integer (then the body passes as Prism sent it).
 */
export function asPage(body: unknown, request: PageRequest): Envelope | undefined {
  const raw = request.search.get(PAGE);
  const page = raw === null ? 1 : Number(raw);
  if (!isEnvelope(body) || !Number.isInteger(page)) return undefined;
  const size = body.results.length;
  const last = pageCount(body.count, size);
  const inside = page >= 1 && page <= last;
  // A negative count (a dynamic body: the contract does not bound it) cannot be held: its results stay.
  const rest = body.count >= 0 ? Math.min(size, body.count - (last - 1) * size) : size;
  const held = !inside ? 0 : page < last ? size : rest;
  return {
    ...body,
    next: inside && page < last ? pageLink(request, page + 1) : page < 1 ? pageLink(request, 1) : null,
    previous: inside && page > 1 ? pageLink(request, page - 1) : page > last ? pageLink(request, last) : null,
    results: body.results.slice(0, held),
  };
}
