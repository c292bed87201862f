// How a value travels in a query string and in a cookie, for both sides of the wire: the client
// encodes with one rule and every server decodes with its match, so a session id holding `/`,
// `+` or `=` arrives as it was sent.

/**
 * A query component as form encoding writes it (URLSearchParams: `+` for a space, `%XX` for
 * other bytes). Undefined when the percent-encoding is malformed or not UTF-8, so a server can
 * refuse it instead of running on a value the client did not send.
 */
export function decodeQueryComponent(part: string): string | undefined {
  const spaced = part.includes('+') ? part.replace(/\+/g, ' ') : part;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return undefined;
  }
}

/** A cookie value as a client writes it: percent-encoded, so any secret fits between `=` and `;`. */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value);
}

/**
 * A cookie value as a server reads it: without the quotes RFC 6265 allows around it, then
 * percent-decoded; a value that is not valid percent-encoding is taken as it stands (as the
 * `cookie` package does), so a raw cookie set by other means still works.
 */
export function decodeCookieValue(raw: string): string {
  const value = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The first cookie of that name in a Cookie header, decoded; undefined when absent. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return decodeCookieValue(pair.slice(eq + 1).trim());
  }
  return undefined;
}
