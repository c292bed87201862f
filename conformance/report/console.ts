// The console report: one line per rule × operation, a summary table, each failure with its
// request as curl, the write scenarios a read-only run skipped, and the verdict.
import path from 'node:path';
import { BODIES_DIR } from '../engine/bodies';
import { AREAS, type Finding, type Outcome } from '../engine/types';
import { notCheckedLines, type Report } from './model';
import { responseTimeLines, throttlingLine } from './timing';

const LABEL: Record<Outcome, string> = { pass: 'PASS', fail: 'FAIL', warn: 'WARN', skip: 'SKIP' };
/** Failures shown with curl per line; the rest are counted (all are in junit.xml). */
const EVIDENCE_PER_LINE = 3;

const pad = (text: string, width: number) => text.padEnd(width);

const compact = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
};

/** `received 200 · declared 201`, when the check said what it received and what is declared. */
export function receivedAgainstDeclared(finding: Pick<Finding, 'received' | 'expected'>): string | undefined {
  if (finding.received === undefined && finding.expected === undefined) return undefined;
  return [finding.received !== undefined && `received ${compact(finding.received)}`, finding.expected !== undefined && `declared ${compact(finding.expected)}`].filter(Boolean).join(' · ');
}

export function describeTarget(report: Pick<Report, 'mode' | 'baseUrl' | 'runId' | 'areas' | 'writes' | 'seed' | 'traffic' | 'configFile'>): string {
  // Judged traffic has no seed, areas or writes of its own: the suite sent none of it.
  if (report.traffic !== undefined) return `traffic · ${report.traffic} · base ${report.baseUrl || '(none seen)'} · judged by the response rules, nothing sent`;
  const target = report.mode === 'mock' ? `Prism mock at ${report.baseUrl}` : report.baseUrl;
  const writes = report.mode === 'mock' ? 'n/a (the mock stores nothing)' : report.writes ? 'on' : 'off (read-only)';
  const file = report.configFile !== undefined ? ` · config: ${report.configFile}` : '';
  return `${report.mode} mode · ${target} · run ${report.runId} · seed ${report.seed} · areas: ${report.areas.join(', ')} · writes: ${writes}${file}`;
}

export function summaryTable(report: Report): string[] {
  const head = `${pad('area', 11)} ${['pass', 'fail', 'warn', 'skip'].map((h) => h.padStart(5)).join(' ')}`;
  const row = (name: string) => {
    const t = report.totals[name as keyof Report['totals']];
    return `${pad(name, 11)} ${(['pass', 'fail', 'warn', 'skip'] as const).map((o) => String(t[o]).padStart(5)).join(' ')}`;
  };
  return [head, ...AREAS.filter((area) => Object.values(report.totals[area]).some((n) => n > 0)).map(row), row('total')];
}

/** What the baseline made known, what is new, which of its entries expired and which no longer fail. */
export function baselineLines(baseline: NonNullable<Report['baseline']>): string[] {
  const out = [`Baseline ${baseline.file}: ${baseline.known.length} known failure line(s) (listed as KNOWN, not failing), ${baseline.new.length} new failure(s), ${baseline.fixed.length} fixed${baseline.expired.length ? `, ${baseline.expired.length} expired` : ''}`];
  for (const failure of baseline.new) out.push(`  new: ${failure.rule} · ${failure.operationId} · ${failure.fact}`);
  for (const entry of baseline.expired) out.push(`  expired on ${entry.expires}: ${entry.rule} · ${entry.operationId} · ${entry.fact}${entry.owner ? ` (owner ${entry.owner})` : ''}; it fails again: fix it, or give the entry a later date`);
  for (const entry of baseline.fixed) out.push(`  fixed: ${entry.rule} · ${entry.operationId} · ${entry.fact} (fingerprint ${entry.fingerprint}); rewrite the baseline with --write-baseline to drop it`);
  return out;
}

/** The verdict as every report names it: FAIL wins (a failure found is one however the run ended); a run cut short says so. */
export function verdictLabel(report: Pick<Report, 'verdict' | 'incomplete'>): string {
  if (report.verdict === 'fail') return report.incomplete ? 'FAIL (INCOMPLETE)' : 'FAIL';
  return report.verdict.toUpperCase();
}

/** Why a run is incomplete, what it judged and what it did not. */
export function incompleteLines(report: Pick<Report, 'incomplete' | 'requests' | 'traffic'>): string[] {
  const incomplete = report.incomplete;
  if (!incomplete) return [];
  const requests = report.traffic === undefined ? ` after ${report.requests.sent} of ${report.requests.budget} requests` : '';
  return [
    `INCOMPLETE: ${incomplete.reason}; the run stopped before its planned end${requests}. Nothing below is a PASS of what was not judged.`,
    `  judged to the end: ${incomplete.finished.length ? incomplete.finished.join(', ') : 'no phase'}`,
    `  not judged, or not wholly (their lines are SKIP: "not reached"): ${incomplete.stopped.map((s) => `${s.phase} — ${s.why}`).join('; ') || 'none'}`,
  ];
}

/** A word for a shell as is, or single-quoted. */
const shellWord = (text: string) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);

/**
 * How to reproduce the run's failures: the replay of `failures` (a path as the user runs it),
 * which goes where they happened, and the whole run again under its seed.
 */
export function reproduce(report: Pick<Report, 'mode' | 'baseUrl' | 'seed' | 'areas' | 'writes' | 'started'>, failures: string): { replay: string; where: string; rerun: string } {
  const replay = `npx conformance replay ${shellWord(failures)}`;
  const target = report.started === 'sandbox' ? '--sandbox' : report.mode === 'mock' ? '' : `--base-url ${shellWord(report.baseUrl)}`;
  const where = report.started === 'sandbox' ? 're-sends them to a fresh sandbox, as the run started one' : report.mode === 'mock' ? 're-sends them to the Prism mock, as the run started it' : `re-sends them to ${report.baseUrl}, where they failed; the secrets come from CONFORMANCE_TOKEN and the others, as for the run`;
  const only = report.areas.length < AREAS.length ? `--only ${report.areas.join(',')}` : '';
  const writes = report.mode === 'live' && report.started !== 'sandbox' && report.writes ? '--writes' : '';
  return { replay, where, rerun: ['npx conformance', target, writes, only, `--seed ${report.seed}`].filter(Boolean).join(' ') };
}

/** The reproduce line of the console and summary.md. */
export function reproduceLine(report: Parameters<typeof reproduce>[0], failures: string): string {
  const { replay, where, rerun } = reproduce(report, failures);
  return `Reproduce: ${replay}   (${where}) · rerun everything: ${rerun}`;
}

/** Whether a curl line shown reads its body from bodies/ beside the reports. */
export const readsStoredBody = (report: Pick<Report, 'lines'>) => report.lines.some((line) => line.evidence.some((f) => f.curl?.includes(`${BODIES_DIR}/`)));

/** What the response-time table is: judged by the gate the user set, or only reported. */
export const responseTimesTitle = (report: Pick<Report, 'lines'>) => {
  const gate = report.lines.some((line) => line.rule === 'response_time_within');
  return `Response times per operation${gate ? ' (judged by response_time_within)' : ' (reported, not judged: --max-response-time <ms> makes them a rule)'}:`;
};

export function renderConsole(report: Report, reportFiles: string[]): string {
  const out: string[] = [];
  const ruleWidth = Math.max(...report.lines.map((line) => line.rule.length)) + 2;
  const opWidth = Math.max(...report.lines.map((line) => line.operationId.length)) + 2;
  for (const line of report.lines) out.push(`${line.known ? 'KNOWN' : LABEL[line.outcome]}  ${pad(line.rule, ruleWidth)}${pad(line.operationId, opWidth)}${line.message}`);
  out.push('', 'Summary (rule × operation lines)', ...summaryTable(report).map((row) => `  ${row}`));

  const failing = report.lines.filter((line) => line.outcome === 'fail');
  if (failing.length) {
    out.push('', `Failures (${failing.length})`);
    failing.forEach((line, i) => {
      out.push(`${i + 1}. ${line.rule} · ${line.operationId}`);
      for (const finding of line.evidence.slice(0, EVIDENCE_PER_LINE)) {
        out.push(`   ${finding.message}`);
        const detail = receivedAgainstDeclared(finding);
        if (detail) out.push(`     ${detail}`);
        if (finding.curl) out.push(`     ${finding.curl}`);
        if (finding.failure !== undefined) out.push(`     (failures.json #${finding.failure})`);
      }
      if (line.evidence.length > EVIDENCE_PER_LINE) out.push(`   … ${line.evidence.length - EVIDENCE_PER_LINE} more (see junit.xml)`);
    });
  }
  if (report.skippedWrites.length) {
    out.push('', 'Write scenarios skipped (live mode is read-only without CONFORMANCE_WRITES=1 / --writes):');
    for (const scenario of report.skippedWrites) out.push(`  - ${scenario}`);
  }
  if (report.notChecked.length) {
    out.push('', `Not checked (${report.notChecked.length} requests still rate limited when their patience was spent; judged by no rule):`);
    for (const line of notCheckedLines(report)) out.push(`  - ${line}`);
  }
  if (report.baseline) out.push('', ...baselineLines(report.baseline));
  if (report.incomplete) out.push('', ...incompleteLines(report));
  if (report.responseTimes.length) out.push('', responseTimesTitle(report), ...responseTimeLines(report.responseTimes).map((line) => `  ${line}`));
  const throttled = throttlingLine(report.throttling);
  if (reportFiles.length) out.push('', `Reports: ${reportFiles.join(', ')}`);
  if (reportFiles.length && readsStoredBody(report)) out.push(`Curl lines that read a body from bodies/ run from the report folder (${path.dirname(reportFiles[0]!)}).`);
  const failures = reportFiles.find((file) => file.endsWith('failures.json'));
  if (failing.length && failures && report.failures.length && report.traffic === undefined) out.push(reproduceLine(report, failures));
  const t = report.totals.total;
  out.push('', `Verdict: ${verdictLabel(report)} — ${t.fail} failed, ${t.warn} warnings, ${t.pass} passed, ${t.skip} skipped · ${report.traffic !== undefined ? `${report.requests.budget} exchanges judged` : `${report.requests.sent} requests${report.notChecked.length ? ` (${report.notChecked.length} not checked: rate limited)` : ''} · seed ${report.seed}`} (${(report.durationMs / 1000).toFixed(1)} s)${throttled ? ` · ${throttled}` : ''}`);
  return out.join('\n');
}
