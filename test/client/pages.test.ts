// api.pages() follows each page's `next` exactly as the deployment serves it, with the client's
// credential on every page, until `next` is null; a search is paged by POSTing its body again.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient, PageCycleError, PageError } from '../../client';
import { DEMO_CREDENTIALS } from '../../protocol/demo-credentials';
import { createHandlers } from '../../sandbox/msw';

const BASE = 'https://api.pages.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers({ baseUrl: BASE, limits: { pageSize: 5 } })));
afterAll(() => server.close());

async function all<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const seen: T[] = [];
  for await (const page of pages) seen.push(page);
  return seen;
}

test('every Austrian municipality, five per page, each once, with a session id in the query on every page', async () => {
  const api = createApiClient({ baseUrl: BASE, auth: { sessionQuery: DEMO_CREDENTIALS.sessionId } });
  const pages = await all(api.pages('/api/v1/municipalities/', { params: { query: { country_code: ['AT'] } } }));
  const items = pages.flatMap((page) => page.results);
  expect(pages[0]!.count).toBe(items.length);
  expect(pages.map((page) => page.results.length)).toEqual([...Array(pages.length - 1).fill(5), items.length - 5 * (pages.length - 1)]);
  expect(new Set(items.map((m) => m.uuid)).size).toBe(items.length);
  expect(items.every((m) => m.country_code === 'AT')).toBe(true);
  expect(pages[pages.length - 1]!.next).toBeNull();
});

test('a search is paged by POSTing the same body to next', async () => {
  const api = createApiClient({ baseUrl: BASE, auth: { bearer: DEMO_CREDENTIALS.token } });
  const pages = await all(api.pages('/api/v1/companies/search/', { body: { country: 'DE' } }));
  const companies = pages.flatMap((page) => page.results);
  expect(pages.length).toBeGreaterThan(1);
  expect(companies).toHaveLength(pages[0]!.count);
  expect(companies.every((c) => c.country === 'DE')).toBe(true);
});

test('next is followed as served (another path, a query the client would not write) and the credential goes along', async () => {
  const served = `${BASE}/gateway/api/v1/municipalities/?cursor=a%2Fb%20c&page=2`;
  const requested: { url: string; authorization: string | null }[] = [];
  server.resetHandlers(
    http.get(`${BASE}/api/v1/municipalities/`, ({ request }) => {
      requested.push({ url: request.url, authorization: request.headers.get('authorization') });
      return HttpResponse.json({ count: 2, next: served, previous: null, results: [] });
    }),
    http.get(`${BASE}/gateway/api/v1/municipalities/`, ({ request }) => {
      requested.push({ url: request.url, authorization: request.headers.get('authorization') });
      return HttpResponse.json({ count: 2, next: null, previous: null, results: [] });
    }),
  );
  const api = createApiClient({ baseUrl: BASE, auth: { token: DEMO_CREDENTIALS.token } });
  expect(await all(api.pages('/api/v1/municipalities/', { params: { query: { q: 'x' } } }))).toHaveLength(2);
  expect(requested).toEqual([
    { url: `${BASE}/api/v1/municipalities/?q=x`, authorization: `Token ${DEMO_CREDENTIALS.token}` },
    { url: served, authorization: `Token ${DEMO_CREDENTIALS.token}` },
  ]);
});

test('a page that fails stops the pager with a PageError carrying the status and the error body', async () => {
  const api = createApiClient({ baseUrl: BASE, auth: { bearer: 'not-a-key' } });
  const failure = await all(api.pages('/api/v1/municipalities/')).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(PageError);
  expect(failure).toMatchObject({ status: 401, body: { code: 'unauthorized' } });
});

describe('a next link already followed stops the pager with a PageCycleError naming it, never a loop', () => {
  const LIST = `${BASE}/api/v1/municipalities/`;
  /** A list whose page N (1 without `page`) links next to `nextOf(N)`; counts the requests. */
  function cyclic(nextOf: (page: number) => string): { requests: () => number } {
    let requests = 0;
    server.resetHandlers(
      http.get(LIST, ({ request }) => {
        requests += 1;
        const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
        return HttpResponse.json({ count: 100, next: nextOf(page), previous: null, results: [] });
      }),
    );
    return { requests: () => requests };
  }

  test.each([
    // The mock's links before issue 32: every page's next is the example's page 2.
    ['every next leads to page 2', () => `${LIST}?page=2`, 2, `${LIST}?page=2`, 2, 2],
    ['page 3 leads back to page 1 as fetched', (page: number) => (page === 3 ? LIST : `${LIST}?page=${page + 1}`), 3, LIST, 3, 1],
    ['a relative next that resolves to a link followed', (page: number) => (page === 4 ? '?page=2' : `?page=${page + 1}`), 4, `${LIST}?page=2`, 4, 2],
  ])('%s', async (_label, nextOf, pages, url, page, firstFetchedAs) => {
    const list = cyclic(nextOf);
    const api = createApiClient({ baseUrl: BASE, auth: { bearer: DEMO_CREDENTIALS.token } });
    const yielded: unknown[] = [];
    const failure = await (async () => {
      for await (const one of api.pages('/api/v1/municipalities/')) yielded.push(one);
    })().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PageCycleError);
    expect(failure).toMatchObject({ url, page, firstFetchedAs, message: `page ${page} links next to ${url}, already fetched as page ${firstFetchedAs}: the list's next links form a cycle` });
    // Every page was yielded once, and the link seen again was not fetched again.
    expect([yielded.length, list.requests()]).toEqual([pages, pages]);
  });
});
