// Tokens and session ids never leave the process: every string that is printed or written
// passes through a Redactor first.
import { credentialForms } from '../../generated';
import { escapeRegExp } from '../../protocol/regexp';
import { swapCase } from './credentials';
import { NEAR_MISSES, nearMissOf } from './near-miss';
import type { RunConfig } from './types';

export const REDACTED = '<redacted>';
/** Secrets at least this long are hidden even inside a longer word. */
const ANYWHERE_FROM = 8;
/** Near misses of a secret at least this long are hidden anywhere too (half of a 32-character key). */
const NEAR_MISS_ANYWHERE_FROM = 16;
/**
 * An extra header's value at least this long is also hidden wherever it shows, like a secret;
 * a shorter one (a tenant `1`) only where its header is written, so `page=1` stays as sent.
 */
const HEADER_VALUE_ANYWHERE_FROM = 4;

export interface Redactor {
  (text: string): string;
  /** The secrets it hides. */
  readonly secrets: readonly string[];
}


/** Hides each secret as given, URL-encoded and form-encoded, every credential position, and the value of each header named. */
export function createRedactor(secrets: Array<string | undefined>, headerNames: readonly string[] = []): Redactor {
  const unique = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length > 0))];
  const variants = new Set<string>();
  const spell = (value: string) => [value, encodeURIComponent(value), new URLSearchParams({ s: value }).toString().slice(2), JSON.stringify(value).slice(1, -1)];
  // Each also in swapped case (in any script), as a deployment may echo it.
  for (const secret of [...unique, ...unique.map(swapCase)]) for (const spelling of spell(secret)) variants.add(spelling);
  const ordered = [...variants].sort((a, b) => b.length - a.length);
  // The near misses the suite sends (engine/near-miss.ts) show most of a secret: hidden anywhere
  // when as long as a random key's half; a shorter one (half of `conformance-mock-token` is a
  // word of every report) only where a credential goes.
  const nearMisses = unique.flatMap((secret) => NEAR_MISSES.map(({ id }) => nearMissOf(secret, id))).filter((v): v is string => v !== undefined && v.length >= NEAR_MISS_ANYWHERE_FROM).flatMap(spell);
  // A secret long enough not to occur by chance is hidden wherever it is, inside a longer word too
  // (a key with characters appended, in a HAR's JSON headers); a short one only as a whole word,
  // so it does not eat ordinary text around it.
  const long = [...new Set([...ordered.filter((v) => v.length >= ANYWHERE_FROM), ...nearMisses])].sort((a, b) => b.length - a.length);
  const short = ordered.filter((v) => v.length < ANYWHERE_FROM);
  const anywhere = long.length > 0 ? new RegExp(long.map(escapeRegExp).join('|'), 'g') : undefined;
  const asWord = short.length > 0 ? new RegExp(`(?<![A-Za-z0-9])(?:${short.map(escapeRegExp).join('|')})(?![A-Za-z0-9])`, 'g') : undefined;
  const headers = headerPositions(headerNames);
  const redact = ((text: string) => {
    let hidden = anywhere ? text.replace(anywhere, REDACTED) : text;
    if (asWord) hidden = hidden.replace(asWord, REDACTED);
    for (const [pattern, replacement] of headers) hidden = hidden.replace(pattern, replacement);
    return hideCredentialPositions(hidden);
  }) as Redactor;
  Object.defineProperty(redact, 'secrets', { value: unique });
  return redact;
}

/** The run's redactor: its secrets (and `more`, from the environment), its extra headers' values where they are written and, when long enough, anywhere. */
export function redactorFor(config: Pick<RunConfig, 'token' | 'limitedToken' | 'sessionId' | 'headers'>, more: readonly string[] = []): Redactor {
  const headerValues = Object.values(config.headers ?? {}).filter((value) => value.length >= HEADER_VALUE_ANYWHERE_FROM);
  return createRedactor([config.token, config.limitedToken, config.sessionId, ...more, ...headerValues], Object.keys(config.headers ?? {}));
}

/** Where a header's value is written: `Name: value` (curl, messages) and a HAR's `"name": "name", "value": "…"`. */
function headerPositions(names: readonly string[]): Array<[RegExp, string]> {
  if (names.length === 0) return [];
  const alternatives = names.map(escapeRegExp).join('|');
  return [
    [new RegExp(`((?:^|[\\s'"])(?:${alternatives}):[ \\t]*)(?!${REDACTED})[^\\s'"\\\\][^'"\\r\\n\\\\]*`, 'gim'), `$1${REDACTED}`],
    [new RegExp(`("name":\\s*"(?:${alternatives})",\\s*"value":\\s*")(?:[^"\\\\]|\\\\.)*"`, 'gi'), `$1${REDACTED}"`],
  ];
}

const words = (place: string) => [...new Set(credentialForms.filter((f) => f.in === place).map((f) => escapeRegExp(f.name)))].join('|');
const prefixes = [...new Set(credentialForms.filter((f) => f.in === 'header').map((f) => escapeRegExp(f.prefix.trim())))].join('|');
/** A position already hidden, as text or as markup (junit.xml and report.html escape it). */
const HIDDEN = `(?!${REDACTED}|&lt;redacted&gt;)`;
// Built from the contract's credential forms, so a new form is hidden without touching this file.
const POSITIONS: Array<[RegExp, string]> = [
  [new RegExp(`((?:${words('header')}):\\s*(?:${prefixes})\\s+)${HIDDEN}[^\\s'"\\\\]+`, 'gi'), `$1${REDACTED}`],
  [new RegExp(`([?&](?:${words('query')})=)${HIDDEN}[^&\\s'"#\\\\]+`, 'gi'), `$1${REDACTED}`],
  [new RegExp(`((?:Cookie:\\s*|;\\s*)(?:${words('cookie')})=)${HIDDEN}[^;\\s'"\\\\]+`, 'gi'), `$1${REDACTED}`],
  // The same places in a HAR's JSON: a header's or a query parameter's name and value, a cookie header that starts with the credential.
  [new RegExp(`("name":\\s*"(?:${words('header')})",\\s*"value":\\s*"(?:${prefixes})\\s+)${HIDDEN}(?:[^"\\\\]|\\\\.)+`, 'gi'), `$1${REDACTED}`],
  [new RegExp(`("name":\\s*"(?:${words('query')})",\\s*"value":\\s*")${HIDDEN}(?:[^"\\\\]|\\\\.)+`, 'gi'), `$1${REDACTED}`],
  [new RegExp(`("name":\\s*"cookie",\\s*"value":\\s*"(?:${words('cookie')})=)${HIDDEN}[^;"\\\\]+`, 'gi'), `$1${REDACTED}`],
];

/**
 * Whatever value sits where a credential goes is hidden too, so even a key the suite made up
 * (the unknown one) or a secret echoed in another spelling never shows.
 */
export function hideCredentialPositions(text: string): string {
  return POSITIONS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
