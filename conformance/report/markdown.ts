// summary.md, fit for a GitHub step summary: verdict, mode, counts, failures with curl, the
// full result table, coverage and which rules ran in which mode.
import type { Outcome } from '../engine/types';
import { baselineLines, describeTarget, incompleteLines, readsStoredBody, reproduce, responseTimesTitle, summaryTable, verdictLabel } from './console';
import { notCheckedLines, type Report } from './model';
import { throttlingLine } from './timing';

const ICON: Record<Outcome, string> = { pass: '✅ PASS', fail: '❌ FAIL', warn: '⚠️ WARN', skip: '⏭️ SKIP' };
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const fence = (text: string) => ['```sh', text.replace(/```/g, '`\u200b``'), '```'];

const VERDICT_ICON: Record<Report['verdict'], string> = { pass: '✅', fail: '❌', incomplete: '⏸️' };

/** `failures`: the failures file as the user names it (the reproduce line). */
export function renderMarkdown(report: Report, failures = 'failures.json'): string {
  const t = report.totals.total;
  const out = [
    `## Conformance: ${VERDICT_ICON[report.verdict]} ${verdictLabel(report)}`,
    '',
    `${describeTarget(report)}`,
    '',
    `**${t.fail} failed**, ${t.warn} warnings, ${t.pass} passed, ${t.skip} skipped (rule × operation), ${(report.durationMs / 1000).toFixed(1)} s.`,
    '',
    ...(report.incomplete ? ['### ⏸️ Incomplete', '', ...incompleteLines(report).map((line) => `- ${line.trim()}`), ''] : []),
    ...(throttlingLine(report.throttling) ? [`**Rate limited by the deployment**: ${throttlingLine(report.throttling)!.replace(/^rate limited: /, '')}.`, ''] : []),
    '```',
    ...summaryTable(report),
    '```',
  ];
  const failing = report.lines.filter((line) => line.outcome === 'fail');
  if (failing.length) {
    out.push('', '### Failures');
    for (const line of failing) {
      out.push('', `**${line.rule}** · \`${line.operationId}\``);
      for (const finding of line.evidence.slice(0, 5)) {
        out.push('', `- ${finding.message}`);
        if (finding.curl) out.push('', ...fence(finding.curl));
      }
    }
  }
  if (failing.length && report.failures.length && report.traffic === undefined) {
    const { replay, where, rerun } = reproduce(report, failures);
    out.push('', `**Reproduce**: \`${replay}\` (${where}) · rerun everything: \`${rerun}\``);
  }
  if (readsStoredBody(report)) out.push('', '_Curl lines that read a body from `bodies/` run from the report folder._');
  if (report.baseline) out.push('', '### Baseline', '', ...baselineLines(report.baseline).map((line) => `- ${line.trim()}`));
  if (report.skippedWrites.length) {
    out.push('', '### Write scenarios skipped (read-only run)', '', ...report.skippedWrites.map((s) => `- ${s}`));
  }
  if (report.notChecked.length) {
    out.push('', `### Not checked: ${report.notChecked.length} requests still rate limited (judged by no rule)`, '', ...notCheckedLines(report).map((s) => `- ${s}`));
  }
  // Problems first in the open; every line (PASS included) folded below them.
  const notable = report.lines.filter((line) => line.outcome === 'fail' || line.outcome === 'warn');
  const table = (lines: typeof report.lines) => [
    '| result | rule | operation | detail |',
    '|---|---|---|---|',
    ...lines.map((line) => `| ${line.known ? '📌 KNOWN' : ICON[line.outcome]} | ${line.rule} | ${line.operationId} | ${cell(line.message)} |`),
  ];
  if (notable.length) out.push('', '### Failures and warnings', '', ...table(notable));
  out.push('', `<details><summary>All results (${report.lines.length} rule × operation lines)</summary>`, '', ...table(report.lines), '', '</details>');

  if (report.responseTimes.length) {
    out.push('', `### ${responseTimesTitle(report).replace(/:$/, '')}`, '', '| operation | answers | p50 ms | p95 ms | max ms |', '|---|---:|---:|---:|---:|');
    for (const r of report.responseTimes) out.push(`| ${r.operationId} | ${r.count} | ${r.p50} | ${r.p95} | ${r.max} |`);
  }
  const statuses = [...new Set(Object.values(report.coverage.operations).flatMap((cells) => Object.keys(cells)))].sort();
  out.push('', `### Coverage (${report.coverage.mode} mode): operations × declared statuses`, '', `| operation | ${statuses.join(' | ')} |`, `|---|${statuses.map(() => '---').join('|')}|`);
  const reasons: string[] = [];
  for (const [op, cells] of Object.entries(report.coverage.operations)) {
    const row = statuses.map((status) => {
      const c = cells[status];
      if (!c) return '—';
      if (c.exercised) return '✓';
      reasons.push(`${op} ${status}: ${c.reason}`);
      return `✗ [${reasons.length}]`;
    });
    out.push(`| ${op} | ${row.join(' | ')} |`);
  }
  if (reasons.length) out.push('', ...reasons.map((reason, i) => `${i + 1}. ${reason}`));

  out.push('', '<details><summary>Which rules run in which mode</summary>', '', '| rule | area | mock mode | live mode |', '|---|---|---|---|');
  for (const r of report.rulesByMode) out.push(`| ${r.rule} | ${r.area} | ${cell(r.mock)} | ${cell(r.live)} |`);
  out.push('', '</details>', '');
  return out.join('\n');
}
