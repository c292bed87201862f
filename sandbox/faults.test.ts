// Faults and latency on demand, through both adapters (node:http over HTTP, MSW): a request's
// `Prefer` header, and faults and latency given as options. Elapsed times are lower bounds only:
// the delay is behaviour a frontend test relies on, not a benchmark.
import { ADAPTERS, BEARER, call, type Answer, type Target } from './test/test-support';

const LIST = '/api/v1/municipalities/';
const SEARCH = '/api/v1/companies/search/';

async function timed(request: () => Promise<Answer>): Promise<Answer & { ms: number }> {
  const started = performance.now();
  const answer = await request();
  return { ...answer, ms: performance.now() - started };
}

const search = (target: Target, headers: Record<string, string> = {}) => call(target, SEARCH, { method: 'POST', headers: { ...BEARER, ...headers }, body: { country: 'AT' } });
const list = (target: Target, prefer?: string) => call(target, LIST, { headers: { ...BEARER, ...(prefer ? { prefer } : {}) } });

describe.each(ADAPTERS)('the sandbox through the $name adapter', ({ start }) => {
  describe('Prefer', () => {
    let sandbox: Target;
    beforeAll(async () => {
      sandbox = await start();
    });
    afterAll(() => sandbox.close());

    test('Prefer: code=503 on one operation, Prefer: delay=300 on another', async () => {
      const failed = await list(sandbox, 'code=503');
      expect([failed.status, failed.headers.get('retry-after'), failed.headers.get('preference-applied')]).toEqual([503, '1', 'code=503']);
      expect(failed.body).toEqual({ error: expect.any(String), code: 'service_unavailable' });
      const late = await timed(() => search(sandbox, { prefer: 'delay=300' }));
      expect([late.status, late.body.count > 0]).toEqual([200, true]);
      expect(late.ms).toBeGreaterThanOrEqual(300);
    });

    test('Prefer: code=429, retry-after=30, and a 500 without Retry-After', async () => {
      const throttled = await list(sandbox, 'code=429, retry-after=30');
      expect([throttled.status, throttled.headers.get('retry-after'), throttled.body.code]).toEqual([429, '30', 'throttled']);
      const broken = await list(sandbox, 'code=500');
      expect([broken.status, broken.headers.get('retry-after'), broken.body.code]).toEqual([500, null, 'internal_error']);
    });

    test('401 and 403 forced get the published bodies', async () => {
      expect((await list(sandbox, 'code=401')).body).toEqual({ error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' });
      expect((await list(sandbox, 'code=403')).body).toEqual({ error: 'Unzureichende Berechtigungen', code: 'forbidden' });
    });

    test("other preferences (Prism's example=, RFC 7240's return=) are not the sandbox's and change nothing", async () => {
      const plain = await list(sandbox, 'return=minimal, example=ch-valais');
      expect([plain.status, plain.headers.get('preference-applied')]).toEqual([200, null]);
    });

    test.each([
      ['code=abc', 'Prefer: code must be a whole number (got "abc")'],
      ['code=200', 'Prefer: status must be an integer from 400 to 599 (got 200)'],
      ['delay=600000', 'Prefer: delay must be an integer number of milliseconds from 0 to 60000 (got 600000)'],
      ['retry-after=5', 'Prefer: retry-after needs code=<status>'],
    ])('Prefer: %s is a 400 naming the problem', async (prefer, error) => {
      expect((await list(sandbox, prefer)).body).toEqual({ error, code: 'prefer_invalid' });
    });

    test('a browser may send Prefer and read Retry-After', async () => {
      const origin = 'http://localhost:5173';
      const preflight = await fetch(`${sandbox.url}${LIST}`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization, prefer' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('prefer');
      const failed = await fetch(`${sandbox.url}${LIST}`, { headers: { ...BEARER, origin, prefer: 'code=503' } });
      expect(failed.headers.get('access-control-expose-headers')).toContain('Retry-After');
    });
  });

  test('faults and latency as options: one operation 503, another 300 ms late, every one at least the latency; Prefer wins', async () => {
    const sandbox = await start({ latency: 100, faults: { municipalitiesList: { status: 503 }, companiesSearch: { delay: 300 } } });
    try {
      const failed = await timed(() => list(sandbox));
      expect([failed.status, failed.body.code]).toEqual([503, 'service_unavailable']);
      expect(failed.ms).toBeGreaterThanOrEqual(100);
      const late = await timed(() => search(sandbox));
      expect([late.status, late.ms >= 300]).toEqual([200, true]);
      expect((await list(sandbox, 'code=429')).status).toBe(429);
    } finally {
      await sandbox.close();
    }
  });
});
