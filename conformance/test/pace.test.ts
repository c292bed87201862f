// Rate limits are honoured, never judged: the pacer learns the rate a deployment allows from what
// it grants (or takes the one it publishes, or --rate-limit) and sends just under it, waits as the
// deployment asks (Retry-After in seconds or as a date, RateLimit-* / X-RateLimit-* headers), and
// a request still refused when its patience is spent is "not checked", never an answer to judge.
// The pace is tested on a virtual clock against the three limiters gateways build: minutes of
// traffic in milliseconds, the same numbers every time.
import { createBodyStore } from '../engine/bodies';
import { createRedactor } from '../engine/redact';
import type { OperationId } from '../../generated';
import { createPacer, paced, retryWaitMs, windowWaitMs, type Sent, type Throttling, type ToldRates } from '../engine/pace';
import { publishedRate } from '../engine/rate-headers';
import { createTransport, limiter, NotChecked } from '../engine/transport';
import { parseOptions, type Options } from '../options';
import { renderConsole } from '../report/console';
import { renderHtml } from '../report/html';
import { renderMarkdown } from '../report/markdown';
import { throttlingLine } from '../report/timing';
import { failing, judge } from './support/judge';
import { createLimiter, LIMITER_KINDS, rateLimited, type RateLimitOptions } from './support/rate-limit';
import { virtualClock } from './support/virtual-clock';
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

test.each([
  ['draft 6/7: 5;w=1', { 'ratelimit-policy': '5;w=1' }, 5],
  ['draft 8: a named policy', { 'ratelimit-policy': '"burst";q=100;w=60' }, 100 / 60],
  ['X-RateLimit-Policy, the first of two', { 'x-ratelimit-policy': '10;w=1, 1000;w=3600' }, 10],
  ['none', { 'ratelimit-limit': '5' }, undefined],
])('a published policy gives the rate: %s', (_name, headers, rate) => {
  expect(publishedRate(headers)).toBe(rate);
});

interface Simulated {
  /** Requests the limit holds per second of the time they took, against the rate it allows. */
  ratio: number;
  refused: number;
  throttling: Throttling;
  /** When each operation's last request was answered, ms after the start. */
  doneMs: Partial<Record<string, number>>;
}

interface Simulation {
  requests?: number;
  concurrency?: number;
  latencyMs?: number;
  /** `--rate-limit`. */
  given?: number | ToldRates;
  /** Requests the deployment counted before the run (the preflight's, another client's): its first window is partly spent. */
  before?: number;
  /** The operations of the requests, in turn; none: the requests name none. */
  ops?: OperationId[];
}

/**
 * `requests` through the pacer against a limiter on a virtual clock, `concurrency` at a time as
 * the transport sends them, each answered `latencyMs` after it was counted; the limit holds the
 * operations it names (`limit.operations`), every request when it names none.
 */
async function simulate(limit: Omit<RateLimitOptions, 'now'>, { requests = 1000, concurrency = 8, latencyMs = 2, given, before = 0, ops = [] }: Simulation = {}): Promise<Simulated> {
  const clock = virtualClock();
  const deployment = createLimiter({ ...limit, now: clock.now });
  for (let i = 0; i < before; i += 1) deployment.take();
  const pacer = createPacer(given, clock);
  const slot = limiter(concurrency);
  const start = clock.now();
  const held = (op?: OperationId) => limit.operations === undefined || limit.operations.includes(op!);
  const doneMs: Simulated['doneMs'] = {};
  const send = async (op?: OperationId) => {
    const attempt = async () => {
      const { granted, headers } = held(op) ? deployment.take() : { granted: true, headers: {} };
      await clock.sleep(latencyMs);
      return { status: granted ? 200 : 429, headers };
    };
    const sent = await paced(pacer, 120_000, attempt, { op, slot });
    doneMs[op ?? '*'] = clock.now() - start;
    return sent;
  };
  const sent = Array.from({ length: requests }, (_, i) => ops[i % ops.length]);
  const answers = await clock.run(Promise.all(sent.map(send)));
  expect(answers.filter((a) => a.answer.status !== 200)).toEqual([]);
  const heldMs = Math.max(...sent.filter(held).map((op) => doneMs[op ?? '*']!));
  return { ratio: sent.filter(held).length / (heldMs / 1000) / limit.perSecond, refused: deployment.refused, throttling: pacer.throttling(), doneMs };
}

describe('the pace found at a deployment\'s limit, on a virtual clock', () => {
  const cases = LIMITER_KINDS.flatMap((kind) => [5, 20].flatMap((perSecond) => [false, true].map((headers) => [kind, perSecond, headers] as const)));
  test.each(cases)('%s at %i/s (RateLimit headers: %s): at least 0.9 of the rate, a few 429s, settled just under it', async (kind, perSecond, headers) => {
    const run = await simulate({ kind, perSecond, headers }, { requests: perSecond * 120 });
    expect(run.ratio).toBeGreaterThanOrEqual(0.9);
    expect(run.ratio).toBeLessThanOrEqual(1.05);
    // The first cycles, and a probe now and then: not one 429 a second.
    expect(run.refused).toBeLessThanOrEqual(30);
    // With RateLimit-Limit stated, the quota over the window the first cycles measured; without, the rate learned.
    expect(run.throttling).toMatchObject({ refused: run.refused, source: headers ? 'published' : 'learned' });
    expect(run.throttling.perSecond! / perSecond).toBeGreaterThan(0.85);
    expect(run.throttling.perSecond! / perSecond).toBeLessThan(1.1);
  });

  test('a published policy is the pace from the first answer: only the first burst meets the limit', async () => {
    const run = await simulate({ kind: 'sliding window', perSecond: 20, policy: true }, { requests: 2000 });
    expect(run.refused).toBe(0);
    expect(run.throttling).toMatchObject({ perSecond: 19.6, source: 'published', waitedMs: 0 });
    expect(run.ratio).toBeGreaterThanOrEqual(0.94);
  });

  test('--rate-limit under the limit: never refused, the pace just under the one given', async () => {
    const run = await simulate({ kind: 'fixed window', perSecond: 10 }, { requests: 300, given: 8 });
    expect(run).toMatchObject({ refused: 0, throttling: { perSecond: 8 * 0.98, source: 'given', waitedMs: 0 } });
    expect(run.ratio).toBeCloseTo(0.8, 1);
  });

  test('--rate-limit over the limit: the pace goes under the limit after the first refusals', async () => {
    const run = await simulate({ kind: 'fixed window', perSecond: 5, signal: 'http-date' }, { requests: 1000, given: 20 });
    expect(run.throttling.perSecond).toBeLessThanOrEqual(5);
    expect(run.ratio).toBeGreaterThanOrEqual(0.9);
    expect(run.refused).toBeLessThanOrEqual(30);
  });

  test('slower answers (100 ms, 8 in flight) still settle near the limit', async () => {
    const run = await simulate({ kind: 'token bucket', perSecond: 50 }, { requests: 3000, latencyMs: 100 });
    expect(run.ratio).toBeGreaterThanOrEqual(0.9);
  });

  test('a stated quota (RateLimit-Limit) over the window the first cycles show, slow answers notwithstanding', async () => {
    const run = await simulate({ kind: 'fixed window', perSecond: 50, headers: true }, { requests: 3000, latencyMs: 100 });
    expect(run.throttling).toMatchObject({ perSecond: 49, source: 'published' });
    expect(run.ratio).toBeGreaterThanOrEqual(0.9);
  });
});

describe('--rate-limit: the pace told, whatever an early 429 says', () => {
  const cases = LIMITER_KINDS.flatMap((kind) => [5, 20].map((perSecond) => [kind, perSecond] as const));
  test.each(cases)('%s at %i/s, told, its first window spent before the run began: at least 0.9 of the rate, the pace told kept', async (kind, perSecond) => {
    // The deployment counted a window's worth before the run (the preflight's requests, another
    // client's): a 429 within the first second, a burst of that window, not a lower rate.
    const run = await simulate({ kind, perSecond }, { requests: perSecond * 60, given: perSecond, before: perSecond });
    expect(run.refused).toBeGreaterThan(0);
    expect(run.ratio).toBeGreaterThanOrEqual(0.9);
    expect(run.throttling).toMatchObject({ perSecond: perSecond * 0.98, source: 'given' });
  });

  test.each(LIMITER_KINDS)('%s at 5/s told 20/s: never slower than the pace learned without it', async (kind) => {
    const told = await simulate({ kind, perSecond: 5 }, { requests: 600, given: 20 });
    const learned = await simulate({ kind, perSecond: 5 }, { requests: 600 });
    expect(told.ratio).toBeGreaterThanOrEqual(Math.min(0.9, learned.ratio - 0.02));
    expect(told.throttling.perSecond).toBeLessThanOrEqual(5);
  });
});

describe('a limit only some operations meet', () => {
  const SEARCH: OperationId = 'companiesSearch';
  const OTHERS: OperationId[] = ['municipalitiesList', 'watchdogsCreate', 'watchdogsActivate'];
  const ops = [SEARCH, ...OTHERS];
  const searchAlone = { perSecond: 2, window: 10, operations: [SEARCH] };

  test.each(LIMITER_KINDS)('%s on the search alone (20 per 10 s): the search paced at it, the others as fast as unlimited', async (kind) => {
    const unlimited = await simulate({ kind, perSecond: 1e6 }, { requests: 800, ops });
    const run = await simulate({ kind, ...searchAlone }, { requests: 800, ops });
    // 200 searches at 2/s take 100 s; the 600 other requests are answered as soon as without a limit.
    for (const op of OTHERS) expect(run.doneMs[op]).toBeLessThanOrEqual(unlimited.doneMs[op]! + 50);
    expect(run.ratio).toBeGreaterThanOrEqual(0.9);
    expect(run.throttling).toMatchObject({ source: 'learned', operations: [SEARCH] });
    expect(run.throttling.perSecond).toBeLessThanOrEqual(2.05);
    expect(run.refused).toBeLessThanOrEqual(30);
  });

  test('--rate-limit companiesSearch=2/s: the search paced from its first request, never refused; the others at full speed', async () => {
    const unlimited = await simulate({ perSecond: 1e6 }, { requests: 800, ops });
    const run = await simulate({ kind: 'sliding window', ...searchAlone }, { requests: 800, ops, given: { perOperation: { [SEARCH]: 2 } } });
    expect(run.refused).toBe(0);
    expect(run.throttling).toMatchObject({ perSecond: 1.96, source: 'given', operations: [SEARCH] });
    for (const op of OTHERS) expect(run.doneMs[op]).toBeLessThanOrEqual(unlimited.doneMs[op]! + 50);
    expect(run.ratio).toBeGreaterThanOrEqual(0.95);
  });

  test('--rate-limit companiesSearch=2/s --rate-limit 10/s: the search at its own pace, the rest at the plain one together', async () => {
    const run = await simulate({ kind: 'fixed window', perSecond: 2, window: 10, operations: [SEARCH] }, { requests: 400, ops, given: { perSecond: 10, perOperation: { [SEARCH]: 2 } } });
    expect(run.throttling.limits).toEqual([
      { operations: [SEARCH], perSecond: 1.96, source: 'given' },
      { perSecond: 9.8, source: 'given' },
    ]);
    // 300 other requests at 9.8/s: about 31 s.
    expect(Math.max(...OTHERS.map((op) => run.doneMs[op]!)) / 1000).toBeCloseTo(300 / 9.8, -1);
  });

  test.each(LIMITER_KINDS)('%s every operation meets (20/s): one pace for all, found as for one operation', async (kind) => {
    const run = await simulate({ kind, perSecond: 20 }, { requests: 20 * 120, ops });
    expect(run.ratio).toBeGreaterThanOrEqual(0.9);
    expect(run.throttling.operations).toBeUndefined();
    expect(run.throttling.limits).toBeUndefined();
    // Each operation meets the limit once before it is known to be one: a few more 429s than one operation's.
    expect(run.refused).toBeLessThanOrEqual(40);
  });

  test.each(LIMITER_KINDS)('%s every operation meets (20/s) and a stricter one on the search (20 per 10 s): no longer than the searches take at their rate, plus 20 %%', async (kind) => {
    // Met together in the first windows, the two are paced as one: the searches' time bounds the run either way.
    const clock = virtualClock();
    const all = createLimiter({ kind, perSecond: 20, now: clock.now });
    const search = createLimiter({ kind, ...searchAlone, now: clock.now });
    const pacer = createPacer(undefined, clock);
    const slot = limiter(8);
    const attempt = (op: OperationId) => async () => {
      const { granted, headers } = op === SEARCH ? search.take() : { granted: true, headers: {} };
      const answer = granted ? all.take() : { granted, headers };
      await clock.sleep(2);
      return { status: answer.granted ? 200 : 429, headers: answer.headers };
    };
    const sent = Array.from({ length: 1000 }, (_, i) => ops[i % ops.length]!);
    const start = clock.now();
    await clock.run(Promise.all(sent.map((op) => paced(pacer, 120_000, attempt(op), { op, slot }))));
    const searches = sent.filter((op) => op === SEARCH).length;
    expect((clock.now() - start) / 1000).toBeLessThanOrEqual((searches / 2) * 1.2);
  });

  test('answers that name one policy share its limit from the first answer', async () => {
    const shared: OperationId[] = [SEARCH, 'municipalitiesList'];
    const run = await simulate({ kind: 'fixed window', perSecond: 2, window: 10, operations: shared, policy: 'search' }, { requests: 400, ops });
    expect(run.refused).toBe(0);
    expect(run.throttling).toMatchObject({ perSecond: 1.96, source: 'published', operations: [...shared].sort() });
  });
});

describe('the pacer, told one thing at a time', () => {
  test('a 429 pauses every request for as long as it asks, counted once however many asked', async () => {
    const clock = virtualClock(0);
    const pacer = createPacer(undefined, clock);
    const first = await clock.run(pacer.turn());
    expect(pacer.refused(first, { 'retry-after': '2' }, 0)).toBe(2000);
    expect(pacer.refused(first, { 'retry-after': '2' }, 0)).toBe(2000);
    expect(pacer.throttling()).toMatchObject({ refused: 2, waitedMs: 2000, waitingMs: 2000 });
    expect((await clock.run(pacer.turn())).at).toBe(2000);
  });

  test('Retry-After: 0 does not pause, and a pace learned from refusals is forgotten (they are not about time)', async () => {
    const clock = virtualClock(0);
    const pacer = createPacer(undefined, clock);
    for (let cycle = 0; cycle < 2; cycle += 1) {
      const at = await clock.run(pacer.turn());
      pacer.answered(at, {});
      pacer.refused(await clock.run(pacer.turn()), { 'retry-after': '1' }, 0);
    }
    // A cycle is judged when its pause is over.
    await clock.run(clock.sleep(1000));
    expect(pacer.throttling().source).toBe('learned');
    expect(pacer.refused(await clock.run(pacer.turn()), { 'retry-after': '0' }, 0)).toBe(0);
    expect(pacer.throttling()).toMatchObject({ refused: 3, waitedMs: 2000 });
    expect(pacer.throttling().perSecond).toBeUndefined();
  });

  test('a window spent, told by an answer slower than a 429 of the same cycle, ends no second cycle', async () => {
    // Over HTTP a large answer arrives after a small refusal sent later: the 21st request's 429
    // ends the cycle, then the 20th's answer says the window is spent.
    const clock = virtualClock(0);
    const pacer = createPacer(undefined, clock);
    const window = (remaining: number) => ({ 'ratelimit-limit': '20', 'ratelimit-remaining': String(remaining), 'ratelimit-reset': '1' });
    for (let cycle = 0; cycle < 2; cycle += 1) {
      const starts: Sent[] = [];
      for (let i = 0; i < 20; i += 1) starts.push(await clock.run(pacer.turn()));
      starts.slice(0, 19).forEach((at, i) => pacer.answered(at, window(19 - i)));
      pacer.refused(await clock.run(pacer.turn()), { ...window(0), 'retry-after': '1' }, 0);
      pacer.answered(starts[19]!, window(0));
    }
    await clock.run(clock.sleep(1000));
    expect(pacer.throttling()).toMatchObject({ perSecond: 19.6, source: 'published', refused: 2, waitedMs: 2000 });
  });

  test('a learned pace seeks up after 5 calm seconds: the cycles count time the client lost too', async () => {
    // On a busy machine a burst goes out late: the deployment granted 20 a second, the cycles saw 13.
    const clock = virtualClock(0);
    const pacer = createPacer(undefined, clock);
    for (let cycle = 0; cycle < 2; cycle += 1) {
      for (let i = 0; i < 13; i += 1) pacer.answered(await clock.run(pacer.turn()), {});
      const refusedAt = await clock.run(pacer.turn());
      await clock.run(clock.sleep(100));
      pacer.refused(refusedAt, { 'retry-after': '1' }, 0);
    }
    await clock.run(clock.sleep(1000));
    // 13 granted, then a refusal answered in 100 ms: 13 a second, and the window before it no fuller.
    const learned = pacer.throttling().perSecond!;
    expect(learned).toBeCloseTo(13 * 0.98);
    const calm = clock.now() + 5_500;
    while (clock.now() < calm) pacer.answered(await clock.run(pacer.turn()), {});
    expect(pacer.throttling().perSecond).toBeCloseTo(learned * 1.1);
  });

  test('one refusal by chance does not set the pace: two cycles must agree', async () => {
    const clock = virtualClock(0);
    const pacer = createPacer(undefined, clock);
    for (let i = 0; i < 30; i += 1) pacer.answered(await clock.run(pacer.turn()), {});
    pacer.refused(await clock.run(pacer.turn()), { 'retry-after': '1' }, 0);
    expect(pacer.throttling().perSecond).toBeUndefined();
  });
});

test('patience counts from the first 429, not from the queue: a request refused late in a long queue is still waited out', async () => {
  // One request at a time, 50 ms each: the 30th waits about 1.5 s in the queue, longer than the patience.
  const clock = virtualClock();
  const pacer = createPacer(undefined, clock);
  const slot = limiter(1);
  let arrivals = 0;
  const refusesThe30th = async () => {
    arrivals += 1;
    const status = arrivals === 30 ? 429 : 200;
    await clock.sleep(50);
    const headers: Record<string, string> = status === 429 ? { 'retry-after': '1' } : {};
    return { status, headers };
  };
  const sent = await clock.run(Promise.all(Array.from({ length: 40 }, () => paced(pacer, 1200, refusesThe30th, { slot }))));
  expect(sent.map((x) => x.answer.status)).toEqual(Array(40).fill(200));
  expect(sent.filter((x) => x.retries === 1)).toHaveLength(1);
});

test.each(['retry-after', 'http-date', 'ratelimit-headers'] as const)('through the transport, every request through a 10/s limit (%s) is answered, none judged as a 429', async (signal) => {
  const limited = rateLimited(ok, { perSecond: 10, signal });
  const transport = createTransport(liveConfig(), createRedactor([]), limited);
  const statuses = await Promise.all(Array.from({ length: 12 }, () => transport.send(spec).then((x) => x.status)));
  expect(statuses).toEqual(Array(12).fill(200));
  expect(transport.throttling().refused).toBe(limited.refused());
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
  // The toll stated wherever the verdict is: the 429s, the time waited, the rate the run reached.
  const toll = new RegExp(`rate limited: 429 ×${report.throttling.refused} waited out, [\\d.]+ s waited, [\\d.]+ requests/s effective`);
  expect(report.throttling.refused).toBeGreaterThan(0);
  expect(console).toMatch(new RegExp(`^Verdict: .*· ${toll.source}`, 'm'));
  expect(renderMarkdown(report)).toMatch(new RegExp(`\\*\\*Rate limited by the deployment\\*\\*: ${toll.source.replace('rate limited: ', '')}`));
  expect(renderHtml(report, createBodyStore())).toMatch(new RegExp(`<p class="throttling">${toll.source}`));
});

test('the toll names the operations a pace holds when it is not every operation\'s, and each pace when there are several', () => {
  const toll = { refused: 12, waitedMs: 20_000, effectivePerSecond: 9.5 };
  expect(throttlingLine({ ...toll, perSecond: 1.96, source: 'learned', operations: ['companiesSearch'] })).toBe(
    'rate limited: 429 ×12 waited out, 20.0 s waited, 9.50 requests/s effective, paced at 1.96/s for companiesSearch (learned from what the deployment granted)',
  );
  const limits = [{ operations: ['companiesSearch'], perSecond: 1.96, source: 'given' as const }, { perSecond: 9.8, source: 'given' as const }];
  expect(throttlingLine({ ...toll, perSecond: 9.8, source: 'given', limits })).toMatch(/, paced at 1\.96\/s for companiesSearch \(given by --rate-limit\), 9\.80\/s for the other operations \(given by --rate-limit\)$/);
});

test('--rate-limit and --patience', () => {
  const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => (parseOptions(argv, env, '/work') as Options).config.rate;
  expect(parse([])).toEqual({ patienceMs: 120_000 });
  expect(parse(['--rate-limit', '5/s', '--patience', '30'])).toEqual({ perSecond: 5, patienceMs: 30_000 });
  expect(parse([], { CONFORMANCE_RATE_LIMIT: '300/min' })).toEqual({ perSecond: 5, patienceMs: 120_000 });
  expect(() => parse(['--rate-limit', 'fast'])).toThrow('--rate-limit must be a positive number of requests per second or minute, e.g. 5/s, 300/min, 20/10s, or one operation\'s: companiesSearch=20/10s; got "fast"');
});

test('--rate-limit for an operation alone: repeatable, the plain rate for the others; a window of seconds', () => {
  const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => (parseOptions(argv, env, '/work') as Options).config.rate;
  expect(parse(['--rate-limit', 'companiesSearch=20/10s', '--rate-limit', '10/s'])).toEqual({ perSecond: 10, perOperation: { companiesSearch: 2 }, patienceMs: 120_000 });
  expect(parse([], { CONFORMANCE_RATE_LIMIT: 'companiesSearch = 1/2s, municipalitiesList=120/min' })).toEqual({ perOperation: { companiesSearch: 0.5, municipalitiesList: 2 }, patienceMs: 120_000 });
  // The flags replace the variable's rates.
  expect(parse(['--rate-limit', '4/s'], { CONFORMANCE_RATE_LIMIT: 'companiesSearch=1/s' })).toEqual({ perSecond: 4, patienceMs: 120_000 });
  expect(() => parse(['--rate-limit', 'companySearch=2/s'])).toThrow(/^--rate-limit: no operation "companySearch"; operations: companiesSearch, municipalitiesList, /);
  expect(() => parse(['--rate-limit', '5/s', '--rate-limit', '6/s'])).toThrow('--rate-limit: the rate of every operation is given twice ("6/s"); give it once, and op=<rate> for an operation alone');
  expect(() => parse([], { CONFORMANCE_RATE_LIMIT: 'companiesSearch=2/s,companiesSearch=3/s' })).toThrow('CONFORMANCE_RATE_LIMIT: the rate of companiesSearch is given twice');
  expect(() => parse(['--rate-limit', '5/0s'])).toThrow(/got "5\/0s"/);
});
