// Writes every report file through the Redactor: junit.xml, summary.md, coverage.json,
// results.json and failures.json (the reproducible cases `conformance replay` re-sends).
import fs from 'node:fs';
import path from 'node:path';
import type { Redactor } from '../engine/redact';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import type { Report } from './model';
import { failuresFile } from './failures';

export const REPORT_FILES = ['junit.xml', 'summary.md', 'coverage.json', 'results.json', 'failures.json'] as const;

export function writeReports(dir: string, report: Report, redact: Redactor): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const contents: Record<(typeof REPORT_FILES)[number], string> = {
    'junit.xml': renderJunit(report),
    'summary.md': renderMarkdown(report),
    'coverage.json': `${JSON.stringify(report.coverage, null, 2)}\n`,
    // Machine-readable verdicts (the suite's own tests and other tools read these).
    'results.json': `${JSON.stringify({ mode: report.mode, verdict: report.verdict, runId: report.runId, seed: report.seed, requests: report.requests, notChecked: report.notChecked, checks: report.checks, totals: report.totals.total, lines: report.lines.map(({ evidence, counts, ...line }) => ({ ...line, counts })) }, null, 2)}\n`,
    'failures.json': `${JSON.stringify(failuresFile(report), null, 2)}\n`,
  };
  return REPORT_FILES.map((name) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, redact(contents[name]));
    return file;
  });
}
