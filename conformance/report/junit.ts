// junit.xml: one testcase per rule × operation. Failures and skips carry their reasons; a
// warning is a passed testcase with the warning in system-out.
import { AREAS } from '../engine/types';
import { xmlEscape } from './escape';
import type { Line, Report } from './model';

const details = (line: Line) => line.evidence.map((finding) => (finding.curl ? `${finding.message}\n${finding.curl}` : finding.message)).join('\n\n');

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

/** The run's figures as properties of the first suite: response times per operation, the rate limit's toll. */
function properties(report: Report): string[] {
  const { throttling: t } = report;
  const named = [
    ...report.responseTimes.flatMap((r) => (['p50', 'p95', 'max'] as const).map((p) => [`response_time.${r.operationId}.${p}_ms`, String(r[p])])),
    ['rate_limit.refused_429', String(t.refused)],
    ['rate_limit.waited_s', (t.waitedMs / 1000).toFixed(1)],
    ['rate_limit.effective_per_second', String(t.effectivePerSecond)],
    ...(t.perSecond !== undefined ? [['rate_limit.pace_per_second', t.perSecond.toFixed(2)]] : []),
  ];
  return ['    <properties>', ...named.map(([name, value]) => `      <property name="${xmlEscape(name!)}" value="${xmlEscape(value!)}"/>`), '    </properties>'];
}

export function renderJunit(report: Report): string {
  let first = true;
  const suites = AREAS.map((area) => {
    const lines = report.lines.filter((line) => line.area === area);
    if (lines.length === 0) return '';
    const count = (outcome: Line['outcome']) => lines.filter((line) => line.outcome === outcome).length;
    const figures = first ? properties(report) : [];
    first = false;
    return [
      `  <testsuite name="conformance ${area} (${report.traffic !== undefined ? 'traffic' : report.mode})" tests="${lines.length}" failures="${count('fail')}" skipped="${count('skip')}" errors="0">`,
      ...figures,
      ...lines.map(testcase),
      '  </testsuite>',
    ].join('\n');
  }).filter(Boolean);
  const t = report.totals.total;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${report.lines.length}" failures="${t.fail}" skipped="${t.skip}" errors="0" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
