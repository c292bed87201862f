// The sandbox is a correct deployment: 20 runs with 20 seeds raise no false alarm, every rule
// that can run live runs, and what the contract leaves open (rate limiting, unknown effects,
// other refusal statuses, made-up events and tags) never fails a run.
// @slow 35 s alone: 30 runs of the whole suite in-process.
import { RULES } from '../rules/index';
import { OPEN, rateLimitedCount } from './support/fault-table';
import { faultTests } from './support/fault-suite';
import { failing, judge } from './support/judge';
import { sandboxFetch } from './support/sandbox';

const SEEDS = Array.from({ length: 20 }, (_, i) => 1000 + i * 7919);

describe('against the sandbox, a correct deployment', () => {
  test.each(SEEDS)('seed %i: nothing fails', async (seed) => {
    const report = await judge(sandboxFetch(), { seed });
    expect(failing(report)).toEqual([]);
    expect(report.requests.sent).toBeGreaterThanOrEqual(1500);
  });

  test('every rule that can run live ran, with every credential and writes on', async () => {
    const report = await judge(sandboxFetch(), { seed: 3 });
    const mockOnly = new Set(RULES.filter((rule) => rule.mockOnly).map((rule) => rule.name));
    const skipped = report.lines.filter((line) => line.outcome === 'skip' && !mockOnly.has(line.rule));
    expect(skipped.map((line) => `${line.rule} ${line.operationId}: ${line.message}`)).toEqual([]);
  });
});

faultTests('what the contract leaves open never fails a run', OPEN);

test('the rate-limited deployment really answered 429s, and they were waited out', () => {
  expect(rateLimitedCount()).toBeGreaterThanOrEqual(25);
});
