// The five published credential forms, checked against the sandbox's three secrets.
// The first form present decides (Authorization header, then `?sessionid=`, then the
// `sessionid` cookie): a wrong value is a 401 even if a later form would be right, as in
// Django REST framework, where a failing authenticator stops the chain.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { OperationId } from '../generated';

export interface Credentials {
  /** API key with every right (Bearer or Token). */
  token: string;
  /** API key that may read and search but not write watchdogs. */
  readonlyToken: string;
  /** Session id with every right (Session header, query or cookie). */
  sessionId: string;
}

export const DEFAULT_CREDENTIALS: Credentials = {
  token: 'sandbox-token',
  readonlyToken: 'sandbox-readonly-token',
  sessionId: 'sandbox-session',
};

/** The environment variable that overrides each credential. */
export const CREDENTIAL_ENV: Record<keyof Credentials, string> = {
  token: 'SANDBOX_TOKEN',
  readonlyToken: 'SANDBOX_READONLY_TOKEN',
  sessionId: 'SANDBOX_SESSION_ID',
};

export type Rights = 'full' | 'readonly';

/** Operations the read-only key is refused (403): every watchdog write. */
export const WRITE_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  'watchdogsCreate',
  'watchdogsEventsPartialUpdate',
  'watchdogsActivate',
  'watchdogsDeactivate',
  'watchdogsSubscribe',
  'watchdogsUnsubscribe',
]);

type Presented = { kind: 'key' | 'session'; value: string } | 'malformed' | undefined;

// Scheme words are case-insensitive (RFC 9110 §11.1; DRF compares them lower-cased).
const AUTHORIZATION = /^(bearer|token|session)[ \t]+(\S+)[ \t]*$/i;

function fromAuthorization(header: string | undefined): Presented {
  if (header === undefined) return undefined;
  const match = AUTHORIZATION.exec(header);
  if (!match) {
    // Another scheme (e.g. Basic) is not one of ours: ignored, so a session may still follow.
    return /^(bearer|token|session)\b/i.test(header.trim()) ? 'malformed' : undefined;
  }
  return { kind: match[1]!.toLowerCase() === 'session' ? 'session' : 'key', value: match[2]! };
}

function fromCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === 'sessionid') return pair.slice(eq + 1).trim();
  }
  return undefined;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Compares a presented secret in constant time (it is treated like a password). */
function sameSecret(presented: string, expected: Buffer): boolean {
  return timingSafeEqual(digest(presented), expected);
}

export type Authenticator = (headers: IncomingHttpHeaders, querySessionId: string | undefined) => Rights | undefined;

/** Returns the caller's rights, or undefined for missing or wrong credentials (401). */
export function createAuthenticator(credentials: Credentials): Authenticator {
  const token = digest(credentials.token);
  const readonly = digest(credentials.readonlyToken);
  const session = digest(credentials.sessionId);
  return (headers, querySessionId) => {
    const sessionId = querySessionId ?? fromCookie(headers.cookie);
    const presented: Presented =
      fromAuthorization(headers.authorization) ?? (sessionId !== undefined ? { kind: 'session', value: sessionId } : undefined);
    if (presented === undefined || presented === 'malformed') return undefined;
    if (presented.kind === 'session') return sameSecret(presented.value, session) ? 'full' : undefined;
    if (sameSecret(presented.value, token)) return 'full';
    if (sameSecret(presented.value, readonly)) return 'readonly';
    return undefined;
  };
}

/** Why a credential configuration is unusable, or undefined; never includes a value. */
export function credentialProblem(credentials: Credentials): string | undefined {
  for (const key of Object.keys(CREDENTIAL_ENV) as (keyof Credentials)[]) {
    const value = credentials[key];
    if (value === '') return `${CREDENTIAL_ENV[key]} is empty`;
    if (/[\s;,]/.test(value)) return `${CREDENTIAL_ENV[key]} contains whitespace, ';' or ','`;
  }
  if (credentials.token === credentials.readonlyToken) return 'SANDBOX_TOKEN and SANDBOX_READONLY_TOKEN must differ';
  return undefined;
}
