// The same query written other ways that URLs and forms make equivalent: an unreserved character
// percent-encoded or not (RFC 3986 §2.3, §6.2.2.2), percent-encodings in lower-case hex (§2.1), a
// space as `%20` rather than `+` (WHATWG URL, application/x-www-form-urlencoded: both are a
// space), empty pieces between `&`s (the same parser skips them). Each text reads back, through
// that parser, as the pairs it was written from (test/equivalence.test.ts holds them to it).

/** The pairs as URLSearchParams (and so the suite) writes them: a space as `+`, upper-case hex. */
export const plainQuery = (pairs: Array<[string, string]>) => new URLSearchParams(pairs).toString();

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
const hex = (ch: string) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

/** Every unreserved character of every value percent-encoded (`AT` as `%41%54`); names as written. */
export function unreservedEncoded(pairs: Array<[string, string]>): string {
  return plainQuery(pairs)
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      if (at < 0) return pair;
      const value = pair.slice(at + 1).replace(/%[0-9A-F]{2}|./g, (token) => (UNRESERVED.test(token) ? hex(token) : token));
      return `${pair.slice(0, at)}=${value}`;
    })
    .join('&');
}

/** Whether a value holds a character written percent-encoded with a hex letter (`ü` → `%C3%BC`). */
export const hasHexLetters = (pairs: Array<[string, string]>) => /%[0-9A-F]?[A-F]/.test(plainQuery(pairs));

/** Percent-encodings with lower-case hex digits (`%c3%bc`). */
export const lowerCaseHex = (pairs: Array<[string, string]>) => plainQuery(pairs).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());

/** Whether a value holds a space. */
export const hasSpace = (pairs: Array<[string, string]>) => pairs.some(([, value]) => value.includes(' '));

/** Each space as `%20` (URLSearchParams writes a `+`, and a literal `+` as `%2B`). */
export const spacesAsPercent20 = (pairs: Array<[string, string]>) => plainQuery(pairs).replace(/\+/g, '%20');

/** An `&` before, between every pair twice, and after. */
export const straySeparators = (pairs: Array<[string, string]>) => `&${plainQuery(pairs).split('&').join('&&')}&`;
