// The five published credential forms (any one suffices). The mock checks the form of a
// credential, never its value: like Prism, it accepts any non-empty key or session id.

export type CredentialPlace = 'authorization' | 'query' | 'cookie';

export interface CredentialForm {
  /** Security scheme name in the contract. */
  scheme: string;
  /** As the published document names it. */
  label: string;
  place: CredentialPlace;
  /** Authorization scheme word, for the header forms. */
  authScheme?: 'Bearer' | 'Token' | 'Session';
}

export const CREDENTIAL_FORMS: readonly CredentialForm[] = [
  { scheme: 'bearerAuth', label: 'Bearer token', place: 'authorization', authScheme: 'Bearer' },
  { scheme: 'tokenAuth', label: 'Token', place: 'authorization', authScheme: 'Token' },
  { scheme: 'sessionHeaderAuth', label: 'Session (header)', place: 'authorization', authScheme: 'Session' },
  { scheme: 'sessionQueryAuth', label: 'Session (query)', place: 'query' },
  { scheme: 'sessionCookieAuth', label: 'Session (cookie)', place: 'cookie' },
];

/** Example values shown in the start banner and README; any non-empty value works. */
export const EXAMPLE_SECRETS = { key: 'demo-key', session: 'demo-session' } as const;

export function exampleSecret(form: CredentialForm): string {
  return form.authScheme === 'Bearer' || form.authScheme === 'Token' ? EXAMPLE_SECRETS.key : EXAMPLE_SECRETS.session;
}

/** Where a request carries a credential in this form. */
export interface CredentialParts {
  headers: Record<string, string>;
  /** Query string to append (without `?`), for the query form. */
  query?: string;
}

export function credentialParts(form: CredentialForm, secret: string): CredentialParts {
  switch (form.place) {
    case 'authorization':
      return { headers: { authorization: `${form.authScheme} ${secret}` } };
    case 'query':
      return { headers: {}, query: `sessionid=${encodeURIComponent(secret)}` };
    case 'cookie':
      return { headers: { cookie: `sessionid=${secret}` } };
  }
}

/** A curl command for one form, e.g. `curl -H 'Authorization: Bearer demo-key' <url>`. */
export function curlLine(form: CredentialForm, url: string): string {
  const secret = exampleSecret(form);
  switch (form.place) {
    case 'authorization':
      return `curl -H 'Authorization: ${form.authScheme} ${secret}' ${url}`;
    case 'query':
      return `curl '${url}?sessionid=${secret}'`;
    case 'cookie':
      return `curl --cookie 'sessionid=${secret}' ${url}`;
  }
}

// Scheme words are case-insensitive (RFC 9110 §11.1); a credential is one token without spaces.
const PUBLISHED_AUTHORIZATION = new RegExp(
  `^(${CREDENTIAL_FORMS.flatMap((f) => f.authScheme ?? []).join('|')}) +[^\\s]+$`,
  'i',
);

/**
 * Whether an Authorization value has one of the three published forms. Prism models Token and
 * Session as API keys in the Authorization header, so it would accept any value (even
 * `Basic …`); the front drops other values, and Prism then answers 401 unless a session
 * query parameter or cookie is present.
 */
export function isPublishedAuthorization(value: string): boolean {
  return PUBLISHED_AUTHORIZATION.test(value.trim());
}
