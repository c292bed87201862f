// The published credential forms as the suite sends them, read from generated/ (the contract's
// security schemes and their `x-credential-format`): where the secret goes and what precedes it.
import { credentialForms, type CredentialForm, type CredentialScheme, type OperationId } from '../../generated';
import type { NearMissId } from './near-miss';

export { credentialForms, type CredentialForm, type CredentialScheme };

/** Which of the run's secrets a request carries (failures.json stores this, never the value). */
export type SecretRef = 'token' | 'limited' | 'session';

/**
 * A credential on a request: a secret of the run (or a near miss of it, engine/near-miss.ts: an
 * unknown value one slip away from a real one), a literal made-up value (empty, unknown), or none.
 */
export type CredentialRef = 'none' | ({ scheme: CredentialScheme; secret: SecretRef; nearMiss?: NearMissId } | { scheme: CredentialScheme; literal: string }) & {
  /** The scheme's prefix as a client spells it (`bearer `), instead of the published one. */
  spelling?: string;
  /** A cookie form among these other cookies (default: a browser's, BROWSER_COOKIES). */
  cookies?: Neighbours;
  /** A query form before the request's other parameters (default: after them, as a client appends it). */
  first?: true;
};

/** What stands before and after a credential among its neighbours: other cookies, as `name=value`. */
export interface Neighbours {
  before: string[];
  after: string[];
}

/** The cookies a browser sends beside a session cookie (RFC 6265 §5.4: one Cookie header, pairs joined by "; "). */
export const BROWSER_COOKIES: Neighbours = { before: ['csrftoken=conformance'], after: ['theme=dark'] };

export const formOf = (scheme: CredentialScheme): CredentialForm => credentialForms.find((form) => form.scheme === scheme)!;

/** The first form that carries an API key in the Authorization header (Bearer): the run's default. */
export const DEFAULT_SCHEME: CredentialScheme = credentialForms.find((form) => form.secret === 'API_KEY' && form.in === 'header')!.scheme;

export const fullAccess = (scheme: CredentialScheme = DEFAULT_SCHEME): CredentialRef => ({
  scheme,
  secret: formOf(scheme).secret === 'API_KEY' ? 'token' : 'session',
});

/** The secrets a run is given (RunConfig has them). */
export interface Secrets {
  token: string;
  limitedToken?: string;
  sessionId?: string;
}

/** Each letter in the other case: `Demo-Key` -> `dEMO-kEY`. */
export const swapCase = (value: string) => [...value].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

/** The run's value for a secret, if it has one. */
export function secretValue(config: Secrets, secret: SecretRef): string | undefined {
  return secret === 'token' ? config.token : secret === 'limited' ? config.limitedToken : config.sessionId;
}

/** Whether the published document shows this form on the operation (else its acceptance there is a modelling choice). */
export function shownOn(scheme: CredentialScheme, op: OperationId): boolean {
  const shown = formOf(scheme).shownOn as 'all' | readonly string[];
  return shown === 'all' || shown.includes(op);
}

export interface CredentialParts {
  headers: Record<string, string>;
  query: Array<[string, string]>;
}

/**
 * Where a value goes, as real clients send it: the header with its prefix; the query parameter
 * beside the others; the cookie among other cookies, as a browser sends it.
 */
export function credentialParts(scheme: CredentialScheme, value: string, prefix?: string, cookies: Neighbours = BROWSER_COOKIES): CredentialParts {
  const form = formOf(scheme);
  const text = `${prefix ?? form.prefix}${value}`;
  switch (form.in) {
    case 'header':
      return { headers: { [form.name]: text }, query: [] };
    case 'query':
      return { headers: {}, query: [[form.name, text]] };
    case 'cookie':
      return { headers: { Cookie: [...cookies.before, `${form.name}=${text}`, ...cookies.after].join('; ') }, query: [] };
  }
}
