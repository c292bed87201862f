// A client made at module level, before msw/node's server listens (as most apps export one),
// is still intercepted: the client looks up globalThis.fetch when it sends. A fetch given to
// createApiClient still wins over whatever globalThis.fetch is then.
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createApiClient } from '../../client';
import { createHandlers } from '../../sandbox/msw';
import { DEMO_CREDENTIALS } from '../../protocol/demo-credentials';

const BASE = 'https://api.module-level.test';
// Made before setupServer() and listen(): openapi-fetch alone would keep the original fetch.
const api = createApiClient({ baseUrl: BASE, auth: { bearer: DEMO_CREDENTIALS.token } });
const unhandled = createApiClient({ baseUrl: 'https://not-handled.test', auth: { bearer: DEMO_CREDENTIALS.token } });

const server = setupServer(...createHandlers({ baseUrl: BASE, limits: { pageSize: 4 } }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('a module-level client is answered by the MSW handlers', async () => {
  const { data, response } = await api.GET('/api/v1/municipalities/', { params: { query: { country_code: ['CH'] } } });
  expect(response.status).toBe(200);
  expect(data?.results).toHaveLength(4);
  expect(data?.results.every((m) => m.country_code === 'CH')).toBe(true);
});

test('onUnhandledRequest: "error" fires for a module-level client', async () => {
  const printed = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await expect(unhandled.GET('/api/v1/municipalities/')).rejects.toThrow();
    expect(printed.mock.calls.flat().join('\n')).toContain('GET https://not-handled.test/api/v1/municipalities/');
  } finally {
    printed.mockRestore();
  }
});

test('a later replacement of globalThis.fetch is used too', async () => {
  const original = globalThis.fetch;
  const seen: string[] = [];
  globalThis.fetch = (input, init) => {
    seen.push(input instanceof Request ? input.url : String(input));
    return original(input, init);
  };
  try {
    expect((await api.GET('/api/v1/municipalities/')).response.status).toBe(200);
  } finally {
    globalThis.fetch = original;
  }
  expect(seen).toEqual([`${BASE}/api/v1/municipalities/`]);
});

test('createApiClient({ fetch }) wins over globalThis.fetch and MSW', async () => {
  const own = createApiClient({
    baseUrl: BASE,
    auth: { bearer: DEMO_CREDENTIALS.token },
    fetch: async () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] }),
  });
  expect((await own.GET('/api/v1/municipalities/')).data?.count).toBe(0);
  // The server's handlers are untouched: the module-level client still gets the sandbox.
  expect((await api.GET('/api/v1/municipalities/')).data?.count).toBeGreaterThan(0);
});
