// The municipality list and the company search served with some of their filters read by a
// deployment of the tests' own (a reading of "code or name", a lenient value), the rest by the
// sandbox: the request without those filters goes to the sandbox, which checks it and answers
// every other filter; the items it keeps are filtered here and paged as the sandbox pages
// (its page size, 404 past the end, links that keep the query sorted by name). The data is the
// sandbox's own, read through its public API (sandbox/core), never a copy.
import { createSandbox, DEFAULT_CREDENTIALS, DEFAULT_LIMITS } from '../../../sandbox/core';
import { isObject } from '../../engine/request';
import type { FetchLike } from '../../engine/transport';
import type { Item } from '../../engine/walk';
import { isJsonType, opOf } from '../../../strength/faulty';

/** A filter read here: its non-empty values, as sent, to the items it keeps. */
export type OwnFilter = (values: string[]) => (item: Item) => boolean;

export interface OwnFilters {
  /** Query parameters of the municipality list. */
  municipalitiesList?: Record<string, OwnFilter>;
  /** Body fields of the company search (in any of its media types). */
  companiesSearch?: Record<string, OwnFilter>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

interface Split {
  /** The request without the filters read here, for the sandbox to check and filter. */
  rest: Request;
  /** The values of the filters read here that the request gives. */
  values: Record<string, string[]>;
}

/** The query parameters read here, taken out of the request. */
function splitQuery(request: Request, own: Record<string, OwnFilter>): Split {
  const url = new URL(request.url);
  const values: Record<string, string[]> = {};
  for (const name of Object.keys(own)) {
    const given = url.searchParams.getAll(name).filter((v) => v !== '');
    if (given.length) values[name] = given;
    url.searchParams.delete(name);
  }
  return { rest: new Request(url, request), values };
}

/** The body fields read here (text only: a value of another type is the sandbox's to refuse), taken out of the body. */
async function splitBody(request: Request, own: Record<string, OwnFilter>): Promise<Split> {
  const type = request.headers.get('content-type') ?? '';
  const values: Record<string, string[]> = {};
  const take = (name: string, value: unknown) => {
    const mine = name in own && typeof value === 'string';
    if (mine && value !== '') values[name] = [value];
    return mine;
  };
  const headers = new Headers(request.headers);
  try {
    if (isJsonType(type)) {
      const json: unknown = JSON.parse(await request.clone().text());
      if (!isObject(json)) return { rest: request, values };
      const kept = Object.fromEntries(Object.entries(json).filter(([name, value]) => !take(name, value)));
      return { rest: new Request(request.url, { method: request.method, headers, body: JSON.stringify(kept) }), values };
    }
    if (type.startsWith('application/x-www-form-urlencoded')) {
      const kept = new URLSearchParams([...new URLSearchParams(await request.clone().text())].filter(([name, value]) => !take(name, value)));
      return { rest: new Request(request.url, { method: request.method, headers, body: kept.toString() }), values };
    }
    if (type.startsWith('multipart/form-data')) {
      const form = await request.clone().formData();
      const kept = new FormData();
      form.forEach((value, name) => void (take(name, value) || kept.append(name, value)));
      headers.delete('content-type'); // the new boundary
      return { rest: new Request(request.url, { method: request.method, headers, body: kept }), values };
    }
  } catch {
    // Not readable: the sandbox's own refusal follows.
  }
  return { rest: request, values };
}

/** The page a client asked for, as the sandbox pages: its size, 404 past the end, links keeping the query (sorted by name, no session). */
function pageOf(request: Request, items: Item[]): Response {
  const url = new URL(request.url);
  const page = Number(url.searchParams.getAll('page').pop() ?? '1');
  const size = DEFAULT_LIMITS.pageSize;
  const pages = Math.max(1, Math.ceil(items.length / size));
  if (page < 1 || page > pages) return new Response(JSON.stringify({ error: `Invalid page: page ${page} does not exist`, code: 'not_found' }), { status: 404, headers: JSON_TYPE });
  const link = (n: number) => {
    const params = new URLSearchParams();
    for (const name of [...new Set([...url.searchParams.keys(), 'page'])].sort()) {
      if (name === 'page') params.append('page', String(n));
      else if (name !== 'sessionid') for (const value of url.searchParams.getAll(name)) params.append(name, value);
    }
    return `${url.origin}${url.pathname}?${params}`;
  };
  const body = { count: items.length, next: page < pages ? link(page + 1) : null, previous: page > 1 ? link(page - 1) : null, results: items.slice((page - 1) * size, page * size) };
  return new Response(JSON.stringify(body), { status: 200, headers: JSON_TYPE });
}

/**
 * The sandbox with these filters read here instead. `lenient`: their values are not checked
 * (otherwise the sandbox checks the request whole first, as it would alone).
 */
export function servedWith(filters: OwnFilters, { lenient = false } = {}): FetchLike {
  const sandbox = createSandbox({ credentials: DEFAULT_CREDENTIALS, log: () => undefined });
  // The same data in one page: every item the other filters keep.
  const whole = createSandbox({ credentials: DEFAULT_CREDENTIALS, log: () => undefined, limits: { pageSize: 1_000_000 } });
  return async (request) => {
    const op = opOf(request.method, new URL(request.url));
    const own = op === 'municipalitiesList' || op === 'companiesSearch' ? filters[op] : undefined;
    if (!own) return sandbox.fetch(request);
    const { rest, values } = op === 'municipalitiesList' ? splitQuery(request, own) : await splitBody(request, own);
    const answer = await sandbox.fetch(lenient ? rest.clone() : request);
    if (answer.status !== 200 || Object.keys(values).length === 0) return answer;
    const unpaged = new URL(rest.url);
    unpaged.searchParams.delete('page');
    const all = (await (await whole.fetch(new Request(unpaged, rest))).json()) as { results: Item[] };
    const keeps = Object.entries(values).map(([name, given]) => own[name]!(given));
    return pageOf(request, all.results.filter((item) => keeps.every((keep) => keep(item))));
  };
}
