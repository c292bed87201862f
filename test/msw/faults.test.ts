// Faults for frontend tests through the public MSW API (`cmds-contract-kit/msw`): a handler set
// with faults and latency, and per-test overrides of one operation by its operationId.
import { setupServer } from 'msw/node';
import { createApiClient } from '../../client';
import { DEMO_CREDENTIALS } from '../../protocol/demo-credentials';
import { createHandlers, override } from '../../sandbox/msw';

const BASE = 'https://api.faults.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: BASE, auth: { bearer: DEMO_CREDENTIALS.token } });

async function elapsed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

test('createHandlers({ faults }): one operation answers 503 with the error body and Retry-After, another 300 ms late', async () => {
  server.use(...createHandlers({ baseUrl: BASE, faults: { municipalitiesList: { status: 503 }, companiesSearch: { delay: 300 } } }));
  const failed = await api.GET('/api/v1/municipalities/');
  expect([failed.response.status, failed.response.headers.get('retry-after'), failed.error]).toEqual([503, '1', { error: expect.any(String), code: 'service_unavailable' }]);
  const [late, ms] = await elapsed(() => api.POST('/api/v1/companies/search/', { body: { country: 'AT' } }));
  expect([late.response.status, ms >= 300]).toEqual([200, true]);
});

test('override() makes one operation fail for one test; the others still reach the sandbox', async () => {
  server.use(...createHandlers({ baseUrl: BASE }));
  server.use(override('municipalitiesList', { status: 503 }));
  const failed = await api.GET('/api/v1/municipalities/');
  expect([failed.response.status, failed.error]).toEqual([503, { error: expect.any(String), code: 'service_unavailable' }]);
  expect((await api.POST('/api/v1/companies/search/', { body: {} })).response.status).toBe(200);
});

test('override() with a delay waits, then passes the request on to the sandbox', async () => {
  // Handlers are tried in order: an override goes before the sandbox's.
  server.use(override('companiesSearch', { delay: 300 }), ...createHandlers({ baseUrl: BASE }));
  const [late, ms] = await elapsed(() => api.POST('/api/v1/companies/search/', { body: { country: 'CH' } }));
  expect(ms).toBeGreaterThanOrEqual(300);
  expect(late.data!.results.length).toBeGreaterThan(0);
  expect(late.data!.results.every((company) => company.country === 'CH')).toBe(true);
});

test('override() on a path with parameters, a 429 with its Retry-After, once', async () => {
  server.use(override('watchdogsActivate', { status: 429, retryAfter: 30 }, { baseUrl: BASE, once: true }), ...createHandlers({ baseUrl: BASE }));
  const created = await api.POST('/api/v1/watchdogs/', { body: { name: 'Bau', prompt: 'Melde Konkurse.' } });
  const send = () => api.POST('/api/v1/watchdogs/{uuid}/activate/', { params: { path: { uuid: created.data!.uuid } }, body: {} });
  const throttled = await send();
  expect([throttled.response.status, throttled.response.headers.get('retry-after'), throttled.error]).toEqual([429, '30', { error: expect.any(String), code: 'throttled' }]);
  expect((await send()).response.status).toBe(200);
});

test('override() and createHandlers() refuse an unknown operationId or an unusable fault, naming it', () => {
  expect(() => override('municipalitiesLst' as never, { status: 503 })).toThrow('override: unknown operationId "municipalitiesLst"');
  expect(() => override('municipalitiesList', { status: 200 })).toThrow('override: municipalitiesList 200: a success needs its body (an error status, 400 to 599, needs none)');
  expect(() => override('municipalitiesList', { status: 302 })).toThrow('override: municipalitiesList: status must be an integer from 400 to 599 (got 302)');
  expect(() => createHandlers({ faults: { nope: { status: 503 } } as never })).toThrow('sandbox: unknown operationId "nope" in faults');
  expect(() => createHandlers({ latency: -1 })).toThrow('sandbox: latency must be an integer number of milliseconds');
});
