// A baseline: the failures a team already knows of (ticketed deviations), each by what failed —
// rule × operation × the fact its message states (engine/fingerprint.ts decides it; this module
// only compares) — with, if the team adds them, a reason, an owner and an expiry date. Applied to
// a report: a failing line whose every failure the baseline lists is KNOWN (listed, not failing
// the run); a failure it does not list is new and fails as usual; an entry past its date no longer
// makes its failure known (it fails again, saying so); an entry whose line was checked and no
// longer fails with its fact is fixed, so the file can shrink.
import { parseJsonFile } from '../report/failures';
import { verdictOf, type BaselineOutcome, type KnownFailure, type Line, type Report } from '../report/model';

export const BASELINE_VERSION = 2;

export interface BaselineEntry extends KnownFailure {
  /** The entry was written from a case a seeded phase drew (lifecycle, fuzz): another seed may not draw it. */
  generated?: string;
}

export interface BaselineFile {
  version: typeof BASELINE_VERSION;
  /** The run that wrote it. */
  runId: string;
  seed: number;
  entries: BaselineEntry[];
}

const key = (rule: string, operationId: string) => `${rule} ${operationId}`;
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Today as the entries' dates are written: `YYYY-MM-DD`, in UTC. */
export const today = (now = new Date()) => now.toISOString().slice(0, 10);
/** An entry expires at the end of its day: on that day it still holds. */
const expired = (entry: KnownFailure, day: string) => entry.expires !== undefined && entry.expires < day;

/** The distinct failures of a line: one finding per fact. */
function failuresOf(line: Line) {
  const byFingerprint = new Map<string, Line['evidence'][number]>();
  for (const finding of line.evidence) if (finding.outcome === 'fail' && finding.fingerprint && !byFingerprint.has(finding.fingerprint)) byFingerprint.set(finding.fingerprint, finding);
  return [...byFingerprint.values()];
}

/**
 * The failures of a report as a baseline, one entry per fact; entries of `previous` (the baseline
 * the run was checked against) keep their reason, owner and expiry.
 */
export function baselineOf(report: Report, previous?: BaselineFile): BaselineFile {
  const notes = new Map(previous?.entries.map((entry) => [entry.fingerprint, entry]));
  const entries: BaselineEntry[] = [];
  for (const line of report.lines.filter((l) => l.outcome === 'fail' || l.known)) {
    for (const finding of failuresOf(line)) {
      const note = notes.get(finding.fingerprint!);
      entries.push({
        rule: line.rule, operationId: line.operationId, fingerprint: finding.fingerprint!, fact: finding.fact ?? finding.message, message: finding.message,
        ...(finding.generated && { generated: finding.generated }),
        ...(note?.reason !== undefined && { reason: note.reason }), ...(note?.owner !== undefined && { owner: note.owner }), ...(note?.expires !== undefined && { expires: note.expires }),
      });
    }
  }
  entries.sort((a, b) => compare(key(a.rule, a.operationId), key(b.rule, b.operationId)) || compare(a.fact, b.fact));
  return { version: BASELINE_VERSION, runId: report.runId, seed: report.seed, entries };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function parseBaseline(text: string, name: string): BaselineFile {
  const data = parseJsonFile<BaselineFile & { version: number }>(text, name);
  if ((data?.version as number | undefined) === 1) throw new Error(`${name} was written by an earlier version of the suite (a fingerprint per case, which changed with the seed); write it again with --write-baseline`);
  if (data?.version !== BASELINE_VERSION || !Array.isArray(data.entries)) {
    throw new Error(`${name} is not a conformance baseline (version ${BASELINE_VERSION} with entries of rule, operationId, fingerprint, fact); write one with --write-baseline`);
  }
  data.entries.forEach((entry, i) => {
    const where = `${name}: entry ${i}${typeof entry?.rule === 'string' ? ` (${entry.rule} · ${entry.operationId})` : ''}`;
    for (const field of ['rule', 'operationId', 'fingerprint', 'fact'] as const) if (typeof entry?.[field] !== 'string') throw new Error(`${where} has no ${field}`);
    for (const field of ['reason', 'owner', 'message'] as const) if (entry[field] !== undefined && typeof entry[field] !== 'string') throw new Error(`${where}: ${field} must be text`);
    if (entry.expires !== undefined && (typeof entry.expires !== 'string' || !DATE.test(entry.expires) || Number.isNaN(Date.parse(entry.expires)))) {
      throw new Error(`${where}: expires must be a date, YYYY-MM-DD, got ${JSON.stringify(entry.expires)}`);
    }
  });
  return data as BaselineFile;
}

/** What the team wrote of an entry, for a line's message. */
const noted = (entry: KnownFailure) => [entry.reason, entry.owner && `owner ${entry.owner}`, entry.expires && `until ${entry.expires}`].filter(Boolean).join(', ');

/**
 * The report with the baseline applied (`day`: today, for the expiry dates): known lines do not
 * fail it; new and expired failures do; fixed entries are named. A failure of a seeded phase
 * (lifecycle, fuzz) on a line the baseline lists is known: a case the seed drew on a line that
 * fails for a listed reason shows that reason more often than not, and another seed draws
 * another case.
 */
export function applyBaseline(report: Report, baseline: BaselineFile, file: string, day = today()): Report {
  const byFingerprint = new Map(baseline.entries.map((entry) => [entry.fingerprint, entry]));
  const listedLines = new Set(baseline.entries.filter((entry) => !expired(entry, day)).map((entry) => key(entry.rule, entry.operationId)));
  const outcome: BaselineOutcome = { file, known: [], new: [], fixed: [], expired: [] };
  const totals = structuredClone(report.totals);
  const lines = report.lines.map((line): Line => {
    if (line.outcome !== 'fail') return line;
    let known = 0;
    const fresh: string[] = [];
    const lapsed: BaselineEntry[] = [];
    const notes: string[] = [];
    for (const finding of failuresOf(line)) {
      const entry = byFingerprint.get(finding.fingerprint!);
      if (entry && expired(entry, day)) lapsed.push(entry);
      else if (entry || (finding.generated && listedLines.has(key(line.rule, line.operationId)))) {
        known += 1;
        if (entry && noted(entry)) notes.push(noted(entry));
      } else {
        fresh.push(finding.fingerprint!);
        outcome.new.push({ rule: line.rule, operationId: line.operationId, fact: finding.fact ?? finding.message, message: finding.message });
      }
    }
    outcome.expired.push(...lapsed);
    if (fresh.length > 0 || lapsed.length > 0) {
      if (known === 0 && lapsed.length === 0) return line;
      const parts = [fresh.length && `${fresh.length} failure(s) not in the baseline`, known && `${known} known`, ...lapsed.map((entry) => `its baseline entry expired on ${entry.expires}${noted(entry) ? ` (${noted(entry)})` : ''}`)];
      return { ...line, message: `${line.message} (${parts.filter(Boolean).join(', ')})` };
    }
    outcome.known.push({ rule: line.rule, operationId: line.operationId, message: line.message });
    // Listed, not failing: a known line counts as a warning and says why.
    totals[line.area].fail -= 1;
    totals.total.fail -= 1;
    totals[line.area].warn += 1;
    totals.total.warn += 1;
    const why = [...new Set(notes)].join('; ');
    return { ...line, outcome: 'warn', known: true, message: `known failure (baseline ${file}${why ? `: ${why}` : ''}): ${line.message}` };
  });
  const byLine = new Map(report.lines.map((line) => [key(line.rule, line.operationId), line]));
  for (const entry of baseline.entries) {
    const line = byLine.get(key(entry.rule, entry.operationId));
    // Only what this run checked can be called fixed; a generated case only when its whole line passed (another seed draws other cases).
    if (!line || line.outcome === 'skip') continue;
    const failing = line.outcome === 'fail' ? failuresOf(line).map((f) => f.fingerprint) : [];
    if (entry.generated ? line.outcome !== 'fail' : !failing.includes(entry.fingerprint)) outcome.fixed.push(entry);
  }
  return { ...report, lines, totals, verdict: verdictOf(totals, report.incomplete), baseline: outcome };
}
