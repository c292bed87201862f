// After the run, its answers' times judged per operation by the response-time gate, when the
// user set one (--max-response-time): the slowest exchange of each operation is the evidence.
import type { OperationId } from '../../generated';
import { responseTimeWithin } from '../rules/timing';
import type { Run } from './run';

export function judgeResponseTimes(run: Run): void {
  const limitMs = run.config.maxResponseMs;
  if (limitMs === undefined) return;
  for (const [operationId, { ms, slowest }] of Object.entries(run.recorder.results().times)) {
    run.judge(responseTimeWithin, { limitMs, count: ms.length, slowest }, operationId as OperationId, { exchange: slowest });
  }
}
