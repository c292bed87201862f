// Faults and latency on demand: a frontend test makes one operation fail and another answer
// late, through the MSW handlers (set-wide options, a per-test override, a Prefer header) and
// through the sandbox over HTTP (the same Prefer header, the same options). Elapsed times are
// asserted as lower bounds only: the delay is behaviour a test relies on, not a benchmark.
import { setupServer } from 'msw/node';
import { createApiClient } from '../client';
import { DEMO_CREDENTIALS } from '../protocol/demo-credentials';
import { createHandlers, override } from './msw';
import { startSandbox, type RunningSandbox } from './node';

const BASE = 'https://api.faults.test';
const LIST = `${BASE}/api/v1/municipalities/`;
const SEARCH = `${BASE}/api/v1/companies/search/`;
const AUTH = { authorization: `Bearer ${DEMO_CREDENTIALS.token}` };

const server = setupServer();
// Requests to the sandbox on loopback pass; anything else unhandled fails the test.
beforeAll(() => server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname === '127.0.0.1' ? undefined : print.error()) }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function timed(request: () => Promise<Response>): Promise<{ response: Response; body: unknown; ms: number }> {
  const started = performance.now();
  const response = await request();
  const body: unknown = await response.json();
  return { response, body, ms: performance.now() - started };
}

const search = (base: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/v1/companies/search/`, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json', ...headers }, body: '{"country":"AT"}' });

describe('MSW handlers', () => {
  test('createHandlers({ faults }): one operation answers 503 with the error body and Retry-After, another 300 ms late', async () => {
    server.use(...createHandlers({ baseUrl: BASE, faults: { municipalitiesList: { status: 503 }, companiesSearch: { delay: 300 } } }));
    const failed = await timed(() => fetch(LIST, { headers: AUTH }));
    expect(failed.response.status).toBe(503);
    expect(failed.response.headers.get('retry-after')).toBe('1');
    expect(failed.body).toEqual({ error: expect.any(String), code: 'service_unavailable' });
    const late = await timed(() => search(BASE));
    expect(late.response.status).toBe(200);
    expect(late.ms).toBeGreaterThanOrEqual(300);
    expect((late.body as { count: number }).count).toBeGreaterThan(0);
  });

  test('latency delays every operation', async () => {
    server.use(...createHandlers({ baseUrl: BASE, latency: 200 }));
    const late = await timed(() => fetch(LIST, { headers: AUTH }));
    expect(late.response.status).toBe(200);
    expect(late.ms).toBeGreaterThanOrEqual(200);
  });

  test('override() replaces one operation for one test: a 503, then a delay that passes on to the sandbox', async () => {
    server.use(...createHandlers({ baseUrl: BASE }));
    const api = createApiClient({ baseUrl: BASE, auth: { bearer: DEMO_CREDENTIALS.token } });
    server.use(override('municipalitiesList', { status: 503 }));
    const failed = await api.GET('/api/v1/municipalities/');
    expect(failed.response.status).toBe(503);
    expect(failed.error).toMatchObject({ code: 'service_unavailable' });
    // Other operations still reach the sandbox.
    expect((await api.POST('/api/v1/companies/search/', { body: {} })).response.status).toBe(200);

    // Handlers are tried in order: an override goes before the sandbox's.
    server.resetHandlers(override('companiesSearch', { delay: 300 }), ...createHandlers({ baseUrl: BASE }));
    const started = performance.now();
    const late = await api.POST('/api/v1/companies/search/', { body: { country: 'CH' } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(late.data?.results.every((company) => company.country === 'CH')).toBe(true);
  });

  test('override() with a path parameter, a 429 with its Retry-After, and once', async () => {
    server.use(override('watchdogsActivate', { status: 429, retryAfter: 30 }, { baseUrl: BASE, once: true }), ...createHandlers({ baseUrl: BASE }));
    const url = `${BASE}/api/v1/watchdogs/e3f4a5b6-c7d8-4e9f-8a0b-1c2d3e4f5a6b/activate/`;
    const send = () => fetch(url, { method: 'POST', headers: { ...AUTH, 'content-type': 'application/json' }, body: '{}' });
    const throttled = await send();
    expect([throttled.status, throttled.headers.get('retry-after'), ((await throttled.json()) as { code: string }).code]).toEqual([429, '30', 'throttled']);
    expect((await send()).status).not.toBe(429);
  });

  test('override() refuses an unknown operationId or an unusable fault, naming it', () => {
    expect(() => override('municipalitiesLst' as never, { status: 503 })).toThrow('override: unknown operationId "municipalitiesLst"');
    expect(() => override('municipalitiesList', { status: 200 })).toThrow('override faults.municipalitiesList: status must be an integer from 400 to 599 (got 200)');
    expect(() => createHandlers({ latency: -1 })).toThrow('latency must be an integer number of milliseconds');
  });
});

/** The same requests against the MSW handlers and the sandbox over HTTP. */
describe.each([
  ['MSW handlers', async () => {
    server.use(...createHandlers({ baseUrl: BASE }));
    return { base: BASE, close: async () => undefined };
  }],
  ['the sandbox over HTTP', async () => {
    const sandbox: RunningSandbox = await startSandbox({ port: 0, log: () => undefined });
    return { base: sandbox.url, close: () => sandbox.close() };
  }],
])('Prefer, on %s', (_name, start) => {
  let target: { base: string; close: () => Promise<void> };
  beforeEach(async () => {
    target = await start();
  });
  afterEach(() => target.close());

  test('Prefer: code=503 on one operation, Prefer: delay=300 on another', async () => {
    const failed = await timed(() => fetch(`${target.base}/api/v1/municipalities/`, { headers: { ...AUTH, prefer: 'code=503' } }));
    expect([failed.response.status, failed.response.headers.get('retry-after'), failed.response.headers.get('preference-applied')]).toEqual([503, '1', 'code=503']);
    expect(failed.body).toEqual({ error: expect.any(String), code: 'service_unavailable' });
    const late = await timed(() => search(target.base, { prefer: 'delay=300' }));
    expect(late.response.status).toBe(200);
    expect(late.ms).toBeGreaterThanOrEqual(300);
  });

  test('Prefer: code=429, retry-after=30, and 500; other preferences are not ours; a bad value is a 400 naming it', async () => {
    const list = (prefer: string) => fetch(`${target.base}/api/v1/municipalities/`, { headers: { ...AUTH, prefer } });
    const throttled = await list('code=429, retry-after=30');
    expect([throttled.status, throttled.headers.get('retry-after'), ((await throttled.json()) as { code: string }).code]).toEqual([429, '30', 'throttled']);
    const broken = await list('code=500');
    expect([broken.status, broken.headers.get('retry-after'), ((await broken.json()) as { code: string }).code]).toEqual([500, null, 'internal_error']);
    const plain = await list('return=minimal, example=ch-valais');
    expect([plain.status, plain.headers.get('preference-applied')]).toEqual([200, null]);
    const bad = await list('code=abc');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Prefer: code must be a whole number (got "abc")', code: 'prefer_invalid' });
    expect(((await (await list('code=200')).json()) as { error: string }).error).toBe('Prefer: status must be an integer from 400 to 599 (got 200)');
  });

  test('a browser may send Prefer and read Retry-After', async () => {
    const origin = 'http://localhost:5173';
    const preflight = await fetch(`${target.base}/api/v1/municipalities/`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, prefer' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('prefer');
    const failed = await fetch(`${target.base}/api/v1/municipalities/`, { headers: { ...AUTH, origin, prefer: 'code=503' } });
    expect(failed.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });
});

test('the sandbox over HTTP takes set-wide faults and latency as options', async () => {
  const sandbox = await startSandbox({ port: 0, log: () => undefined, latency: 100, faults: { municipalitiesList: { status: 503 }, companiesSearch: { delay: 300 } } });
  try {
    expect((await fetch(`${sandbox.url}/api/v1/municipalities/`, { headers: AUTH })).status).toBe(503);
    const late = await timed(() => search(sandbox.url));
    expect([late.response.status, late.ms >= 300]).toEqual([200, true]);
    // A request's own Prefer wins over the configured fault.
    expect((await fetch(`${sandbox.url}/api/v1/municipalities/`, { headers: { ...AUTH, prefer: 'code=429' } })).status).toBe(429);
  } finally {
    await sandbox.close();
  }
});
