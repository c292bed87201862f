// A baseline: the failures a team already knows of (ticketed deviations), by rule × operation ×
// fingerprint. Applied to a report, a failing line whose every case is in the baseline is KNOWN
// (listed, not failing the run); a case not in it fails as usual; a baseline entry whose line was
// checked and no longer fails with that case is FIXED, so the file can shrink.
import { parseJsonFile } from '../report/failures';
import type { Line, Report } from '../report/model';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  rule: string;
  operationId: string;
  fingerprint: string;
  /** For the people reading the file: the failure as the run that wrote it saw it. */
  message: string;
}

export interface BaselineFile {
  version: typeof BASELINE_VERSION;
  /** The run that wrote it. */
  runId: string;
  seed: number;
  entries: BaselineEntry[];
}

export interface BaselineOutcome {
  /** The baseline file, as given. */
  file: string;
  /** Failing lines every case of which the baseline lists (shown as KNOWN, not failing). */
  known: Array<Pick<Line, 'rule' | 'operationId' | 'message'>>;
  /** Entries whose line was checked and no longer fails with their case. */
  fixed: BaselineEntry[];
  /** Failing lines with a case the baseline does not list. */
  new: number;
}

const key = (rule: string, operationId: string) => `${rule} ${operationId}`;
const fingerprints = (line: Line) => [...new Set(line.evidence.filter((f) => f.outcome === 'fail' && f.fingerprint).map((f) => f.fingerprint!))];

/** The failures of a report as a baseline, one entry per distinct case. */
export function baselineOf(report: Report): BaselineFile {
  const entries: BaselineEntry[] = [];
  for (const line of report.lines.filter((l) => l.outcome === 'fail' || l.known)) {
    for (const fingerprint of fingerprints(line)) {
      const finding = line.evidence.find((f) => f.fingerprint === fingerprint)!;
      entries.push({ rule: line.rule, operationId: line.operationId, fingerprint, message: finding.message });
    }
  }
  return { version: BASELINE_VERSION, runId: report.runId, seed: report.seed, entries };
}

export function parseBaseline(text: string, name: string): BaselineFile {
  const data = parseJsonFile<BaselineFile>(text, name);
  const valid = data?.version === BASELINE_VERSION && Array.isArray(data.entries)
    && data.entries.every((e) => typeof e?.rule === 'string' && typeof e.operationId === 'string' && typeof e.fingerprint === 'string');
  if (!valid) throw new Error(`${name} is not a conformance baseline (version ${BASELINE_VERSION} with entries of rule, operationId, fingerprint); write one with --write-baseline`);
  return data as BaselineFile;
}

/** The report with the baseline applied: known lines do not fail it, fixed entries are named. */
export function applyBaseline(report: Report, baseline: BaselineFile, file: string): Report {
  const listed = new Map<string, Set<string>>();
  for (const entry of baseline.entries) listed.set(key(entry.rule, entry.operationId), (listed.get(key(entry.rule, entry.operationId)) ?? new Set()).add(entry.fingerprint));
  const outcome: BaselineOutcome = { file, known: [], fixed: [], new: 0 };
  const totals = structuredClone(report.totals);
  const lines = report.lines.map((line): Line => {
    if (line.outcome !== 'fail') return line;
    const known = listed.get(key(line.rule, line.operationId)) ?? new Set<string>();
    const cases = fingerprints(line);
    const unlisted = cases.filter((fp) => !known.has(fp));
    if (cases.length === 0 || unlisted.length > 0) {
      outcome.new += 1;
      const some = cases.length - unlisted.length;
      return some > 0 ? { ...line, message: `${line.message} (${unlisted.length} case(s) not in the baseline, ${some} known)` } : line;
    }
    outcome.known.push({ rule: line.rule, operationId: line.operationId, message: line.message });
    // Listed, not failing: a known line counts as a warning and says why.
    totals[line.area].fail -= 1;
    totals.total.fail -= 1;
    totals[line.area].warn += 1;
    totals.total.warn += 1;
    return { ...line, outcome: 'warn', known: true, message: `known failure (baseline ${file}): ${line.message}` };
  });
  const byKey = new Map(report.lines.map((line) => [key(line.rule, line.operationId), line]));
  for (const entry of baseline.entries) {
    const line = byKey.get(key(entry.rule, entry.operationId));
    // Only what this run checked can be called fixed.
    if (!line || line.outcome === 'skip') continue;
    if (line.outcome !== 'fail' || !fingerprints(line).includes(entry.fingerprint)) outcome.fixed.push(entry);
  }
  return { ...report, lines, totals, verdict: totals.total.fail > 0 ? 'fail' : 'pass', baseline: outcome };
}
