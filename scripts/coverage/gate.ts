// The coverage gate's rule: every status the contract declares for an operation was exercised by
// the conformance run against the mock, or a person recorded why it cannot be; and every place of
// the contract declares what it means (a blind area — a filter without x-filter, a path parameter
// without x-resource, a status without x-condition — cannot be judged by any run: a finding, until
// it is declared or a person records why not). The reasons the suite writes into coverage.json
// itself do not count: they explain a gap, they do not excuse it.
import type { OperationId } from '../../generated';

/** One cell of conformance's coverage.json (`operations[operationId][status]`). */
export type CoverageCell = { exercised: true } | { exercised: false; reason: string };

export interface CoverageReport {
  mode: 'mock' | 'live';
  operations: Record<string, Record<string, CoverageCell>>;
}

/** Recorded reasons, keyed `"<operationId> <status>"` or `"<operationId> <blind place>"` (conformance/coverage-reasons.json). */
export type RecordedReasons = Record<string, string>;

export interface GateVerdict {
  /** Declared statuses never exercised and without a recorded reason: each fails the gate. */
  unexercised: string[];
  /** Declared statuses the report does not mention at all (a stale or partial report). */
  missing: string[];
  /** Blind areas of the contract without a recorded reason: `<operationId> <place>: <what it lacks>`; each fails the gate. */
  blind: string[];
  /** Gaps excused by a recorded reason: reported, not failed. */
  excused: Array<{ cell: string; reason: string }>;
  /** Recorded reasons for cells that were exercised after all, or that the contract no longer has. */
  staleReasons: string[];
  exercised: number;
  declared: number;
}

export const cellKey = (operationId: string, status: number | string) => `${operationId} ${status}`;

/** A blind area's place (`query parameter min_population`), the part of its line before the colon. */
const placeOf = (blind: string) => blind.split(':')[0]!;

export function judgeCoverage(
  declared: Record<OperationId, number[]>,
  report: CoverageReport,
  reasons: RecordedReasons,
  blindAreas: Partial<Record<OperationId, readonly string[]>> = {},
): GateVerdict {
  const verdict: GateVerdict = { unexercised: [], missing: [], blind: [], excused: [], staleReasons: [], exercised: 0, declared: 0 };
  const blindCells = new Set<string>();
  for (const [operationId, areas] of Object.entries(blindAreas)) {
    for (const area of areas ?? []) {
      const key = cellKey(operationId, placeOf(area));
      blindCells.add(key);
      if (reasons[key]) verdict.excused.push({ cell: key, reason: reasons[key] });
      else verdict.blind.push(`${operationId} ${area}`);
    }
  }
  const declaredCells = new Set<string>();
  for (const [operationId, statuses] of Object.entries(declared)) {
    for (const status of statuses) {
      const key = cellKey(operationId, status);
      declaredCells.add(key);
      verdict.declared += 1;
      const cell = report.operations[operationId]?.[String(status)];
      if (cell?.exercised) verdict.exercised += 1;
      else if (reasons[key]) verdict.excused.push({ cell: key, reason: reasons[key] });
      else if (cell) verdict.unexercised.push(`${key}: never exercised (${cell.reason})`);
      else verdict.missing.push(`${key}: not in the coverage report`);
    }
  }
  for (const key of Object.keys(reasons)) {
    const [operationId, status] = key.split(' ');
    if (!/^\d+$/.test(status ?? '')) {
      if (!blindCells.has(key)) verdict.staleReasons.push(`${key}: the contract declares its meaning now (or has no such place); drop the reason`);
      continue;
    }
    if (!declaredCells.has(key)) verdict.staleReasons.push(`${key}: the contract declares no such status`);
    else if (report.operations[operationId!]?.[status!]?.exercised) verdict.staleReasons.push(`${key}: exercised after all; drop the reason`);
  }
  return verdict;
}

export const gatePasses = (verdict: GateVerdict) => verdict.unexercised.length === 0 && verdict.missing.length === 0 && verdict.blind.length === 0;
