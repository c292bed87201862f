// Collects findings and the statuses observed per operation (for the coverage matrix).
import type { OperationId } from '../../generated';
import type { Redactor } from './redact';
import { ruleSpec } from './rules';
import type { Finding, OperationRef, Verdict } from './types';

/** What one run (or one jest scenario file) hands to the report. */
export interface RecordedResults {
  findings: Finding[];
  /** operationId -> statuses of responses that were checked. */
  observed: Record<string, number[]>;
  /** Live, read-only runs: the write scenarios that did not run. */
  skippedWrites: string[];
}

export class Recorder {
  readonly findings: Finding[] = [];
  private readonly observed = new Map<OperationId, Set<number>>();
  private readonly skippedWrites = new Set<string>();

  constructor(private readonly redact: Redactor) {}

  record(rule: string, operationId: OperationRef, verdict: Verdict, evidence?: { curl?: string; status?: number }): void {
    const spec = ruleSpec(rule);
    // A rule on something the contract leaves open can warn, never fail.
    const outcome = spec.warnOnly && verdict.outcome === 'fail' ? 'warn' : verdict.outcome;
    const finding: Finding = { rule, operationId, outcome, message: this.redact(verdict.message) };
    if (outcome !== 'pass' && outcome !== 'skip' && evidence?.curl) finding.curl = this.redact(evidence.curl);
    if (evidence?.status !== undefined) finding.status = evidence.status;
    this.findings.push(finding);
  }

  observe(operationId: OperationId, status: number): void {
    const statuses = this.observed.get(operationId) ?? new Set<number>();
    statuses.add(status);
    this.observed.set(operationId, statuses);
  }

  skippedWrite(description: string): void {
    this.skippedWrites.add(description);
  }

  results(): RecordedResults {
    return {
      findings: this.findings,
      observed: Object.fromEntries([...this.observed].map(([id, statuses]) => [id, [...statuses].sort((a, b) => a - b)])),
      skippedWrites: [...this.skippedWrites],
    };
  }
}

/** Several recorders' results (one per scenario file) as one. */
export function mergeResults(parts: RecordedResults[]): RecordedResults {
  const observed: Record<string, Set<number>> = {};
  for (const part of parts) {
    for (const [id, statuses] of Object.entries(part.observed)) {
      observed[id] ??= new Set();
      for (const status of statuses) observed[id]!.add(status);
    }
  }
  return {
    findings: parts.flatMap((part) => part.findings),
    observed: Object.fromEntries(Object.entries(observed).map(([id, set]) => [id, [...set].sort((a, b) => a - b)])),
    skippedWrites: [...new Set(parts.flatMap((part) => part.skippedWrites))],
  };
}
