// A bounded share of the fuzzer (sandbox/fuzz.ts runs 10,000): randomly malformed
// requests of every kind never get a 5xx or hang, and the sandbox still serves afterwards.
// Strict mode is on, so a malformed request that led to a contract-breaking answer would show as 500.
import { PAST_WATCHDOG_MS } from '../test/support/clock';
import { KINDS, fuzzCases, runFuzz } from './test/fuzz-cases';
import type { RunningSandbox } from './node';
import { BEARER, READONLY_TOKEN, SESSION_ID, TOKEN, call, startNode } from './test/test-support';

const COUNT = 1500;
let sandbox: RunningSandbox;
const log: string[] = [];
beforeAll(async () => {
  sandbox = await startNode({ strict: true, log: (line) => log.push(line) });
});
afterAll(() => sandbox.close());

test(`${COUNT} malformed requests: no 5xx, no hang, the sandbox still answers`, async () => {
  const cases = fuzzCases(20260401, COUNT, { token: TOKEN, readonlyToken: READONLY_TOKEN, sessionId: SESSION_ID });
  // No per-case timeout: a loaded machine answers late, and a case that hangs is the watchdog's (test/support/clock.ts).
  const tally = await runFuzz(sandbox.port, cases, { concurrency: 16, timeoutMs: PAST_WATCHDOG_MS });
  expect(tally.total).toBe(COUNT);
  expect(tally.failures).toEqual([]);
  // Even CONNECT and raw garbage get an answer rather than a dropped connection.
  expect(tally.outcomes['no-response']).toBeUndefined();
  expect(log.filter((line) => /internal error|contract violation/.test(line))).toEqual([]);
  // Every kind produced answers, and refusals dominate: the fuzzer did reach the checks.
  expect(KINDS.length).toBeGreaterThanOrEqual(10);
  expect((tally.outcomes['400'] ?? 0) + (tally.outcomes['404'] ?? 0)).toBeGreaterThan(COUNT / 3);
  expect((await call(sandbox, '/api/v1/municipalities/', { headers: BEARER })).status).toBe(200);
});
