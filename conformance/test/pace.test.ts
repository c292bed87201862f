// Rate limits are honoured, never judged: the transport waits as the deployment asks (Retry-After
// in seconds or as a date, RateLimit-* / X-RateLimit-* headers), starts at --rate-limit, and a
// request still refused when its patience is spent is "not checked", never an answer to judge.
import { createRedactor } from '../engine/redact';
import { retryWaitMs, windowWaitMs } from '../engine/pace';
import { createTransport, NotChecked } from '../engine/transport';
import { parseOptions, type Options } from '../options';
import { renderConsole } from '../report/console';
import { renderMarkdown } from '../report/markdown';
import { failing, judge } from './support/judge';
import { rateLimited } from './support/rate-limit';
import { liveConfig, sandboxFetch } from './support/sandbox';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

test.each([
  ['Retry-After in seconds', { 'retry-after': '3' }, 0, 3000],
  ['Retry-After as an HTTP date', { 'retry-after': new Date(NOW + 2000).toUTCString() }, 0, 2000],
  ['RateLimit-Reset (seconds from now)', { 'ratelimit-remaining': '0', 'ratelimit-reset': '4' }, 0, 4000],
  ['X-RateLimit-Reset (epoch seconds)', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 5) }, 0, 5000],
  ['the structured RateLimit field', { ratelimit: 'limit=5, remaining=0, reset=2' }, 0, 2000],
  ['nothing said: a backoff that doubles', {}, 2, 4000],
])('a 429 with %s is waited out as it asks', (_name, headers, retries, ms) => {
  expect(retryWaitMs(headers, retries, NOW)).toBe(ms);
});

test('a window with room left does not pause; a spent one pauses until its reset', () => {
  expect(windowWaitMs({ 'ratelimit-remaining': '3', 'ratelimit-reset': '1' }, NOW)).toBe(0);
  expect(windowWaitMs({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1' }, NOW)).toBe(1000);
});

const ok: typeof fetch = async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
const spec = { operationId: 'municipalitiesList' as const, purpose: 'a list' };

test.each(['retry-after', 'http-date', 'ratelimit-headers'] as const)('every request through a 10/s limit (%s) is answered, none judged as a 429', async (signal) => {
  const limited = rateLimited(ok, { perSecond: 10, signal });
  const transport = createTransport(liveConfig(), createRedactor([]), limited);
  const statuses = await Promise.all(Array.from({ length: 25 }, () => transport.send(spec).then((x) => x.status)));
  expect(statuses).toEqual(Array(25).fill(200));
});

test('patience counts from the first 429, not from the queue: a request refused late in a long queue is still waited out', async () => {
  // One request at a time, 50 ms each: the 30th waits about 1.5 s in the queue, longer than the patience.
  let arrivals = 0;
  const refusesThe30th: typeof fetch = async () => {
    arrivals += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return arrivals === 30 ? new Response('{}', { status: 429, headers: { 'retry-after': '1' } }) : ok(new Request('http://x/'));
  };
  const transport = createTransport(liveConfig(undefined, { concurrency: 1, rate: { patienceMs: 1200 } }), createRedactor([]), refusesThe30th);
  const exchanges = await Promise.all(Array.from({ length: 40 }, () => transport.send(spec)));
  expect(exchanges.map((x) => x.status)).toEqual(Array(40).fill(200));
  expect(exchanges.filter((x) => x.retries === 1)).toHaveLength(1);
});

test('--rate-limit paces from the first request: a 10/s limit is never hit', async () => {
  const limited = rateLimited(ok, { perSecond: 10 });
  const transport = createTransport(liveConfig(undefined, { rate: { perSecond: 6, patienceMs: 30_000 } }), createRedactor([]), limited);
  await Promise.all(Array.from({ length: 12 }, () => transport.send(spec)));
  expect(limited.refused()).toBe(0);
});

test('a request still refused when its patience is spent is not checked', async () => {
  const always429: typeof fetch = async () => new Response('{}', { status: 429, headers: { 'retry-after': '1' } });
  const transport = createTransport(liveConfig(undefined, { rate: { patienceMs: 0 } }), createRedactor([]), always429);
  await expect(transport.send(spec)).rejects.toThrow(NotChecked);
  await expect(transport.send(spec)).rejects.toThrow(/still rate limited \(429\) after 0 retries within the patience of 0 s \(--patience\)/);
});

test('a run whose list requests are always refused with 429 judges nothing it did not get, and names what it did not check', async () => {
  const sandbox = sandboxFetch();
  const listsRefused = async (request: Request) => (new URL(request.url).pathname.includes('/municipalities') ? new Response('{}', { status: 429, headers: { 'retry-after': '1' } }) : sandbox(request));
  const report = await judge(listsRefused, { areas: ['lists', 'filters'], rate: { patienceMs: 0 } });
  expect(failing(report)).toEqual([]);
  expect(report.notChecked.length).toBeGreaterThan(0);
  expect(new Set(report.notChecked.map((n) => n.operationId))).toEqual(new Set(['municipalitiesList']));
  const console = renderConsole(report, []);
  expect(console).toContain(`Not checked (${report.notChecked.length} requests still rate limited when their patience was spent; judged by no rule):`);
  expect(console).toMatch(/- municipalitiesList: \d+ not checked, e\.g\. .*still rate limited \(429\)/);
  expect(renderMarkdown(report)).toContain(`### Not checked: ${report.notChecked.length} requests still rate limited`);
});

test('--rate-limit and --patience', () => {
  const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => (parseOptions(argv, env, '/work') as Options).config.rate;
  expect(parse([])).toEqual({ patienceMs: 120_000 });
  expect(parse(['--rate-limit', '5/s', '--patience', '30'])).toEqual({ perSecond: 5, patienceMs: 30_000 });
  expect(parse([], { CONFORMANCE_RATE_LIMIT: '300/min' })).toEqual({ perSecond: 5, patienceMs: 120_000 });
  expect(() => parse(['--rate-limit', 'fast'])).toThrow('--rate-limit must be a positive number of requests per second or minute, e.g. 5/s or 300/min, got "fast"');
});
