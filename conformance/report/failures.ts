// failures.json: every failure with what reproduces it (the requests, secrets as references,
// never values), the seed and fast-check's path for generated cases. `conformance replay` reads it.
import type { FailureCase } from '../engine/replay-case';
import type { Report } from './model';

export const FAILURES_VERSION = 1;

export interface FailuresFile {
  version: typeof FAILURES_VERSION;
  runId: string;
  seed: number;
  mode: Report['mode'];
  baseUrl: string;
  failures: FailureCase[];
}

export function failuresFile(report: Report): FailuresFile {
  return { version: FAILURES_VERSION, runId: report.runId, seed: report.seed, mode: report.mode, baseUrl: report.baseUrl, failures: report.failures };
}

/** A file the user named, parsed as JSON, or an error that names it. */
export function parseJsonFile<T>(text: string, name: string): Partial<T> {
  try {
    return JSON.parse(text) as Partial<T>;
  } catch (error) {
    throw new Error(`${name} is not JSON: ${(error as Error).message}`);
  }
}

/** Reads a failures file, naming what is wrong with one that is not. */
export function parseFailures(text: string, name: string): FailuresFile {
  const data = parseJsonFile<FailuresFile>(text, name);
  if (data?.version !== FAILURES_VERSION || !Array.isArray(data.failures)) {
    throw new Error(`${name} is not a conformance failures file (version ${FAILURES_VERSION} with a failures list); write one with a run's --report`);
  }
  for (const [i, failure] of data.failures.entries()) {
    if (!failure?.replay || !['exchange', 'walk', 'sequence', 'spelled'].includes(failure.replay.kind)) throw new Error(`${name}: failure ${i} has no replayable case`);
  }
  return data as FailuresFile;
}
