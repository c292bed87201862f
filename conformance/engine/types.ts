// The vocabulary of a conformance run: modes, areas, outcomes and the findings rules record.
import type { OperationId } from '../../generated';

/** mock: the Prism mock (stateless, unfiltered); live: a deployment given by its base URL. */
export type Mode = 'mock' | 'live';

export const AREAS = ['responses', 'lists', 'filters', 'errors', 'auth', 'lifecycle'] as const;
export type AreaName = (typeof AREAS)[number];

/** WARN is for what the contract leaves open: it never fails a run. */
export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';

/** `-` marks a finding about the run rather than one operation (e.g. a scenario that crashed). */
export type OperationRef = OperationId | '-';

/** One verdict of one rule on one operation, as recorded; messages and curl are already redacted. */
export interface Finding {
  rule: string;
  operationId: OperationRef;
  outcome: Outcome;
  message: string;
  /** The request that produced the verdict, as a redacted curl command. */
  curl?: string;
  status?: number;
}

/** What a check function returns: an outcome and the precise reason. */
export interface Verdict {
  outcome: Outcome;
  message: string;
}

export const pass = (message: string): Verdict => ({ outcome: 'pass', message });
export const fail = (message: string): Verdict => ({ outcome: 'fail', message });
export const warn = (message: string): Verdict => ({ outcome: 'warn', message });
export const skip = (message: string): Verdict => ({ outcome: 'skip', message });

/** Everything a run needs to know; tokens stay in memory (and the environment of the jest run). */
export interface RunConfig {
  mode: Mode;
  /** The published {base_url}, without a trailing slash. */
  baseUrl: string;
  token: string;
  limitedToken?: string;
  sessionId?: string;
  /** Live mode only: whether watchdogs may be created and changed. Always true against the mock. */
  writes: boolean;
  areas: AreaName[];
  timeoutMs: number;
  /** How many pages a list walk follows through `next` before it jumps to the last page. */
  maxPages: number;
  runId: string;
  /** 429 handling: at most this many retries, each waiting at most maxWaitMs. */
  retry: { maxRetries: number; maxWaitMs: number };
  /** Requests in flight at once. */
  concurrency: number;
}
