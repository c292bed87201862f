// Writes every report file through the Redactor: junit.xml, summary.md, coverage.json,
// results.json, results.sarif, failures.json (the reproducible cases `conformance replay` re-sends) and
// report.html, and beside them bodies/: each body too long to show inline, once, that any of them
// refers to.
import fs from 'node:fs';
import path from 'node:path';
import { BODIES_DIR, createBodyStore, storedBytes } from '../engine/bodies';
import type { Redactor } from '../engine/redact';
import { renderHtml } from './html';
import { renderJunit } from './junit';
import { renderMarkdown } from './markdown';
import type { Report } from './model';
import { failuresFile } from './failures';
import { renderSarif } from './sarif';

export const REPORT_FILES = ['junit.xml', 'summary.md', 'coverage.json', 'results.json', 'results.sarif', 'failures.json', 'report.html'] as const;

/** Distinct reasons a line shows beyond its first (each warning of a WARN line), at most this many. */
const REASONS_PER_LINE = 5;

/** Machine-readable verdicts: every line with its reason, what a read-only run skipped, the seed. */
function resultsJson(report: Report) {
  const lines = report.lines.map(({ evidence, counts, ...line }) => {
    const reasons = [...new Set(evidence.filter((f) => f.outcome === 'warn').map((f) => f.message))].slice(0, REASONS_PER_LINE);
    return { ...line, counts, ...(line.outcome === 'warn' && reasons.length > 1 && { reasons }) };
  });
  const { mode, verdict, runId, seed, requests, throttling, responseTimes, notChecked, checks, skippedWrites } = report;
  return {
    mode, verdict, complete: !report.incomplete, ...(report.incomplete && { incomplete: report.incomplete }),
    runId, seed, ...(report.configFile !== undefined && { configFile: report.configFile }), requests, throttling, responseTimes, notChecked, checks, totals: report.totals.total, lines, skippedWrites,
    ...(report.baseline && { baseline: report.baseline }), ...(report.traffic !== undefined && { traffic: report.traffic }),
  };
}

/** A path as the user runs commands on it: relative to the working directory when under it. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

export function writeReports(dir: string, report: Report, redact: Redactor): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const bodies = createBodyStore(Object.entries(report.bodies));
  const failures = shownPath(path.join(dir, 'failures.json'));
  const contents: Record<(typeof REPORT_FILES)[number], string> = {
    'junit.xml': renderJunit(report, failures),
    'summary.md': renderMarkdown(report, failures),
    'coverage.json': `${JSON.stringify(report.coverage, null, 2)}\n`,
    // Machine-readable verdicts (the suite's own tests and other tools read these).
    'results.json': `${JSON.stringify(resultsJson(report), null, 2)}
`,
    'results.sarif': renderSarif(report, failures),
    'failures.json': `${JSON.stringify(failuresFile(report, bodies), null, 2)}\n`,
    'report.html': renderHtml(report, bodies, failures),
  };
  const written = REPORT_FILES.map((name) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, redact(contents[name]));
    return file;
  });
  // A body is written when a report refers to it, and only then (each once: its name is its hash).
  const referred = [...bodies.files].filter(([name]) => Object.values(contents).some((text) => text.includes(name)));
  if (referred.length) fs.mkdirSync(path.join(dir, BODIES_DIR), { recursive: true });
  for (const [name, text] of referred) fs.writeFileSync(path.join(dir, name), storedBytes(name, redact(text)));
  return written;
}
