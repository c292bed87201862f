// failures.json: every failure with what reproduces it (the requests, secrets as references,
// never values; a body over a few KB as its file in bodies/), the seed and fast-check's path for
// generated cases. `conformance replay` reads it.
import { equivalenceNamed } from '../cases/equivalence/index';
import type { BodyStore } from '../engine/bodies';
import type { FailureCase } from '../engine/replay-case';
import type { Report } from './model';
import { loadBodies, storeBodies } from './stored-bodies';

export const FAILURES_VERSION = 1;

export interface FailuresFile {
  version: typeof FAILURES_VERSION;
  runId: string;
  seed: number;
  mode: Report['mode'];
  /** Where the failures happened: a replay goes there unless told otherwise (--base-url, --mock). */
  baseUrl: string;
  /** The CLI started the target for the run (its URL lived as long as the run): a replay starts a fresh one. */
  started?: Report['started'];
  /** The run could write (live mode): so can its replay, which re-sends writes among its cases. */
  writes: boolean;
  failures: FailureCase[];
}

/** `bodies`: where long bodies go (the report folder's bodies/); without it they stay inline. */
export function failuresFile(report: Report, bodies?: BodyStore): FailuresFile {
  const failures = bodies ? storeBodies(report.failures, bodies) : report.failures;
  return { version: FAILURES_VERSION, runId: report.runId, seed: report.seed, mode: report.mode, baseUrl: report.baseUrl, ...(report.started && { started: report.started }), writes: report.writes, failures };
}

/** A file the user named, parsed as JSON, or an error that names it. */
export function parseJsonFile<T>(text: string, name: string): Partial<T> {
  try {
    return JSON.parse(text) as Partial<T>;
  } catch (error) {
    throw new Error(`${name} is not JSON: ${(error as Error).message}`);
  }
}

/**
 * Reads a failures file, naming what is wrong with one that is not; `readBody` reads a body it
 * names by its file (relative to the file's folder).
 */
export function parseFailures(text: string, name: string, readBody?: (file: string) => string): FailuresFile {
  const data = parseJsonFile<FailuresFile>(text, name);
  if (data?.version !== FAILURES_VERSION || !Array.isArray(data.failures) || !['mock', 'live'].includes(data.mode as string) || typeof data.baseUrl !== 'string') {
    throw new Error(`${name} is not a conformance failures file (version ${FAILURES_VERSION} with its mode, base URL and a failures list); write one with a run's --report`);
  }
  for (const [i, failure] of data.failures.entries()) {
    if (!failure?.replay || !['exchange', 'walk', 'sequence', 'equivalent'].includes(failure.replay.kind)) throw new Error(`${name}: failure ${i} has no replayable case`);
    if (failure.replay.kind === 'equivalent' && !equivalenceNamed(failure.replay.row)) throw new Error(`${name}: failure ${i} names the equivalence "${failure.replay.row}", which this version of the suite does not know`);
  }
  const read = (file: string) => {
    if (!readBody) throw new Error(`${name} names the body ${file}: replay it from its report folder`);
    try {
      return readBody(file);
    } catch {
      throw new Error(`${name} names the body ${file}, which is not beside it: keep the report folder whole`);
    }
  };
  return { ...(data as FailuresFile), failures: loadBodies(data.failures as FailureCase[], read) };
}
