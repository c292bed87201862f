// What a phase asks to send, how it goes on the wire, and what came back.
import type { OperationId } from '../../generated';
import type { CredentialRef } from './credentials';

export type Body =
  | { kind: 'json'; value: unknown }
  /** Bytes as given: malformed JSON, an odd content type. */
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'form'; fields: Array<[string, string]> }
  | { kind: 'multipart'; fields: Array<[string, string]> };

/**
 * What the contract says of a request, proven on the request as sent (cases/classify.ts):
 * accept: valid and authorised, so the published success status; refuse: invalid, so a 4xx;
 * any: the contract leaves it open, so a 4xx or a correct answer, never a 5xx.
 */
export type Expectation = 'accept' | 'refuse' | 'any';

/** Requests that probe one published rule, judged by that rule (rules/auth.ts, rules/inputs.ts). */
export type Probe =
  | 'credential-form'
  | 'credential-spelling'
  | 'missing-credentials'
  | 'invalid-credentials'
  /** A near miss of one of the run's secrets (credentials_exact). */
  | 'near-miss'
  | 'limited-key'
  | 'undeclared-method'
  | 'unknown-resource'
  | 'path-spelling';

export interface RequestSpec {
  operationId: OperationId;
  /** What the request is for, in words (appears in messages), e.g. "create with a 201-character name". */
  purpose: string;
  /** Another method than the operation's (an undeclared method on a published path). */
  method?: string;
  /** Values for the path template ({uuid}, {event_uuid}). */
  params?: Record<string, string>;
  /** `false`: the path without its trailing slash (a spelling real clients send; not a published path, so only no 5xx is judged). */
  trailingSlash?: false;
  /** An absolute URL instead of the operation's path, to follow `next` and `previous` links. */
  url?: string;
  query?: Array<[string, string]>;
  /**
   * The query as written on the wire, where it is another legal spelling of `query` (percent-
   * encodings, separators): `query` stays what the request means, and what the proof reads.
   */
  querySpelling?: string;
  headers?: Record<string, string>;
  body?: Body;
  /** `chunked`: the body goes with `Transfer-Encoding: chunked` and no Content-Length (RFC 9112 §7.1), in more than one chunk. */
  framing?: 'chunked';
  /** Default: the full-access API key in the first header form (Bearer). */
  credential?: CredentialRef;
  expect?: Expectation;
  /** The expectation rests on a modelling choice of the contract: not meeting it only warns. */
  choice?: boolean;
  /**
   * A refusal expected only by a description in prose or a read input's value domain (why, e.g.
   * `query/country_code: it is not ISO 3166-1 alpha-2, …`): refusing is optional, a correct
   * answer (for a filter, an empty list or items that match) only warns (cases/refusal.ts).
   */
  refusalOptional?: string;
  /**
   * Body fields left out whose required-ness is not published: a refusal only warns, until the
   * deployment has accepted a body of this operation that leaves them out (runner/run.ts).
   */
  openFields?: string[];
  probe?: Probe;
  /** Whether the resource in the path exists (one its list served, one the run created, one the config names) or was made up. */
  resource?: 'existing' | 'unknown';
  /** The item the resource's list served for the identifier in the path: a success must answer this resource. */
  listed?: Record<string, unknown>;
  /**
   * Inputs whose values the suite had to make up because nothing published names real ones (the
   * event of the PATCH path, tag UUIDs): a refusal of an otherwise valid request only warns.
   */
  madeUp?: string[];
  /**
   * A transition (activate, deactivate) sent to a watchdog in a state the deployment already
   * accepted it from: a refusal is the body's fault. Otherwise from which states a transition may
   * start is not published, and a refusal only warns.
   */
  stateProven?: true;
}

/** A request as it went on the wire, for people to read: its body as text (a multipart one as its fields). */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Exchange {
  spec: RequestSpec;
  method: string;
  url: string;
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** The media type without parameters, lower case; '' when absent. */
  mediaType: string;
  text: string;
  /** The parsed body, or undefined when the body is empty or not JSON. */
  json: unknown;
  /** The request as a curl command, redacted. */
  curl: string;
  /** How often a 429 was waited out. */
  retries: number;
  /** Milliseconds from sending the request to the last byte of its answer (the last try's); absent for traffic the suite did not time. */
  ms?: number;
  /** The request as sent, secrets in it (the runner redacts what it shows). */
  sent?: SentRequest;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isSuccess = (status: number) => status >= 200 && status < 300;
export const isClientError = (status: number) => status >= 400 && status < 500;

/** A lone surrogate cannot be encoded in UTF-8: URL and form encoders send U+FFFD instead. */
export const wellFormed = (text: string) => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** A response's headers as a plain record, names in lower case (as fetch gives them). */
export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => (record[name] = value));
  return record;
}
