// Traffic's verdicts in the run's report formats (console, junit.xml, summary.md, results.json,
// coverage.json, failures.json), plus traffic-coverage.json and the --min-coverage gate.
import fs from 'node:fs';
import path from 'node:path';
import type { RunConfig } from '../engine/types';
import type { Redactor } from '../engine/redact';
import { renderConsole } from '../report/console';
import { buildReport, type Report } from '../report/model';
import { writeReports } from '../report/write';
import { renderTrafficCoverage } from './coverage';
import type { TrafficJudgement } from './judge';

/** A run's configuration for reports of traffic the suite did not send: live, no areas of its own. */
function trafficConfig(judgement: TrafficJudgement, what: string): RunConfig {
  return {
    mode: 'live', baseUrl: judgement.baseUrl, token: '', writes: false,
    // Only the rules the traffic exercised get a line: there is no phase whose absence to explain.
    areas: [],
    timeoutMs: 0, maxPages: 0, runId: 'traffic', seed: 0, budget: judgement.judged, rate: { patienceMs: 0 }, concurrency: 1, traffic: what,
  };
}

export interface TrafficOutcome {
  report: Report;
  text: string;
  /** 0 clean and covered enough, 1 a rule failed or coverage is under the gate. */
  exitCode: 0 | 1;
}

export function reportTraffic(judgement: TrafficJudgement, what: string, reportDir: string, redact: Redactor, minCoverage?: number, durationMs = 0): TrafficOutcome {
  const report = buildReport(trafficConfig(judgement, what), judgement.results, durationMs);
  const files = writeReports(reportDir, report, redact);
  const coverageFile = path.join(reportDir, 'traffic-coverage.json');
  fs.writeFileSync(coverageFile, `${JSON.stringify(judgement.coverage, null, 2)}\n`);
  const shown = [...files, coverageFile].map((file) => {
    const relative = path.relative(process.cwd(), file);
    return relative.startsWith('..') ? file : relative;
  });
  const below = minCoverage !== undefined && judgement.coverage.percent < minCoverage;
  const lines = [
    `Conformance: ${what} · ${judgement.judged} exchange(s) of the contract judged, ${judgement.outside} outside it (other paths or methods) · base ${judgement.baseUrl || '(none seen)'}`,
    '',
    judgement.judged ? renderConsole(report, shown) : `Reports: ${shown.join(', ')}`,
    '',
    ...renderTrafficCoverage(judgement.coverage),
    ...(minCoverage !== undefined ? ['', below ? `Coverage gate: FAIL — ${judgement.coverage.percent}% is below --min-coverage ${minCoverage}%` : `Coverage gate: pass — ${judgement.coverage.percent}% ≥ --min-coverage ${minCoverage}%`] : []),
  ];
  return { report, text: redact(lines.join('\n')), exitCode: report.verdict === 'fail' || below ? 1 : 0 };
}
