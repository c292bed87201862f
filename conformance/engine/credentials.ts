// The five published credential forms (any one suffices), and how a request carries each.
export type CredentialFormName = 'bearer' | 'token' | 'session_header' | 'session_query' | 'session_cookie';

export interface CredentialForm {
  name: CredentialFormName;
  /** As the published document names it (no credential syntax: the redactor would hide what follows). */
  label: string;
  /** API key forms take the token, session forms the session id. */
  secret: 'token' | 'session';
}

export const CREDENTIAL_FORMS: readonly CredentialForm[] = [
  { name: 'bearer', label: 'Bearer token (Authorization header)', secret: 'token' },
  { name: 'token', label: 'Token (Authorization header)', secret: 'token' },
  { name: 'session_header', label: 'Session (Authorization header)', secret: 'session' },
  { name: 'session_query', label: 'Session (sessionid query parameter)', secret: 'session' },
  { name: 'session_cookie', label: 'Session (sessionid cookie)', secret: 'session' },
];

/** A credential on a request; `none` sends no credential at all. */
export type Credential = { form: CredentialFormName; value: string } | 'none';

export interface CredentialParts {
  headers: Record<string, string>;
  query: Array<[string, string]>;
}

export function credentialParts(credential: Credential): CredentialParts {
  if (credential === 'none') return { headers: {}, query: [] };
  const { form, value } = credential;
  switch (form) {
    case 'bearer':
      return { headers: { Authorization: `Bearer ${value}` }, query: [] };
    case 'token':
      return { headers: { Authorization: `Token ${value}` }, query: [] };
    case 'session_header':
      return { headers: { Authorization: `Session ${value}` }, query: [] };
    case 'session_query':
      return { headers: {}, query: [['sessionid', value]] };
    case 'session_cookie':
      return { headers: { Cookie: `sessionid=${value}` }, query: [] };
  }
}
