// From findings to the report: one line per rule × operation (catalog order), totals by area,
// the verdict, coverage, the reproducible failures and which rules ran in which mode.
import { WRITES } from '../contract/facts';
import type { NotCheckedRequest, RunResults } from '../engine/recorder';
import type { FailureCase } from '../engine/replay-case';
import { AREAS, type AreaName, type Finding, type Outcome, type RunConfig } from '../engine/types';
import { runsIn, type Rule } from '../rules/define';
import { RULES } from '../rules/index';
import { phaseCompleted } from '../rules/run';
import { buildCoverage, type Coverage } from './coverage';
import { responseTimes, runThrottling, type ResponseTimes, type RunThrottling } from './timing';
import type { OperationId } from '../../generated';
import type { Incomplete } from '../engine/stop';

export interface Line {
  rule: string;
  area: AreaName;
  operationId: string;
  outcome: Outcome;
  message: string;
  counts: Record<Outcome, number>;
  /** Failing (or, without failures, warning) findings, with their curl. */
  evidence: Finding[];
  /** A failure the baseline lists: reported as a warning, shown as KNOWN. */
  known?: boolean;
}

/** A failure a baseline lists: what failed (engine/fingerprint.ts), and what the team says of it. */
export interface KnownFailure {
  rule: string;
  operationId: string;
  fingerprint: string;
  /** The failure's message with its values taken out: what the entry stands for. */
  fact: string;
  /** For the people reading the file: the failure as the run that wrote it saw it. */
  message: string;
  /** Why it is accepted for now (a ticket). */
  reason?: string;
  owner?: string;
  /** `YYYY-MM-DD`: after this day the entry no longer makes its failure known (it fails again, saying so). */
  expires?: string;
}

/** What a baseline did to a report: the lines it made known, and what it did not hold. */
export interface BaselineOutcome {
  /** The baseline file, as given. */
  file: string;
  /** Failing lines every failure of which the baseline lists (shown as KNOWN, not failing). */
  known: Array<Pick<Line, 'rule' | 'operationId' | 'message'>>;
  /** Failures the baseline does not list (they fail the run). */
  new: Array<Pick<KnownFailure, 'rule' | 'operationId' | 'fact' | 'message'>>;
  /** Entries whose line was checked and no longer fails with their fact. */
  fixed: KnownFailure[];
  /** Entries past their expiry date whose failure was seen again: it fails the run. */
  expired: KnownFailure[];
}

export interface Report {
  mode: RunConfig['mode'];
  baseUrl: string;
  runId: string;
  seed: number;
  areas: AreaName[];
  writes: boolean;
  /** The config file the run read (RunConfig.configFile). */
  configFile?: string;
  lines: Line[];
  totals: Record<AreaName | 'total', Record<Outcome, number>>;
  /** FAIL when a rule failed (in what was judged, however far the run got); else INCOMPLETE when the run was cut short; else PASS. */
  verdict: Verdict;
  /** The run did not do the work it planned (a signal, --deadline, a phase cut short): what it judged and what not. */
  incomplete?: Incomplete;
  coverage: Coverage;
  failures: FailureCase[];
  skippedWrites: string[];
  /** Requests still rate limited when their patience was spent: judged by no rule, not a verdict. */
  notChecked: NotCheckedRequest[];
  /** Requests sent, and the budget they were sent under. */
  requests: { sent: number; budget: number };
  /** How the deployment held the run back (429s, time waited), the rate the run reached and its pace. */
  throttling: RunThrottling;
  /** p50/p95/max of the answers per operation (reported, judged only with --max-response-time). */
  responseTimes: ResponseTimes[];
  /** Bodies too long to show inline, referenced as `bodies/<hash>.<ext>` (written beside the reports). */
  bodies: Record<string, string>;
  /** What the requests covered of the contract's inputs: parameter × value class, body field × bound side, operation × credential form. */
  inputs: RunResults['inputs'];
  /** The suite's own work per exchange (validation and every exchange rule), in microseconds. */
  checks: { exchanges: number; medianMicros: number };
  rulesByMode: Array<{ rule: string; area: AreaName; summary: string; mock: string; live: string }>;
  durationMs: number;
  /** With --baseline: what it made known, and which of its entries are fixed. */
  baseline?: BaselineOutcome;
  /** Traffic the suite judged without sending it: where it came from (no seed, no areas, no writes). */
  traffic?: string;
  /** The target the CLI started for the run (its URL lived as long as the run): a replay starts a fresh one. */
  started?: 'mock' | 'sandbox';
}

export type Verdict = 'pass' | 'fail' | 'incomplete';

/** A failure found is a failure however the run ended; a run cut short is never a PASS. */
export const verdictOf = (totals: Pick<Report['totals'], 'total'>, incomplete: Incomplete | undefined): Verdict =>
  totals.total.fail > 0 ? 'fail' : incomplete ? 'incomplete' : 'pass';

const zero = (): Record<Outcome, number> => ({ pass: 0, fail: 0, warn: 0, skip: 0 });

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Findings in an order of what they say and show, never of when they came. */
const byContent = (a: Finding, b: Finding) =>
  compare(a.message, b.message) || compare(a.curl ?? '', b.curl ?? '') || (a.failure ?? Infinity) - (b.failure ?? Infinity) || compare(a.fingerprint ?? '', b.fingerprint ?? '') || (a.status ?? 0) - (b.status ?? 0);

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function aggregate(rule: Rule<never>, operationId: string, unordered: Finding[], passes: number, config: RunConfig, state: RunState): Line {
  // Requests run side by side: order by content so the same seed gives the same report.
  const findings = [...unordered].sort(byContent);
  const counts = zero();
  for (const finding of findings) counts[finding.outcome] += 1;
  counts.pass += passes;
  const first = (outcome: Outcome) => findings.find((finding) => finding.outcome === outcome);
  const line = (outcome: Outcome, message: string, evidence: Finding[] = []): Line => ({
    rule: rule.name, area: rule.area, operationId, outcome, message, counts, evidence,
  });
  const total = findings.length + passes;
  if (config.excluded?.includes(operationId as OperationId)) return line('skip', `${operationId} is excluded by the config (operations in conformance.config.json): nothing was sent to it`);
  if (total === 0) return line('skip', silentReason(rule, operationId, config, state));
  const skipped = counts.skip ? `; ${counts.skip} skipped: ${first('skip')!.message}` : '';
  if (counts.fail) {
    const more = counts.fail > 1 ? ` (${counts.fail} of ${total} checks failed)` : '';
    return line('fail', `${first('fail')!.message}${more}`, findings.filter((f) => f.outcome === 'fail'));
  }
  if (counts.warn) {
    const more = counts.warn > 1 ? ` (+${counts.warn - 1} more warnings)` : '';
    return line('warn', `${first('warn')!.message}${more}`, findings.filter((f) => f.outcome === 'warn'));
  }
  if (counts.pass) return line('pass', `${counts.pass} checked${skipped}`);
  return line('skip', first('skip')!.message);
}

/**
 * Areas whose seeded properties stop at their first failure and report it shrunk (fast-check):
 * after a failure there, the checks later cases would have made are not reached.
 */
const STOP_AT_FIRST_FAILURE: readonly AreaName[] = ['lifecycle', 'fuzz'];

/** What the run knew about its phases, for the reasons of lines that recorded nothing. */
interface RunState {
  /** phase_completed findings that did not pass: a phase stopped early (their messages start with the area). */
  stopped: Finding[];
  /** Areas with a failing finding. */
  failing: Set<AreaName>;
}

/** Why a rule × operation recorded nothing, in words a person can act on. */
function silentReason(rule: Rule<never>, operationId: string, config: RunConfig, state: RunState): string {
  const runs = runsIn(rule as Rule<unknown>, config.mode);
  if (runs !== true) return `${config.mode} mode: ${runs}`;
  if (config.mode === 'live' && !config.writes && WRITES.includes(operationId as OperationId)) {
    return 'no successful watchdog write in a read-only run: set CONFORMANCE_WRITES=1 (--writes) to check it';
  }
  const stopped = state.stopped.find((finding) => finding.message.startsWith(`${rule.area} (`));
  if (stopped) return `not reached: the ${rule.area} phase stopped early (phase_completed: ${stopped.message})`;
  if (STOP_AT_FIRST_FAILURE.includes(rule.area) && state.failing.has(rule.area)) {
    return `not reached: the ${rule.area} phase stops at its first failing case and reports it shrunk (see its FAIL lines); fix that, then rerun to check this`;
  }
  if (!config.areas.includes(rule.area)) return `not reached: its area (${rule.area}) is not selected (--only ${config.areas.join(',')})`;
  if (rule.idle) return rule.idle;
  return `not reached: no request of this run got to this check (phase_completed says every phase ran to its end); another --seed or a larger --budget may reach it`;
}

export function describeModes(rule: Rule<never>): { mock: string; live: string } {
  const mode = (m: 'mock' | 'live') => {
    const runs = runsIn(rule as Rule<unknown>, m);
    if (runs !== true) return `skipped: ${runs}`;
    if (rule.optIn) return `runs with ${rule.optIn.flag}`;
    return m === 'live' && rule.live ? `runs (${rule.live})` : 'runs';
  };
  return { mock: mode('mock'), live: mode('live') };
}

function totalsOf(lines: Line[]): Report['totals'] {
  const totals = Object.fromEntries([...AREAS, 'total'].map((area) => [area, zero()])) as Report['totals'];
  for (const line of lines) {
    totals[line.area][line.outcome] += 1;
    totals.total[line.outcome] += 1;
  }
  return totals;
}

/** A replay reports only what it judged again, not every rule of the catalog, and counts only that. */
export function judgedOnly(report: Report): Report {
  const lines = report.lines.filter((line) => line.counts.pass + line.counts.fail + line.counts.warn > 0);
  const totals = totalsOf(lines);
  return { ...report, lines, totals, verdict: verdictOf(totals, report.incomplete) };
}

/** `incomplete`: what cut the run short, when something did (suite.ts). */
export function buildReport(config: RunConfig, results: RunResults, durationMs: number, incomplete?: Incomplete): Report {
  const byKey = new Map<string, Finding[]>();
  for (const finding of results.findings) {
    const key = `${finding.rule} ${finding.operationId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), finding]);
  }
  const areaOf = new Map(RULES.map((rule) => [rule.name, rule.area]));
  const state: RunState = {
    stopped: results.findings.filter((finding) => finding.rule === phaseCompleted.name && finding.outcome !== 'pass'),
    failing: new Set(results.findings.filter((finding) => finding.outcome === 'fail').map((finding) => areaOf.get(finding.rule)!).filter(Boolean)),
  };
  const lines: Line[] = [];
  for (const rule of RULES) {
    // A gate the user did not set judged nothing: no line (the mode table says how to set it).
    if (rule.optIn && !rule.optIn.on(config)) continue;
    // Rules about the run rather than one operation show only when they recorded something.
    const runLevel = byKey.has(`${rule.name} -`) || results.passes[`${rule.name} -`] !== undefined;
    for (const op of [...rule.operations, ...(runLevel ? ['-'] : [])]) {
      const findings = byKey.get(`${rule.name} ${op}`) ?? [];
      const passes = results.passes[`${rule.name} ${op}`] ?? 0;
      // Rules of areas not selected appear only where another area's requests exercised them.
      if (findings.length === 0 && passes === 0 && !config.areas.includes(rule.area)) continue;
      lines.push(aggregate(rule, op, findings, passes, config, state));
    }
  }
  const totals = totalsOf(lines);
  return {
    mode: config.mode,
    baseUrl: config.baseUrl,
    runId: config.runId,
    seed: config.seed,
    areas: config.areas,
    writes: config.writes,
    ...(config.configFile !== undefined && { configFile: config.configFile }),
    lines,
    totals,
    verdict: verdictOf(totals, incomplete),
    ...(incomplete && { incomplete }),
    coverage: buildCoverage(config, results.observed),
    failures: results.failures,
    skippedWrites: results.skippedWrites,
    notChecked: results.notChecked,
    requests: { sent: results.requests, budget: config.budget },
    throttling: runThrottling(results.throttling, results.requests, durationMs),
    responseTimes: responseTimes(results.times),
    bodies: results.bodies,
    inputs: results.inputs,
    checks: { exchanges: results.checkMicros.length, medianMicros: median(results.checkMicros) },
    rulesByMode: RULES.map((rule) => ({ rule: rule.name, area: rule.area, summary: rule.summary, ...describeModes(rule) })),
    durationMs,
    ...(config.traffic !== undefined && { traffic: config.traffic }),
  };
}

/** The not-checked requests as lines: how many, per operation, with the first reason. */
export function notCheckedLines(report: Pick<Report, 'notChecked'>): string[] {
  const byOperation = new Map<string, string[]>();
  for (const { operationId, reason } of report.notChecked) byOperation.set(operationId, [...(byOperation.get(operationId) ?? []), reason]);
  return [...byOperation].map(([op, reasons]) => `${op}: ${reasons.length} not checked, e.g. ${reasons[0]}`);
}
