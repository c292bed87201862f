// Response times: the transport times every exchange; `--max-response-time <ms>` makes
// response_time_within a rule (FAIL past it, per operation, naming the slowest exchange); without
// it the times are reported, never judged. Against a deliberately slow deployment: the sandbox
// behind a 200 ms wrapper, gated at 100 ms (no answer is that fast) and past the watchdog (no
// answer is that slow, however busy the machine: test/support/clock.ts).
import type { FetchLike } from '../engine/transport';
import { parseOptions, type Options } from '../options';
import { renderConsole } from '../report/console';
import { failing, judge } from './support/judge';
import { sandboxFetch } from './support/sandbox';
import { PAST_WATCHDOG_MS } from '../../test/support/clock';

const slow = (): FetchLike => {
  const sandbox = sandboxFetch();
  return async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return sandbox(request);
  };
};
/** A small run: the unfiltered walks of the lists and the lifecycle's first cases. */
const RUN = { areas: ['lists' as const], budget: 40, seed: 5 };

test('against answers of 200 ms or more: a 100 ms gate fails per operation naming the slowest, a gate above every answer passes, no gate judges nothing', async () => {
  const [gated, passed, ungated] = await Promise.all([
    judge(slow(), { ...RUN, maxResponseMs: 100 }),
    judge(slow(), { ...RUN, maxResponseMs: PAST_WATCHDOG_MS }),
    judge(slow(), RUN),
  ]);
  const lines = (report: typeof gated) => report.lines.filter((line) => line.rule === 'response_time_within');
  expect(lines(gated).length).toBeGreaterThan(0);
  for (const line of lines(gated)) {
    expect(line.outcome).toBe('fail');
    expect(line.message).toMatch(/^the slowest of \d+ answers took (2\d\d|[3-9]\d\d|\d{4,}) ms, over --max-response-time 100 ms: .+ \(200\)$/);
    expect(line.evidence[0]!.curl).toMatch(/^curl /);
  }
  expect(failing(passed)).toEqual([]);
  expect(lines(passed).map((line) => line.outcome)).toEqual(lines(gated).map(() => 'pass'));
  expect(lines(ungated)).toEqual([]);
  // Reported either way, and the console says whether they were judged.
  for (const report of [gated, ungated]) for (const r of report.responseTimes) expect(r.p50).toBeGreaterThanOrEqual(195);
  expect(renderConsole(ungated, [])).toContain('Response times per operation (reported, not judged: --max-response-time <ms> makes them a rule):');
  // Its row: answers, p50 and p95 (200 ms or more: three digits at least), max.
  expect(renderConsole(gated, [])).toMatch(/municipalitiesList +\d+ +\d{3,} +\d{3,} +\d+/);
});

test('--max-response-time and its variable; a value that is no duration is a usage error', () => {
  const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => (parseOptions(argv, env, '/work') as Options).config.maxResponseMs;
  expect(parse([])).toBeUndefined();
  expect(parse(['--max-response-time', '750'])).toBe(750);
  expect(parse([], { CONFORMANCE_MAX_RESPONSE_MS: '2000' })).toBe(2000);
  expect(() => parse(['--max-response-time', 'fast'])).toThrow('--max-response-time must be an integer >= 1, got "fast"');
});
