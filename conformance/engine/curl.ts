// A request as a curl command QA can paste and run: the run's secrets and the values of the user's
// extra headers become shell variables ("$CONFORMANCE_TOKEN", "$CONFORMANCE_HEADER_X_GATEWAY_KEY",
// never their values), every other byte is single-quoted, curl reads the URL without globbing and
// multipart values without its `@file` / `<file` shorthands. A body (or multipart value) over a
// few KB is read from `bodies/` in the report folder instead (a whole body piped in
// decompressed), so the command runs from there. The caller's Redactor still hides whatever sits
// where a credential goes (a made-up key).
import { isLong, type BodyStore } from './bodies';
import type { SecretRef, Secrets } from './credentials';
import { nearMissOf, nearMissShell, type NearMissId } from './near-miss';
import type { Body } from './request';
import type { WireRequest } from './wire';

/** The variable each secret of the run is pasted as; the CLI reads the same names. */
export const SECRET_VARIABLES = { token: 'CONFORMANCE_TOKEN', limitedToken: 'CONFORMANCE_LIMITED_TOKEN', sessionId: 'CONFORMANCE_SESSION_ID' } as const;

/** The variable an extra header's value is pasted as: `X-Gateway-Key` → `CONFORMANCE_HEADER_X_GATEWAY_KEY`. */
export const headerVariable = (name: string) => `CONFORMANCE_HEADER_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** The role of each secret in Secrets, as a request names it. */
const ROLE: Record<SecretRef, keyof Secrets> = { token: 'token', limited: 'limitedToken', session: 'sessionId' };

/**
 * What a curl command hides behind variables: the run's secrets, the extra headers (by name),
 * and the near miss of a secret the request carries (made in sh from the secret's variable).
 */
export type CurlSecrets = Partial<Secrets> & { headers?: Record<string, string>; nearMiss?: { secret: SecretRef; id: NearMissId } };

const single = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Spellings a secret can take on the wire: as given, URL-encoded, form-encoded. */
const spellings = (secret: string) => [...new Set([secret, encodeURIComponent(secret), new URLSearchParams({ s: secret }).toString().slice(2)])];

/** A near miss as sh makes it from its secret's variable (none when sh cannot: the secret is not printable ASCII). */
function nearMissWords(secrets: CurlSecrets): Array<{ spelling: string; shell: string }> {
  if (!secrets.nearMiss) return [];
  const role = ROLE[secrets.nearMiss.secret];
  const secret = secrets[role];
  const value = secret === undefined ? undefined : nearMissOf(secret, secrets.nearMiss.id);
  const shell = secret === undefined ? undefined : nearMissShell(secret, secrets.nearMiss.id, SECRET_VARIABLES[role]);
  return value === undefined || shell === undefined ? [] : spellings(value).map((spelling) => ({ spelling, shell }));
}

/** One shell word: literal text single-quoted, each secret as a double-quoted variable (a near miss of one made from it). */
export function shellWord(text: string, secrets: CurlSecrets = {}): string {
  const found = [
    ...nearMissWords(secrets),
    ...(Object.keys(SECRET_VARIABLES) as Array<keyof Secrets>).flatMap((role) => (secrets[role] ? spellings(secrets[role]).map((spelling) => ({ spelling, shell: `"$${SECRET_VARIABLES[role]}"` })) : [])),
  ].sort((a, b) => b.spelling.length - a.spelling.length);
  if (found.length === 0) return single(text);
  const byText = new Map<string, string>();
  for (const f of found) if (!byText.has(f.spelling)) byText.set(f.spelling, f.shell);
  const pattern = new RegExp(found.map((f) => f.spelling.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const words: string[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) words.push(single(text.slice(last, match.index)));
    words.push(byText.get(match[0])!);
    last = match.index + match[0].length;
  }
  if (last < text.length || words.length === 0) words.push(single(text.slice(last)));
  return words.join('');
}

/** `bodies`: where long bodies are kept; without it every body is inline. */
export function curlCommand(wire: WireRequest, body?: Body, secrets: CurlSecrets = {}, bodies?: BodyStore): string {
  const word = (text: string) => shellWord(text, secrets);
  const extra = new Map(Object.entries(secrets.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const mediaType = Object.entries(wire.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  const parts = ['curl', '-sS', '-i', '-g', '-X', wire.method, word(wire.url)];
  for (const [name, value] of Object.entries(wire.headers)) {
    // An extra header as the user gave it: its value from its variable.
    parts.push('-H', extra.get(name.toLowerCase()) === value ? `${word(`${name}: `)}"$${headerVariable(name)}"` : word(`${name}: ${value}`));
  }
  let piped: string | undefined;
  if (body?.kind === 'multipart') {
    for (const [name, value] of body.fields) {
      const file = bodies && isLong(value) ? bodies.referValue(value) : undefined;
      parts.push(...(file ? ['--form', word(`${name}=<${file}`)] : ['--form-string', word(`${name}=${value}`)]));
    }
  } else if (typeof wire.body === 'string') {
    piped = bodies && isLong(wire.body) ? bodies.refer(wire.body, mediaType) : undefined;
    parts.push(...(piped ? ['--data-binary', '@-'] : ['--data-raw', word(wire.body)]));
  }
  return `${piped ? `gzip -dc ${word(piped)} | ` : ''}${parts.join(' ')}`;
}
