// The vocabulary of a conformance run: modes, areas, outcomes, verdicts and the run's settings.
import type { CredentialScheme, OperationId } from '../../generated';
import type { ExchangeView } from './exchange-view';
import type { Exchange } from './request';

/** mock: the Prism mock (stateless, unfiltered); live: a deployment given by its base URL. */
export type Mode = 'mock' | 'live';

/**
 * What a run can be asked to exercise (`--only`). Response rules judge every exchange whatever
 * area sent it.
 */
export const AREAS = ['responses', 'inputs', 'lists', 'filters', 'auth', 'lifecycle', 'fuzz'] as const;
export type AreaName = (typeof AREAS)[number];

/** WARN is for what the contract leaves open: it never fails a run. */
export type Outcome = 'pass' | 'fail' | 'warn' | 'skip';

/** `-` marks a finding about the run rather than one operation (e.g. a phase that crashed). */
export type OperationRef = OperationId | '-';

/** What a check returns: an outcome, the precise reason, and what was received against what is declared. */
export interface Verdict {
  outcome: Outcome;
  message: string;
  received?: unknown;
  expected?: unknown;
  /** The exchange that shows it, when the check looked at several (a page of a walk). */
  at?: Exchange;
}

type Detail = { received?: unknown; expected?: unknown };
export const pass = (message: string): Verdict => ({ outcome: 'pass', message });
export const fail = (message: string, detail: Detail = {}): Verdict => ({ outcome: 'fail', message, ...detail });
export const warn = (message: string, detail: Detail = {}): Verdict => ({ outcome: 'warn', message, ...detail });
export const skip = (message: string): Verdict => ({ outcome: 'skip', message });

/** One verdict of one rule on one operation, as recorded; messages and curl are already redacted. */
export interface Finding extends Omit<Verdict, 'at'> {
  rule: string;
  operationId: OperationRef;
  /** The request(s) that produced the verdict, as redacted curl commands. */
  curl?: string;
  status?: number;
  /** Index of the reproducible case in the run's failures (failing findings only). */
  failure?: number;
  /** Failing findings: what failed, stable across runs and seeds (engine/fingerprint.ts; a baseline lists these). */
  fingerprint?: string;
  /** Failing findings: the message with its values taken out, the fact the fingerprint stands for. */
  fact?: string;
  /** Failing findings of a seeded phase (lifecycle sequences, fuzz): the phase that drew the case. */
  generated?: string;
  /** Failing and warning findings: the exchange that shows it, as sent and received, redacted (report.html). */
  exchange?: ExchangeView;
}

/** Everything a run needs to know; secrets stay in memory. */
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
  /** Seeds every generated case: the same seed against the same data sends the same requests. */
  seed: number;
  /** Requests the run may send (the random phase fills what the deterministic phases leave). */
  budget: number;
  /**
   * The pace: the rates told (`--rate-limit`, requests per second: for every operation, and for
   * some alone; none: the run learns them), and how long one request may wait out 429s before it
   * is not checked (`--patience`).
   */
  rate: { perSecond?: number; perOperation?: Partial<Record<OperationId, number>>; patienceMs: number };
  /** Requests in flight at once. */
  concurrency: number;
  /** The largest answer read, in bytes (`--max-body`; absent: 16 MB): a larger one is abandoned at the cap. */
  maxBodyBytes?: number;
  /** `--max-response-time`: answers slower than this fail response_time_within; without it times are reported, never judged. */
  maxResponseMs?: number;
  /** Set when the run judges traffic it did not send (a HAR, NDJSON, the proxy): where it came from. */
  traffic?: string;
  /** What the user knows of the deployment's data and the suite cannot find itself (conformance.config.json). */
  known?: KnownData;
  /** Extra headers sent on every request (a gateway's); their values are hidden like the secrets. */
  headers?: Record<string, string>;
  /** The config file the run read, as the user named it (conformance.config.json or --config); absent without one. */
  configFile?: string;
  /** Operations the run sends nothing to (the config's `operations`): their lines are skipped, saying so. */
  excluded?: OperationId[];
  /** The published {base_url} served links must carry (`publicBaseUrl`); without it a link on another origin only warns. */
  publicBaseUrl?: string;
  /**
   * The form the key goes in where a case names none: the first published (Bearer), or the first
   * the deployment takes when it refuses that one (the auth rules report the refusal).
   */
  keyScheme?: CredentialScheme;
}

/** Data of the deployment the user vouches for. */
export interface KnownData {
  /**
   * Identifiers that exist, by the resource the contract names (`company`, `tag`, `municipality`,
   * …: `x-resource`, `x-references`): the cases reference them and aim path parameters at them
   * before those the lists serve (tags only from here: no published operation lists them).
   */
  ids?: Record<string, string[]>;
  /** The first spelling of `ids` for the resource the body fields `companies` refer to (companies that exist). */
  companies?: string[];
  /** The first spelling of `ids` for the resource the body fields `tags` refer to (tags that exist). */
  tags?: string[];
  /** A company search body that finds results: the first base tried when the search refuses to list without criteria. */
  search?: Record<string, string>;
}
