// The seed is the same on every start: a restarted sandbox serves byte-identical pages, and
// both adapters serve the same bytes (the core is one).
import { buildSeed } from './core/seed';
import { ADAPTERS, BEARER, call, type Adapter } from './test/test-support';

async function firstPages(adapter: Adapter): Promise<string[]> {
  const sandbox = await adapter.start();
  try {
    const paths = ['/api/v1/municipalities/', '/api/v1/municipalities/?page=3', '/api/v1/municipalities/?country_code=CH&official_role=mayor'];
    const pages = await Promise.all(paths.map(async (path) => (await call(sandbox, path, { headers: BEARER })).text));
    const search = await call(sandbox, '/api/v1/companies/search/', { method: 'POST', headers: BEARER, body: {} });
    // Links carry the origin (the random port, the MSW origin); compare everything else.
    return [...pages, search.text].map((text) => text.replaceAll(sandbox.url, 'http://sandbox'));
  } finally {
    await sandbox.close();
  }
}

test('two starts serve the same bytes, through either adapter', async () => {
  const [node, msw] = [ADAPTERS.find((a) => a.name === 'node')!, ADAPTERS.find((a) => a.name === 'msw')!];
  const first = await firstPages(node);
  expect(first[0]!.length).toBeGreaterThan(10_000);
  expect(await firstPages(node)).toEqual(first);
  expect(await firstPages(msw)).toEqual(first);
});

test('the seed is a function of the seed number', () => {
  expect(JSON.stringify(buildSeed(7))).toBe(JSON.stringify(buildSeed(7)));
  expect(JSON.stringify(buildSeed(7))).not.toBe(JSON.stringify(buildSeed(8)));
});
