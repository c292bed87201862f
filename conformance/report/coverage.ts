// The operations × declared statuses matrix the CI coverage gate reads (reports/coverage.json).
import { operations, type OperationId } from '../../generated';
import { declaredStatuses } from '../../protocol/operations';
import { FACTS, WRITES } from '../contract/facts';
import type { Mode, RunConfig } from '../engine/types';

export type CoverageCell = { exercised: true } | { exercised: false; reason: string };

export interface Coverage {
  mode: Mode;
  operations: Record<string, Record<string, CoverageCell>>;
}

const modellingChoice = (op: OperationId, status: number) =>
  (operations[op].responses as Record<string, { modellingChoice: boolean }>)[String(status)]?.modellingChoice ?? false;

/** Why a declared status was not seen, from what the run was allowed to do. */
function reason(op: OperationId, status: number, config: RunConfig): string {
  const selected = (area: string) => config.areas.includes(area as never);
  if (config.mode === 'mock') {
    return selected('responses')
      ? 'no response with this status was observed (Prefer: code should have produced it)'
      : 'area responses (which exercises every declared status through Prefer: code) was not selected (--only)';
  }
  if (status === FACTS[op].success.status && WRITES.includes(op) && !config.writes) {
    return 'a successful watchdog write needs CONFORMANCE_WRITES=1 (read-only run)';
  }
  if (status === 401 && !selected('auth')) return 'area auth (requests without or with invalid credentials) was not selected (--only)';
  if (status === 403 && !config.limitedToken) return 'CONFORMANCE_LIMITED_TOKEN not set: the limited-key scenarios did not run';
  if (status === 403 && !WRITES.includes(op)) return 'the limited key may read; a 403 here needs a key without read permission, which the suite is not given';
  const choice = modellingChoice(op, status) ? ` (the ${status} response is a modelling choice: the deployment may use another status)` : '';
  return `no response with this status was observed in live mode${choice}`;
}

export function buildCoverage(config: RunConfig, observed: Record<string, number[]>): Coverage {
  const matrix: Coverage['operations'] = {};
  for (const op of Object.keys(operations) as OperationId[]) {
    matrix[op] = {};
    for (const status of declaredStatuses(op)) {
      matrix[op][String(status)] = observed[op]?.includes(status) ? { exercised: true } : { exercised: false, reason: reason(op, status, config) };
    }
  }
  return { mode: config.mode, operations: matrix };
}
