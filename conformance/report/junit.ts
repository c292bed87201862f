// junit.xml: one testcase per rule × operation. Failures and skips carry their reasons; a
// warning is a passed testcase with the warning in system-out.
import { AREAS } from '../engine/types';
import type { Line, Report } from './model';

export const xmlEscape = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

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

export function renderJunit(report: Report): string {
  const suites = AREAS.map((area) => {
    const lines = report.lines.filter((line) => line.area === area);
    if (lines.length === 0) return '';
    const count = (outcome: Line['outcome']) => lines.filter((line) => line.outcome === outcome).length;
    return [
      `  <testsuite name="conformance ${area} (${report.traffic !== undefined ? 'traffic' : report.mode})" tests="${lines.length}" failures="${count('fail')}" skipped="${count('skip')}" errors="0">`,
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
