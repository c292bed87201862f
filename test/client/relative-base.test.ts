// A relative baseUrl ('' or a path, the usual setting of an app served with its API) works where
// Node's fetch takes absolute URLs only: resolved against the page's location (a browser, jsdom,
// happy-dom), else against RELATIVE_BASE_ORIGIN, which MSW's any-origin handlers answer. Anything
// that is neither fails at creation with one line saying what to pass.
import { setupServer } from 'msw/node';
import { createApiClient, RELATIVE_BASE_ORIGIN } from '../../client';
import { createHandlers } from '../../sandbox/msw';
import { DEMO_CREDENTIALS } from '../../protocol/demo-credentials';

const auth = { bearer: DEMO_CREDENTIALS.token };

/** The URL of every request a client sends, answered with an empty page. */
function recording(baseUrl: string) {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return Response.json({ count: 0, next: null, previous: null, results: [] });
  };
  return { urls, api: createApiClient({ baseUrl, auth, fetch }) };
}

describe("without a page (Node, Vitest's and Jest's node environment)", () => {
  const server = setupServer(...createHandlers());
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  test.each([[''], ['/']])('baseUrl %j is answered by the MSW handlers of any origin', async (baseUrl) => {
    const { data, response } = await createApiClient({ baseUrl, auth }).GET('/api/v1/municipalities/', { params: { query: { country_code: ['AT'] } } });
    expect({ status: response.status, url: response.url.split('?')[0] }).toEqual({ status: 200, url: `${RELATIVE_BASE_ORIGIN}/api/v1/municipalities/` });
    expect(data!.results.length).toBeGreaterThan(0);
  });
});

describe('in a page (a browser; jsdom and happy-dom set location too)', () => {
  const original = Object.getOwnPropertyDescriptor(globalThis, 'location');
  beforeAll(() => Object.defineProperty(globalThis, 'location', { value: { href: 'https://app.example.test/reports/2026?tab=1' }, configurable: true, writable: true }));
  afterAll(() => (original ? Object.defineProperty(globalThis, 'location', original) : delete (globalThis as { location?: unknown }).location));

  test.each([
    ['', 'https://app.example.test/api/v1/municipalities/'],
    ['/', 'https://app.example.test/api/v1/municipalities/'],
    ['/gateway', 'https://app.example.test/gateway/api/v1/municipalities/'],
    ['https://api.example.test', 'https://api.example.test/api/v1/municipalities/'],
  ])('baseUrl %j sends to %s', async (baseUrl, expected) => {
    const { urls, api } = recording(baseUrl);
    await api.GET('/api/v1/municipalities/');
    expect(urls).toEqual([expected]);
  });

  test('a page that is not served over http(s) (about:blank) counts as none', async () => {
    (globalThis as { location?: { href: string } }).location = { href: 'about:blank' };
    const { urls, api } = recording('');
    await api.GET('/api/v1/municipalities/');
    expect(urls).toEqual([`${RELATIVE_BASE_ORIGIN}/api/v1/municipalities/`]);
  });
});

test.each([['localhost:4010'], ['api.example.test'], ['ftp://api.example.test'], ['api/v1']])('baseUrl %j fails at creation with one line saying what to pass', (baseUrl) => {
  expect(() => createApiClient({ baseUrl, auth })).toThrow(
    new Error(`createApiClient: baseUrl ${JSON.stringify(baseUrl)} is neither an http(s) URL (e.g. 'http://127.0.0.1:4010') nor a path on the page's origin ('' or '/gateway')`),
  );
});
