// The published credential forms on the wire, read from the contract's security schemes
// (generated `credentialForms`): where a client puts a secret, and which form a request
// presents. The first place present decides, in the contract's order (the Authorization
// header, then the query, then the cookie), as in Django REST framework, where the first
// authenticator that finds a credential settles the request.
import { credentialForms, type CredentialForm } from '../generated';
import { cookieValue, encodeCookieValue } from './encoding';
import { escapeRegExp } from './regexp';

export { credentialForms, type CredentialForm };

/** Where a credential goes on a request. */
export interface PlacedCredential {
  in: CredentialForm['in'];
  name: string;
  /**
   * Header: the whole value with its prefix (`Bearer <key>`). Query: the bare secret, for
   * URLSearchParams to form-encode. Cookie: the secret percent-encoded.
   */
  value: string;
}

export function placeCredential(form: CredentialForm, secret: string): PlacedCredential {
  const value = form.in === 'cookie' ? encodeCookieValue(secret) : `${form.prefix}${secret}`;
  return { in: form.in, name: form.name, value };
}

/** How a person writes a form, e.g. `Authorization: Bearer <API_KEY>`, `?sessionid=<SESSION_ID>`, `Cookie: sessionid=<SESSION_ID>`. */
export function formUsage(form: CredentialForm): string {
  switch (form.in) {
    case 'header':
      return `${form.name}: ${form.format}`;
    case 'query':
      return `?${form.name}=${form.format}`;
    case 'cookie':
      return `Cookie: ${form.name}=${form.format}`;
  }
}

/** What a server reads a credential from. */
export interface CredentialSources {
  /** A request header (any case of name); null or undefined when absent. */
  header(name: string): string | null | undefined;
  /** A query parameter, decoded (the last value when repeated); undefined when absent. */
  query(name: string): string | undefined;
}

export type Presented =
  | { kind: 'credential'; form: CredentialForm; secret: string }
  /** A published scheme word without a usable value, e.g. `Authorization: Bearer`. */
  | { kind: 'malformed'; form: CredentialForm };

interface Place {
  in: CredentialForm['in'];
  name: string;
  /** The forms read from this place; several share the Authorization header. */
  forms: CredentialForm[];
}

/** The places in the contract's order, each with its forms. */
const PLACES: Place[] = [];
for (const form of credentialForms) {
  const place = PLACES.find((p) => p.in === form.in && p.name === form.name);
  if (place) place.forms.push(form);
  else PLACES.push({ in: form.in, name: form.name, forms: [form] });
}


/**
 * Reads a header shared by prefixed forms. Scheme words are case-insensitive (RFC 9110
 * §11.1); the value is one token. Another scheme (such as `Basic`) is none of ours: undefined,
 * so a later place may still present a credential.
 */
function prefixedReader(forms: CredentialForm[]): (raw: string) => Presented | undefined {
  const byWord = new Map(forms.map((form) => [form.prefix.trim().toLowerCase(), form]));
  const words = [...byWord.keys()].map(escapeRegExp).join('|');
  const whole = new RegExp(`^(${words})[ \\t]+(\\S+)[ \\t]*$`, 'i');
  const start = new RegExp(`^(${words})\\b`, 'i');
  return (raw) => {
    const match = whole.exec(raw);
    if (match) return { kind: 'credential', form: byWord.get(match[1]!.toLowerCase())!, secret: match[2]! };
    const word = start.exec(raw.trim());
    return word ? { kind: 'malformed', form: byWord.get(word[1]!.toLowerCase())! } : undefined;
  };
}

function readerFor(place: Place): (sources: CredentialSources) => Presented | undefined {
  const bare = place.forms.find((form) => form.prefix === '');
  switch (place.in) {
    case 'header': {
      // A header holds either prefixed forms (told apart by their scheme word) or one bare form.
      const read = bare
        ? (raw: string): Presented => ({ kind: 'credential', form: bare, secret: raw.trim() })
        : prefixedReader(place.forms);
      return (sources) => {
        const raw = sources.header(place.name);
        return raw === null || raw === undefined ? undefined : read(raw);
      };
    }
    case 'query':
      return (sources) => {
        const secret = sources.query(place.name);
        return secret === undefined ? undefined : { kind: 'credential', form: place.forms[0]!, secret };
      };
    case 'cookie':
      return (sources) => {
        const secret = cookieValue(sources.header('cookie'), place.name);
        return secret === undefined ? undefined : { kind: 'credential', form: place.forms[0]!, secret };
      };
  }
}

const READERS = PLACES.map(readerFor);

/** The credential a request presents (the first place that holds one of ours), or undefined. */
export function presentedCredential(sources: CredentialSources): Presented | undefined {
  for (const read of READERS) {
    const presented = read(sources);
    if (presented) return presented;
  }
  return undefined;
}
