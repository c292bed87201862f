// junit.xml: one testcase per rule × operation. Failures and skips carry their reasons; a
// warning is a passed testcase with the warning in system-out. What a testcase carries is
// bounded: its distinct messages (a few hundred checks of one line often say one thing) and the
// curl of its first cases, never every case (report.html and failures.json hold those). A run cut
// short is one more testcase, in error, saying what was judged and what was not.
import { AREAS } from '../engine/types';
import { incompleteLines, reproduce, verdictLabel } from './console';
import { xmlEscape } from './escape';
import type { Line, Report } from './model';

/** Distinct messages a testcase lists, and cases it shows with their curl. */
const MESSAGES_PER_LINE = 10;
const CURLS_PER_LINE = 3;

function details(line: Line): string {
  const messages = [...new Set(line.evidence.map((finding) => finding.message))];
  const shown = messages.slice(0, MESSAGES_PER_LINE);
  const curls = [...new Set(line.evidence.flatMap((finding) => (finding.curl ? [finding.curl] : [])))].slice(0, CURLS_PER_LINE);
  return [
    ...shown.map((message) => `- ${message}`),
    ...(messages.length > shown.length ? [`… ${messages.length - shown.length} more distinct message(s); ${line.evidence.length} checks in all (report.html shows each)`] : []),
    ...(curls.length ? ['', 'Reproduce:', ...curls] : []),
  ].join('\n');
}

function testcase(line: Line): string {
  const open = `    <testcase name="${xmlEscape(`${line.rule} · ${line.operationId}`)}" classname="conformance.${line.area}">`;
  switch (line.outcome) {
    case 'fail':
      return `${open}\n      <failure message="${xmlEscape(line.message)}">${xmlEscape(details(line))}</failure>\n    </testcase>`;
    case 'skip':
      return `${open}\n      <skipped message="${xmlEscape(line.message)}"/>\n    </testcase>`;
    case 'warn':
      return `${open}\n      <system-out>${xmlEscape(`WARNING: ${line.message}\n\n${details(line)}`)}</system-out>\n    </testcase>`;
    case 'pass':
      return `${open}</testcase>`;
  }
}

/** The run's figures as properties of the first suite: the verdict, response times per operation, the rate limit's toll, the baseline. */
function properties(report: Report, failures: string): string[] {
  const { throttling: t, baseline } = report;
  const named = [
    ['verdict', verdictLabel(report)],
    ...(report.traffic === undefined ? [['seed', String(report.seed)]] : []),
    ...(report.failures.length && report.traffic === undefined ? [['reproduce', `${reproduce(report, failures).replay} · ${reproduce(report, failures).rerun}`]] : []),
    ...(baseline ? [['baseline.known', String(baseline.known.length)], ['baseline.new', String(baseline.new.length)], ['baseline.fixed', String(baseline.fixed.length)], ['baseline.expired', String(baseline.expired.length)]] : []),
    ...report.responseTimes.flatMap((r) => (['p50', 'p95', 'max'] as const).map((p) => [`response_time.${r.operationId}.${p}_ms`, String(r[p])])),
    ['rate_limit.refused_429', String(t.refused)],
    ['rate_limit.waited_s', (t.waitedMs / 1000).toFixed(1)],
    ['rate_limit.effective_per_second', String(t.effectivePerSecond)],
    ...(t.perSecond !== undefined ? [['rate_limit.pace_per_second', t.perSecond.toFixed(2)]] : []),
  ];
  return ['    <properties>', ...named.map(([name, value]) => `      <property name="${xmlEscape(name!)}" value="${xmlEscape(value!)}"/>`), '    </properties>'];
}

/** The run cut short, as a testcase in error: CI shows it red whatever else passed. */
function incompleteSuite(report: Report): string[] {
  if (!report.incomplete) return [];
  const [headline, ...rest] = incompleteLines(report);
  return [
    `  <testsuite name="conformance run" tests="1" failures="0" skipped="0" errors="1">`,
    `    <testcase name="run · completed" classname="conformance.run">`,
    `      <error message="${xmlEscape(headline!)}" type="INCOMPLETE">${xmlEscape(rest.map((line) => line.trim()).join('\n'))}</error>`,
    '    </testcase>',
    '  </testsuite>',
  ];
}

/** `failures`: the failures file as the user names it (the reproduce property). */
export function renderJunit(report: Report, failures = 'failures.json'): string {
  let first = true;
  const suites = AREAS.map((area) => {
    const lines = report.lines.filter((line) => line.area === area);
    if (lines.length === 0) return '';
    const count = (outcome: Line['outcome']) => lines.filter((line) => line.outcome === outcome).length;
    const figures = first ? properties(report, failures) : [];
    first = false;
    return [
      `  <testsuite name="conformance ${area} (${report.traffic !== undefined ? 'traffic' : report.mode})" tests="${lines.length}" failures="${count('fail')}" skipped="${count('skip')}" errors="0">`,
      ...figures,
      ...lines.map(testcase),
      '  </testsuite>',
    ].join('\n');
  }).filter(Boolean);
  const t = report.totals.total;
  const errors = report.incomplete ? 1 : 0;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${report.lines.length + errors}" failures="${t.fail}" skipped="${t.skip}" errors="${errors}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    ...incompleteSuite(report),
    '</testsuites>',
    '',
  ].join('\n');
}
