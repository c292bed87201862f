// Answers as proxies and frameworks compress and stream them — chunked (no Content-Length) and
// gzip-compressed (Content-Encoding: gzip) — read by the suite's transport as fetch decodes them,
// over a real HTTP hop on loopback (support/over-http.ts; the matrix runs whole suites over it).
import { createRedactor } from '../engine/redact';
import { createTransport } from '../engine/transport';
import { overHttp } from './support/over-http';
import { liveConfig, sandboxFetch } from './support/sandbox';

test.each([
  ['chunked', { gzip: false }],
  ['chunked and gzip-compressed', { gzip: true }],
])('a list answered %s is read whole, its JSON parsed and its links on the public origin', async (_name, encoding) => {
  const transport = createTransport(liveConfig(), createRedactor([]), overHttp(sandboxFetch(), encoding));
  const x = await transport.send({ operationId: 'municipalitiesList', purpose: 'the list', query: [['country_code', 'AT']] });
  expect(x.status).toBe(200);
  expect(x.headers['content-length']).toBeUndefined();
  expect(x.headers['content-encoding']).toBe(encoding.gzip ? 'gzip' : undefined);
  const page = x.json as { count: number; next: string; results: unknown[] };
  expect(page.results).toHaveLength(20);
  expect(page.count).toBeGreaterThan(20);
  expect(page.next).toMatch(/^http:\/\/sandbox\.test\/api\/v1\/municipalities\/\?country_code=AT&page=2$/);
});
