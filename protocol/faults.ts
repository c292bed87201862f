// Faults and latency on demand, for frontends that must show a slow or failing service: a delay
// and a forced error status with the contract's `{error, code}` body. One definition for the
// sandbox's core (node:http and MSW alike) and the mock's front. A request asks with a `Prefer`
// header in Prism's style (`Prefer: code=503`, `Prefer: delay=300`, `Prefer: code=429,
// retry-after=30`); a server may also be configured with faults per operation. None of these
// statuses or codes is published: they are the kit's choices, for testing a client's handling.
import { publishedErrors } from '../generated';
import { errorReply, publishedError, type ErrorBody, type PublishedStatus } from './errors';
import type { Reply } from './reply';

/** What to do to one request: wait, then (with `status`) answer an error instead of the operation. */
export interface Fault {
  /** An error status from 400 to 599, answered with a `{error, code}` body. */
  status?: number;
  /** Milliseconds to wait before answering (0 to MAX_DELAY_MS). */
  delay?: number;
  /** Seconds for `Retry-After` (default 1 on 429 and 503, none on other statuses). */
  retryAfter?: number;
  /** A body of your own instead of the default for the status. */
  body?: ErrorBody;
}

export const MAX_DELAY_MS = 60_000;

/** The code of a forced status's body (DRF's code where it has one). */
const CODES: Record<number, string> = {
  400: 'invalid',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
  500: 'internal_error',
  502: 'bad_gateway',
  503: 'service_unavailable',
  504: 'gateway_timeout',
};

/** Statuses that get a `Retry-After` unless the fault gives one. */
const RETRY_AFTER_BY_DEFAULT = new Set([429, 503]);

/** Why a fault cannot be served (e.g. `status must be an integer from 400 to 599 (got 200)`), or undefined. */
export function faultProblem(fault: Fault): string | undefined {
  const { status, delay, retryAfter } = fault;
  if (status !== undefined && !(Number.isInteger(status) && status >= 400 && status <= 599)) {
    return `status must be an integer from 400 to 599 (got ${JSON.stringify(status)})`;
  }
  if (delay !== undefined && !(Number.isInteger(delay) && delay >= 0 && delay <= MAX_DELAY_MS)) {
    return `delay must be an integer number of milliseconds from 0 to ${MAX_DELAY_MS} (got ${JSON.stringify(delay)})`;
  }
  if (retryAfter !== undefined && !(Number.isInteger(retryAfter) && retryAfter >= 0)) {
    return `retry-after must be a whole number of seconds (got ${JSON.stringify(retryAfter)})`;
  }
  return undefined;
}

/** Why a latency cannot be served, or undefined. */
export function latencyProblem(latency: number | undefined): string | undefined {
  return faultProblem({ delay: latency })?.replace(/^delay/, 'latency');
}

/** The error reply of a fault with a status: the published body for 401/403, else `{error, code}` for the status. */
export function faultReply(fault: Fault & { status: number }): Reply {
  const { status } = fault;
  const published = String(status) in publishedErrors ? publishedError(String(status) as PublishedStatus) : undefined;
  const body: ErrorBody = fault.body ?? published ?? { error: `Forced status ${status} (fault injection, not the service's answer)`, code: CODES[status] ?? 'error' };
  const retryAfter = fault.retryAfter ?? (RETRY_AFTER_BY_DEFAULT.has(status) ? 1 : undefined);
  const headers: Record<string, string> = {};
  if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
  if (status === 401) headers['www-authenticate'] = 'Bearer realm="api"';
  return errorReply(status, body, headers);
}

/** The fault a `Prefer` header asks for: `code=<status>`, `delay=<ms>`, `retry-after=<s>` (other preferences are not ours). */
export interface PreferredFault {
  fault: Fault;
  /** The preferences honoured, for `Preference-Applied`. */
  applied: string[];
}

const PREFER_KEYS: Record<string, keyof Fault> = { code: 'status', delay: 'delay', 'retry-after': 'retryAfter' };

/**
 * Reads the fault preferences of a Prefer header (RFC 7240: comma-separated `name=value`, names
 * case-insensitive, unknown preferences ignored). Throws an Error naming the value when one of
 * ours cannot be read, so a typo gets a 400 rather than a silent normal answer. A server that
 * leaves some statuses to another (the mock leaves declared ones to Prism) passes `takesStatus`:
 * a `code=` it does not take is left alone.
 */
export function preferredFault(header: string | null | undefined, takesStatus: (status: number) => boolean = () => true): PreferredFault | undefined {
  if (!header) return undefined;
  const fault: Fault = {};
  const applied: string[] = [];
  for (const part of header.split(',')) {
    const [rawName = '', ...rest] = part.split(';')[0]!.split('=');
    const name = rawName.trim().toLowerCase();
    const key = PREFER_KEYS[name];
    if (!key) continue;
    const raw = rest.join('=').trim().replace(/^"(.*)"$/, '$1');
    if (!/^\d{1,9}$/.test(raw)) throw new Error(`Prefer: ${name} must be a whole number (got ${JSON.stringify(raw.slice(0, 40))})`);
    if (key === 'status' && !takesStatus(Number(raw))) continue;
    (fault as Record<string, number>)[key] = Number(raw);
    applied.push(`${name}=${raw}`);
  }
  if (applied.length === 0) return undefined;
  const problem = faultProblem(fault);
  if (problem) throw new Error(`Prefer: ${problem}`);
  if (fault.retryAfter !== undefined && fault.status === undefined) throw new Error('Prefer: retry-after needs code=<status>');
  return { fault, applied };
}
