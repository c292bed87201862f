// The mock's side of the five published credential forms (any one suffices). The forms
// themselves, where a secret goes and how it is read, come from the contract through
// protocol/credentials.ts. The mock checks the form of a credential, never its value: like
// Prism, it accepts any non-empty key or session id.
import { credentialForms, placeCredential, presentedCredential, type CredentialForm } from '../protocol/credentials';
import { DEMO_CREDENTIALS } from '../protocol/demo-credentials';

export { credentialForms, type CredentialForm };

/** The kit's demo values (the sandbox's defaults too) shown in the banner and README; any non-empty value works. */
export const EXAMPLE_SECRETS: Record<CredentialForm['secret'], string> = { API_KEY: DEMO_CREDENTIALS.token, SESSION_ID: DEMO_CREDENTIALS.sessionId };

export function exampleSecret(form: CredentialForm): string {
  return EXAMPLE_SECRETS[form.secret];
}

/** A curl command for one form with its example secret, e.g. `curl -H 'Authorization: Bearer demo-key' <url>`. */
export function curlLine(form: CredentialForm, url: string): string {
  const placed = placeCredential(form, exampleSecret(form));
  switch (placed.in) {
    case 'header':
      return `curl -H '${placed.name}: ${placed.value}' ${url}`;
    case 'query': {
      const withQuery = new URL(url);
      withQuery.searchParams.set(placed.name, placed.value);
      return `curl '${withQuery.href}'`;
    }
    case 'cookie':
      return `curl --cookie '${placed.name}=${placed.value}' ${url}`;
  }
}

/**
 * Whether an Authorization value presents one of the published header forms (scheme words
 * case-insensitive, one token after it). Prism models Token and Session as API keys in the
 * Authorization header, so it would accept any value (even `Basic …`); the front drops other
 * values, and Prism then answers 401 unless a session query parameter or cookie is present.
 */
export function isPublishedAuthorization(value: string): boolean {
  // Only the Authorization header is offered: a value such as `sessionid=x` must not pass for a cookie.
  const presented = presentedCredential({
    header: (name) => (name.toLowerCase() === 'authorization' ? value : undefined),
    query: () => undefined,
  });
  return presented?.kind === 'credential';
}
