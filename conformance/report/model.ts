// From findings to the report: one line per rule × operation (catalog order), totals by area,
// the verdict, coverage and which rules ran in which mode.
import type { RecordedResults } from '../engine/recorder';
import type { OperationId } from '../../generated';
import { RULES, runsIn, SCENARIO_RULE, WATCHDOG_WRITES, type RuleSpec } from '../engine/rules';
import type { AreaName, Finding, Outcome, RunConfig } from '../engine/types';
import { AREAS } from '../engine/types';
import { buildCoverage, type Coverage } from './coverage';

export interface Line {
  rule: string;
  area: AreaName;
  operationId: string;
  outcome: Outcome;
  message: string;
  counts: Record<Outcome, number>;
  /** Failing (or, without failures, warning) findings, with their curl. */
  evidence: Finding[];
}

export interface Report {
  mode: RunConfig['mode'];
  baseUrl: string;
  runId: string;
  areas: AreaName[];
  writes: boolean;
  lines: Line[];
  totals: Record<AreaName | 'total', Record<Outcome, number>>;
  verdict: 'pass' | 'fail';
  coverage: Coverage;
  skippedWrites: string[];
  rulesByMode: Array<{ rule: string; area: AreaName; summary: string; mock: string; live: string }>;
  durationMs: number;
}

const zero = (): Record<Outcome, number> => ({ pass: 0, fail: 0, warn: 0, skip: 0 });

function aggregate(spec: RuleSpec, operationId: string, findings: Finding[], config: RunConfig): Line {
  const counts = zero();
  for (const finding of findings) counts[finding.outcome] += 1;
  const first = (outcome: Outcome) => findings.find((finding) => finding.outcome === outcome);
  const line = (outcome: Outcome, message: string, evidence: Finding[] = []): Line => ({
    rule: spec.name, area: spec.area, operationId, outcome, message, counts, evidence,
  });
  if (findings.length === 0) return line('skip', silentReason(spec, operationId, config));
  const skipped = counts.skip ? `; ${counts.skip} skipped: ${first('skip')!.message}` : '';
  if (counts.fail) {
    const more = counts.fail > 1 ? ` (${counts.fail} of ${findings.length} checks failed)` : '';
    return line('fail', `${first('fail')!.message}${more}`, findings.filter((f) => f.outcome === 'fail'));
  }
  if (counts.warn) {
    const more = counts.warn > 1 ? ` (+${counts.warn - 1} more warnings)` : '';
    return line('warn', `${first('warn')!.message}${more}`, findings.filter((f) => f.outcome === 'warn'));
  }
  if (counts.pass) return line('pass', `${counts.pass} checked${skipped}`);
  return line('skip', first('skip')!.message);
}

/** Why a rule × operation recorded nothing. */
function silentReason(spec: RuleSpec, operationId: string, config: RunConfig): string {
  const runs = runsIn(spec, config.mode);
  if (runs !== true) return `${config.mode} mode: ${runs}`;
  if (config.mode === 'live' && !config.writes && WATCHDOG_WRITES.includes(operationId as OperationId)) {
    return 'no successful watchdog write in a read-only run (CONFORMANCE_WRITES not set)';
  }
  return 'no request of the selected areas reached this check (or its scenario stopped early: see the failures)';
}

export function buildReport(config: RunConfig, results: RecordedResults, durationMs: number): Report {
  const byKey = new Map<string, Finding[]>();
  for (const finding of results.findings) {
    const key = `${finding.rule} ${finding.operationId}`;
    byKey.set(key, [...(byKey.get(key) ?? []), finding]);
  }
  const lines: Line[] = [];
  for (const spec of RULES) {
    for (const op of spec.operations) {
      const findings = byKey.get(`${spec.name} ${op}`) ?? [];
      // Rules of areas not selected appear only where another area's requests exercised them.
      if (findings.length === 0 && !config.areas.includes(spec.area)) continue;
      lines.push(aggregate(spec, op, findings, config));
    }
  }
  const crashes = byKey.get(`${SCENARIO_RULE.name} -`);
  if (crashes) lines.push(aggregate(SCENARIO_RULE, '-', crashes, config));

  const totals = Object.fromEntries([...AREAS, 'total'].map((area) => [area, zero()])) as Report['totals'];
  for (const line of lines) {
    totals[line.area][line.outcome] += 1;
    totals.total[line.outcome] += 1;
  }
  const describeMode = (spec: RuleSpec, mode: 'mock' | 'live') => {
    const runs = runsIn(spec, mode);
    if (runs !== true) return `skipped: ${runs}`;
    const note = mode === 'mock' ? spec.mock.note : spec.live;
    return note ? `runs (${note})` : 'runs';
  };
  return {
    mode: config.mode,
    baseUrl: config.baseUrl,
    runId: config.runId,
    areas: config.areas,
    writes: config.writes,
    lines,
    totals,
    verdict: totals.total.fail > 0 ? 'fail' : 'pass',
    coverage: buildCoverage(config, results.observed),
    skippedWrites: results.skippedWrites,
    rulesByMode: RULES.map((spec) => ({
      rule: spec.name, area: spec.area, summary: spec.summary, mock: describeMode(spec, 'mock'), live: describeMode(spec, 'live'),
    })),
    durationMs,
  };
}
