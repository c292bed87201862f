// The sandbox's three secrets, checked against the credential a request presents in one of the
// five published forms (protocol/credentials.ts reads the form). A wrong value is a 401 even
// if a later form would be right, as in Django REST framework, where a failing authenticator
// stops the chain.
import { presentedCredential, type CredentialSources } from '../../protocol/credentials';
import { DEMO_CREDENTIALS, type DemoCredentials } from '../../protocol/demo-credentials';

/** The three secrets a sandbox accepts (a full key, a read-only key, a session id). */
export type Credentials = DemoCredentials;

/** The kit's demo credentials, the same the mock and its banner use (protocol/demo-credentials.ts). */
export const DEFAULT_CREDENTIALS: Credentials = DEMO_CREDENTIALS;

export type Rights = 'full' | 'readonly';

/**
 * Compares a presented secret with an expected one in time that depends only on the expected
 * one's length, never on where they differ (a secret is treated like a password). Written by
 * hand: node:crypto's timingSafeEqual does not exist in a browser, where the core also runs.
 */
export function sameSecret(presented: string, expected: string): boolean {
  let difference = presented.length ^ expected.length;
  // Past its end charCodeAt gives NaN, which `^` treats as 0; the lengths already differ then.
  for (let i = 0; i < expected.length; i++) difference |= presented.charCodeAt(i) ^ expected.charCodeAt(i);
  return difference === 0;
}

export type Authenticator = (request: CredentialSources) => Rights | undefined;

/** Returns the caller's rights, or undefined for missing or wrong credentials (401). */
export function createAuthenticator(credentials: Credentials): Authenticator {
  return (request) => {
    const presented = presentedCredential(request);
    if (presented?.kind !== 'credential') return undefined;
    if (presented.form.secret === 'SESSION_ID') return sameSecret(presented.secret, credentials.sessionId) ? 'full' : undefined;
    if (sameSecret(presented.secret, credentials.token)) return 'full';
    if (sameSecret(presented.secret, credentials.readonlyToken)) return 'readonly';
    return undefined;
  };
}

/** Why a credential configuration is unusable, or undefined; names each credential by `label`, never shows a value. */
export function credentialProblem(
  credentials: Credentials,
  label: (key: keyof Credentials) => string = (key) => `credentials.${key}`,
): string | undefined {
  for (const key of Object.keys(DEFAULT_CREDENTIALS) as (keyof Credentials)[]) {
    const value = credentials[key];
    if (typeof value !== 'string' || value === '') return `${label(key)} is empty`;
    if (/[\s;,]/.test(value)) return `${label(key)} contains whitespace, ';' or ','`;
  }
  if (credentials.token === credentials.readonlyToken) return `${label('token')} and ${label('readonlyToken')} must differ`;
  return undefined;
}
