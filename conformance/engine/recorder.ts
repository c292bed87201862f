// Collects what a run found: the findings, the statuses observed per operation (for coverage),
// the reproducible cases of the failures, and the figures the benchmark reads.
import type { OperationId } from '../../generated';
import { createBodyStore } from './bodies';
import { identityOf, withoutRunValues } from './fingerprint';
import type { Throttling } from './pace';
import type { Exchange } from './request';
import type { CaseOrigin, FailureCase, ReplayCase } from './replay-case';
import type { Finding } from './types';

export interface RunResults {
  /** Every finding but passes, which are only counted. */
  findings: Finding[];
  /** `"<rule> <operationId>"` → how many checks passed. */
  passes: Record<string, number>;
  /** operationId -> statuses of responses that were checked. */
  observed: Record<string, number[]>;
  failures: FailureCase[];
  /** Live, read-only runs: the write cases that did not run. */
  skippedWrites: string[];
  /** Requests still rate limited when their patience was spent: judged by no rule. */
  notChecked: NotCheckedRequest[];
  /** Requests sent (429 retries not counted). */
  requests: number;
  /** How the deployment held the run back: 429s waited out, time waited, the pace settled on. */
  throttling: Throttling;
  /** Per operation, how long each answer took (ms, in the order they came) and the slowest exchange. */
  times: Record<string, OperationTimes>;
  /** Bodies too long to show inline that the curl lines refer to: `bodies/<hash>.<ext>` → text. */
  bodies: Record<string, string>;
  /** What the requests covered of the contract's inputs (runner/input-coverage.ts fills them). */
  inputs: { parameterValues: CellCounts; fieldBounds: CellCounts; credentials: CellCounts };
  /** Microseconds of CPU the checks of each exchange took (validation and rules), for the benchmark. */
  checkMicros: number[];
}

/** Counts on a map: row → column → how many (report.html's coverage maps). */
export type CellCounts = Record<string, Record<string, number>>;

export interface OperationTimes {
  ms: number[];
  slowest: Exchange;
}

/** Traffic the suite did not send was never held back by it. */
export const UNTHROTTLED: Throttling = { refused: 0, waitedMs: 0, waitingMs: 0 };

export interface NotCheckedRequest {
  operationId: OperationId;
  /** What the request was for, and how long it was refused. */
  reason: string;
}

/** Per rule × operation, at most this many distinct failing cases are kept for replay. */
const CASES_PER_LINE = 3;

interface KeptCase {
  /** The case as JSON: two findings of one case share it. */
  json: string;
  /** What orders the cases of a line: their message and case without what changes from run to run. */
  order: string;
  failure: FailureCase;
  findings: Finding[];
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export class Recorder {
  readonly findings: Finding[] = [];
  readonly checkMicros: number[] = [];
  /** Told of every request and failure as it happens (the CLI's progress display). */
  listener?: { request(): void; failure(): void };
  private sent = 0;
  private readonly observed = new Map<OperationId, Set<number>>();
  private readonly skippedWrites = new Set<string>();
  private readonly notChecked: NotCheckedRequest[] = [];
  /** Per rule × operation, the failing cases kept for failures.json (at most CASES_PER_LINE, first by content). */
  private readonly cases = new Map<string, KeptCase[]>();
  private readonly passes = new Map<string, number>();
  private readonly times = new Map<string, OperationTimes>();
  readonly inputs: RunResults['inputs'] = { parameterValues: {}, fieldBounds: {}, credentials: {} };
  /** Where the curl lines keep bodies too long to show inline. */
  readonly bodies = createBodyStore();
  /** Where the pace's figures come from: the run's transport. */
  throttling: () => Throttling = () => UNTHROTTLED;

  /** Requests sent; the run counts up, and each one is passed on to the listener. */
  get requests(): number {
    return this.sent;
  }

  set requests(value: number) {
    for (let n = this.sent; n < value; n += 1) this.listener?.request();
    this.sent = value;
  }

  /**
   * Adds a finding (a pass is only counted). A failing one is stamped with its identity; its case
   * is a candidate for failures.json, where each line keeps the first few cases in an order of
   * their content (never of their arrival: phases run side by side), numbered when the results
   * are taken.
   */
  add(finding: Finding, replay?: ReplayCase, origin?: CaseOrigin): void {
    if (finding.outcome === 'pass') {
      const key = `${finding.rule} ${finding.operationId}`;
      this.passes.set(key, (this.passes.get(key) ?? 0) + 1);
      return;
    }
    if (finding.outcome === 'fail') {
      this.listener?.failure();
      Object.assign(finding, identityOf(finding.rule, finding.operationId, finding.message, replay), origin && { generated: origin.phase });
    }
    if (finding.outcome === 'fail' && replay) {
      const line = `${finding.rule} ${finding.operationId}`;
      const json = JSON.stringify(replay);
      const kept = this.cases.get(line) ?? [];
      let held = kept.find((c) => c.json === json);
      if (!held) {
        const { received, expected } = finding;
        const failure: FailureCase = { rule: finding.rule, operationId: finding.operationId, message: finding.message, replay };
        if (received !== undefined) failure.received = received;
        if (expected !== undefined) failure.expected = expected;
        if (origin) failure.origin = origin;
        held = { json, order: `${withoutRunValues(finding.message)}\u0000${withoutRunValues(json)}`, failure, findings: [] };
        kept.push(held);
        kept.sort((a, b) => compare(a.order, b.order));
        // Only the first few by content can be kept; the rest are dropped as they come.
        const dropped = kept.splice(CASES_PER_LINE);
        this.cases.set(line, kept);
        if (dropped.includes(held)) held = undefined;
      }
      held?.findings.push(finding);
    }
    this.findings.push(finding);
  }

  observe(operationId: OperationId, status: number): void {
    const statuses = this.observed.get(operationId) ?? new Set<number>();
    statuses.add(status);
    this.observed.set(operationId, statuses);
  }

  /** An answer's time, for the operation's figures and its slowest exchange. */
  timed(x: Exchange): void {
    if (x.ms === undefined) return;
    const times = this.times.get(x.spec.operationId);
    if (!times) this.times.set(x.spec.operationId, { ms: [x.ms], slowest: x });
    else {
      times.ms.push(x.ms);
      if (x.ms > times.slowest.ms!) times.slowest = x;
    }
  }

  /** A request the deployment kept refusing with 429: no answer to judge. */
  notCheck(operationId: OperationId, reason: string): void {
    this.notChecked.push({ operationId, reason });
  }

  skippedWrite(description: string): void {
    this.skippedWrites.add(description);
  }

  /** The kept cases in the order of their lines, then of their content; each finding numbered with its case. */
  get failures(): FailureCase[] {
    const lines = [...this.cases.keys()].sort(compare);
    const failures: FailureCase[] = [];
    for (const line of lines) {
      for (const kept of this.cases.get(line)!) {
        const index = failures.push(kept.failure) - 1;
        for (const finding of kept.findings) finding.failure = index;
      }
    }
    return failures;
  }

  /** Everything in an order of content, not of arrival, so one seed against one target state gives one report. */
  results(): RunResults {
    const byName = <T>(map: Map<string, T>) => Object.fromEntries([...map].sort(([a], [b]) => compare(a, b)));
    return {
      findings: this.findings,
      passes: byName(this.passes),
      observed: Object.fromEntries([...this.observed].sort(([a], [b]) => compare(a, b)).map(([id, statuses]) => [id, [...statuses].sort((a, b) => a - b)])),
      failures: this.failures,
      skippedWrites: [...this.skippedWrites].sort(compare),
      notChecked: [...this.notChecked].sort((a, b) => compare(`${a.operationId} ${a.reason}`, `${b.operationId} ${b.reason}`)),
      requests: this.requests,
      throttling: this.throttling(),
      times: byName(this.times),
      bodies: Object.fromEntries(this.bodies.files),
      inputs: this.inputs,
      checkMicros: this.checkMicros,
    };
  }
}
