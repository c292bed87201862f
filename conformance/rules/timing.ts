// The response-time gate (Schemathesis's max_response_time): with `--max-response-time <ms>`,
// every operation's slowest answer must come within it. The contract publishes no time, so
// without the flag times are reported (p50/p95/max per operation) and never judged.
import { OPERATION_IDS } from '../contract/facts';
import type { Exchange } from '../engine/request';
import { fail, pass } from '../engine/types';
import { defineRule } from './define';

/** An operation's answers as the gate sees them: how many, and the slowest (its time in `ms`). */
export interface SlowestAnswer {
  limitMs: number;
  count: number;
  slowest: Exchange;
}

export const responseTimeWithin = defineRule<SlowestAnswer>({
  name: 'response_time_within',
  answerOnly: true,
  area: 'responses',
  summary: 'every answer comes within --max-response-time (per operation, naming the slowest)',
  operations: OPERATION_IDS,
  mock: true,
  optIn: { flag: '--max-response-time <ms>', on: (config) => config.maxResponseMs !== undefined },
  check({ limitMs, count, slowest }) {
    const ms = Math.round(slowest.ms ?? 0);
    if (ms <= limitMs) return pass(`${count} answers, the slowest in ${ms} ms`);
    return fail(`the slowest of ${count} answers took ${ms} ms, over --max-response-time ${limitMs} ms: ${slowest.spec.purpose} (${slowest.status})`, { received: `${ms} ms`, expected: `at most ${limitMs} ms` });
  },
});
