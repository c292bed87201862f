// Tokens and session ids never leave the process: every string that is printed or written
// passes through a Redactor first.
export const REDACTED = '<redacted>';

export interface Redactor {
  (text: string): string;
  /** The secrets it hides, longest first (so a token containing another is hidden whole). */
  readonly secrets: readonly string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Hides each secret as given, URL-encoded and form-encoded, and every credential position. */
export function createRedactor(secrets: Array<string | undefined>): Redactor {
  const unique = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length > 0))];
  const variants = new Set<string>();
  for (const secret of unique) {
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(new URLSearchParams({ s: secret }).toString().slice(2));
    variants.add(JSON.stringify(secret).slice(1, -1));
  }
  const ordered = [...variants].sort((a, b) => b.length - a.length);
  // Not inside a longer word: a short secret must not eat ordinary text around it.
  const pattern = ordered.length > 0 ? new RegExp(`(?<![A-Za-z0-9])(?:${ordered.map(escape).join('|')})(?![A-Za-z0-9])`, 'g') : undefined;
  const redact = ((text: string) => {
    const hidden = pattern ? text.replace(pattern, REDACTED) : text;
    return hideCredentialPositions(hidden);
  }) as Redactor;
  Object.defineProperty(redact, 'secrets', { value: unique });
  return redact;
}

/**
 * Whatever value sits where a credential goes is hidden too, so even a key the suite made up
 * (the invalid one) or a secret echoed in another spelling never shows.
 */
export function hideCredentialPositions(text: string): string {
  return text
    .replace(/(Authorization:\s*(?:Bearer|Token|Session)\s+)(?!<redacted>)[^\s'"\\]+/gi, `$1${REDACTED}`)
    .replace(/([?&]sessionid=)(?!<redacted>)[^&\s'"#\\]+/gi, `$1${REDACTED}`)
    .replace(/((?:Cookie:\s*|;\s*)sessionid=)(?!<redacted>)[^;\s'"\\]+/gi, `$1${REDACTED}`);
}
