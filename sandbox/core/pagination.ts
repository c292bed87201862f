// Page-number pagination as Django REST framework's PageNumberPagination does it: a `page`
// query parameter, absolute `next`/`previous` links that keep the other query parameters
// (sorted by name, as DRF re-encodes them), and 404 for a page that does not exist.
import { errors } from './errors';
import { single, type Query } from './query';

/** Query parameters never copied into links: a credential must not travel in a response body. */
const NOT_IN_LINKS = new Set(['page', 'sessionid']);

/** The requested page number (1 when absent); the contract's check that it is an integer came first (../parameters.ts). */
export function pageNumber(query: Query): number {
  const raw = single(query, 'page');
  return raw === undefined ? 1 : Number(raw);
}

export interface PageRequest {
  page: number;
  pageSize: number;
  /** e.g. `http://127.0.0.1:4011/api/v1/municipalities/` */
  baseUrl: string;
  query: Query;
}

function link(request: PageRequest, page: number): string {
  const params = new URLSearchParams();
  const names = [...request.query.keys(), 'page'].filter((name, i, all) => all.indexOf(name) === i).sort();
  for (const name of names) {
    if (name === 'page') params.append('page', String(page));
    else if (!NOT_IN_LINKS.has(name)) for (const value of request.query.get(name)!) params.append(name, value);
  }
  return `${request.baseUrl}?${params.toString()}`;
}

/**
 * The page envelope as a JSON string, from items that are already serialized, so a page costs
 * string joins rather than a serialization of every item on every request.
 */
export function pageJson(serializedItems: readonly string[], request: PageRequest): string {
  const count = serializedItems.length;
  const pages = Math.max(1, Math.ceil(count / request.pageSize));
  if (request.page < 1 || request.page > pages) {
    throw errors.notFound(`Invalid page: page ${request.page} does not exist (${pages} page${pages === 1 ? '' : 's'} of ${request.pageSize})`);
  }
  const start = (request.page - 1) * request.pageSize;
  const next = request.page < pages ? JSON.stringify(link(request, request.page + 1)) : 'null';
  const previous = request.page > 1 ? JSON.stringify(link(request, request.page - 1)) : 'null';
  const results = serializedItems.slice(start, start + request.pageSize).join(',');
  return `{"count":${count},"next":${next},"previous":${previous},"results":[${results}]}`;
}
