// One fault planted in a fresh sandbox and judged by the suite as the CLI judges a deployment:
// caught when the report shows the line the fault's table names; a miss says why, when the run
// tells: the operation excluded, the rule's area not selected, writes off, a phase stopped by the
// budget or by an excluded operation, the line's own skip reason, or the rule checked and passed
// (this run's requests did not meet the bug).
import { writeOperations, type OperationId } from '../generated';
import { AREAS, buildReport, ruleNamed, runSuite, type Finding, type Outcome, type Report, type RunConfig } from '../conformance';
import type { FaultCase } from './faulty';
import { deployed } from './serve';

/** What held a fault back from being caught, by what the user can change. */
export type Cause =
  | 'excluded' // an operation the config excludes (operations)
  | 'area' // the rule's area is not selected (only / --only)
  | 'writes' // a read-only run
  | 'budget' // a phase stopped when the budget was spent
  | 'stopped' // a phase stopped for another reason (named)
  | 'first-failure' // a seeded phase stopped at an earlier failure of its own
  | 'not-met' // the rule ran and passed: no request of this run met the bug
  | 'other'; // the line is missing, warned, or failed where it should not

export interface Miss {
  cause: Cause;
  /** What the cause names: the operation excluded, the area not selected. */
  by?: string;
  /** In words, from the run's own report where it says. */
  text: string;
}

export interface Measured {
  table: string;
  fault: string;
  expect: { rule: string; operationId: string; outcome: FaultCase['expect'][2] };
  caught: boolean;
  /** The outcome of the fault's line in the report (none: the report has no such line). */
  outcome: Outcome | 'none';
  /** Why it was missed (absent when caught). */
  miss?: Miss;
  /** Other failing lines of the run (`rule × operation`): the run failed, though not where the table says. */
  alsoFailed: string[];
  requests: number;
  /** Wall time of the run, and the CPU time of its process meanwhile (one fault at a time per process). */
  ms: number;
  cpuMs: number;
}

/** The outcome of a rule × operation line; for `*`, the worst outcome of the rule on any operation. */
export function outcomeOf(report: Report, rule: string, op: string): Outcome | undefined {
  const lines = report.lines.filter((line) => line.rule === rule && (op === '*' || line.operationId === op));
  for (const outcome of ['fail', 'warn', 'pass', 'skip'] as const) if (lines.some((line) => line.outcome === outcome)) return outcome;
  return undefined;
}

const isOperation = (op: string): op is OperationId => op !== '*' && op !== '-';
const EXCLUDED_BY_PHASE = /its cases need (\w+), which the config excludes/;

/** A phase_completed finding that did not pass: the phase's label, then why it stopped. */
function stopCause(message: string): Miss {
  const excluded = EXCLUDED_BY_PHASE.exec(message)?.[1];
  if (excluded) return { cause: 'excluded', by: excluded, text: `phase_completed: ${message}` };
  if (/request budget/.test(message)) return { cause: 'budget', text: `phase_completed: ${message}` };
  return { cause: 'stopped', text: `phase_completed: ${message}` };
}

/** A skipped line's reason (the report's words), by cause. */
function skipCause(message: string, config: RunConfig): Miss {
  // The report names the excluded operations a skip rests on (a phase stopped on one, the lifecycle's sequences on all).
  const named = /\bconfig excludes\b/.test(message) ? (config.excluded ?? []).filter((op) => new RegExp(`\\b${op}\\b`).test(message)) : [];
  if (named.length) return { cause: 'excluded', by: named.join(', '), text: message };
  if (/request budget/.test(message)) return { cause: 'budget', text: message };
  if (/read-only run/.test(message) && !config.writes) return { cause: 'writes', text: message };
  if (/stops at its first failing case/.test(message)) return { cause: 'first-failure', text: message };
  if (/^not reached: no request of this run/.test(message)) return { cause: 'not-met', text: message };
  return { cause: 'other', text: `skipped: ${message}` };
}

/** Why the fault's line is not what its table says, as far as the run tells. */
export function whyMissed(report: Report, findings: readonly Finding[], config: RunConfig, [rule, op, expected]: FaultCase['expect']): Miss {
  const outcome = outcomeOf(report, rule, op);
  const line = report.lines.find((l) => l.rule === rule && (op === '*' || l.operationId === op) && l.outcome === outcome);
  const area = ruleNamed(rule).area;
  const unselected = AREAS.filter((a) => !config.areas.includes(a));
  if (isOperation(op) && config.excluded?.includes(op)) return { cause: 'excluded', by: op, text: `${op} is excluded by the config (operations): nothing was sent to it` };
  if (!config.writes && isOperation(op) && writeOperations.includes(op)) return { cause: 'writes', text: `a read-only run sends no successful ${op}` };
  if (unselected.includes(area) && line?.outcome !== 'pass') return { cause: 'area', by: area, text: `its area (${area}) is not selected (only: ${config.areas.join(', ')})` };
  if (!line) return { cause: 'other', text: `the report has no ${rule} line${isOperation(op) ? ` for ${op}` : ''}` };
  if (line.outcome === 'fail' || line.outcome === 'warn') return { cause: 'other', text: `${line.outcome === 'warn' ? 'warned' : 'failed'} where the table says ${expected}: ${line.message}` };
  const stopped = findings.filter((f) => f.rule === 'phase_completed' && f.outcome !== 'pass').map((f) => f.message).sort();
  const own = stopped.find((message) => message.startsWith(`${area} (`));
  if (own) return stopCause(own);
  if (line.outcome === 'skip') return skipCause(line.message, config);
  // The rule ran and passed: what the settings left out may have been what meets the bug.
  const passed = `${line.message}, all passed`;
  if (stopped.length) {
    const stops = stopped.map((message) => ({ area: message.slice(0, message.indexOf(' (')), ...stopCause(message) }));
    const cause = (['budget', 'excluded', 'stopped'] as const).find((c) => stops.some((stop) => stop.cause === c))!;
    const areas = (c: Cause, by?: string) => [...new Set(stops.filter((stop) => stop.cause === c && stop.by === by).map((stop) => stop.area))].join(', ');
    const said = [
      ...(stops.some((stop) => stop.cause === 'budget') ? [`the budget (${config.budget}) was spent before ${areas('budget')} ended`] : []),
      ...[...new Set(stops.filter((stop) => stop.cause === 'excluded').map((stop) => stop.by!))].map((by) => `${areas('excluded', by)} stopped: their cases need ${by}, which the config excludes`),
      ...(stops.some((stop) => stop.cause === 'stopped') ? [`${areas('stopped')} stopped early (see phase_completed)`] : []),
    ];
    const by = cause === 'excluded' ? stops.find((stop) => stop.cause === 'excluded')!.by : undefined;
    return { cause, ...(by && { by }), text: `${passed}; ${said.join('; ')}` };
  }
  if (unselected.length) return { cause: 'area', by: unselected.join(', '), text: `${passed}; areas not selected: ${unselected.join(', ')}` };
  if (config.excluded?.length) return { cause: 'excluded', by: config.excluded.join(', '), text: `${passed}; operations excluded: ${config.excluded.join(', ')}` };
  if (!config.writes) return { cause: 'writes', text: `${passed}; a read-only run` };
  return { cause: 'not-met', text: `${passed}: no request of this run met the bug (another --seed or a larger --budget may)` };
}

/**
 * The suite's report on the sandbox with this fault, and the findings it was built from: in-process,
 * or over loopback HTTP for a fault that reads how a request was framed (only a socket carries that).
 */
export async function judgeFault(c: FaultCase, config: RunConfig): Promise<{ report: Report; findings: Finding[] }> {
  const { fetch, overrides, close } = await deployed(c);
  const run = { ...config, ...overrides };
  try {
    const { results, durationMs } = await runSuite(run, { fetch });
    return { report: buildReport(run, results, durationMs), findings: results.findings };
  } finally {
    await close();
  }
}

export async function measure(table: string, c: FaultCase, config: RunConfig): Promise<Measured> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { report, findings } = await judgeFault(c, config);
  const used = process.cpuUsage(cpu);
  const [rule, operationId, expected] = c.expect;
  const outcome = outcomeOf(report, rule, operationId);
  const caught = outcome === expected;
  const own = (line: Report['lines'][number]) => line.rule === rule && (operationId === '*' || line.operationId === operationId);
  return {
    table,
    fault: c.name,
    expect: { rule, operationId, outcome: expected },
    caught,
    outcome: outcome ?? 'none',
    ...(!caught && { miss: whyMissed(report, findings, config, c.expect) }),
    alsoFailed: report.lines.filter((line) => line.outcome === 'fail' && !own(line)).map((line) => `${line.rule} × ${line.operationId}`),
    requests: report.requests.sent,
    ms: Math.round(performance.now() - started),
    cpuMs: Math.round((used.user + used.system) / 1000),
  };
}
