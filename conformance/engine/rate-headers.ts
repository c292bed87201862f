// What a deployment's answer says of its rate limit: how long a 429 asks to wait (`Retry-After`
// in seconds or as an HTTP date), whether the window is spent (`RateLimit-*`, `X-RateLimit-*`,
// the structured `RateLimit` field) and the policy it publishes (`RateLimit-Policy: 5;w=1`).
// Rate limiting is not published by the contract: these are HTTP's and the IETF drafts' words.

/** A 429 that says nothing of when to come back: wait 1 s, doubling on each retry, at most 30 s. */
const BACKOFF = { firstMs: 1000, maxMs: 30_000 };

/** A header value as a number of seconds until then: a delta, or epoch seconds (GitHub's X-RateLimit-Reset). */
function secondsUntil(value: number, now: number): number {
  return value > 1e9 ? value - now / 1000 : value;
}

/** The first integer a header (or a structured `RateLimit` field, e.g. `remaining=0` or `r=0`) gives. */
function field(headers: Record<string, string>, names: string[], keys: string[]): number | undefined {
  for (const name of names) {
    const value = headers[name];
    if (value !== undefined && /^\s*\d+\s*$/.test(value)) return Number(value);
  }
  const structured = headers.ratelimit;
  if (structured === undefined) return undefined;
  for (const key of keys) {
    const match = new RegExp(`(?:^|[;,\\s])${key}=(\\d+)`).exec(structured);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** How long the headers of an answer say to hold back; 0 while the window has room. */
export function windowWaitMs(headers: Record<string, string>, now = Date.now()): number {
  const remaining = field(headers, ['ratelimit-remaining', 'x-ratelimit-remaining'], ['remaining', 'r']);
  if (remaining === undefined || remaining > 0) return 0;
  const reset = field(headers, ['ratelimit-reset', 'x-ratelimit-reset'], ['reset', 't']);
  return reset === undefined ? 0 : Math.max(0, secondsUntil(reset, now) * 1000);
}

/** The quota the answer states (`RateLimit-Limit`, `X-RateLimit-Limit`, `limit=` of the structured field); its window is not said. */
export const statedLimit = (headers: Record<string, string>) => field(headers, ['ratelimit-limit', 'x-ratelimit-limit'], ['limit', 'l']);

/**
 * The rate a published policy allows, in requests per second: `RateLimit-Policy: 5;w=1` (draft 6
 * and 7), `"default";q=5;w=1` (draft 8 on), or the same in `X-RateLimit-Policy`; none when absent.
 */
export function publishedRate(headers: Record<string, string>): number | undefined {
  const policy = headers['ratelimit-policy'] ?? headers['x-ratelimit-policy'];
  if (!policy) return undefined;
  const first = policy.split(',')[0]!;
  const quota = /(?:^|;)\s*q=(\d+)/.exec(first)?.[1] ?? /^\s*(\d+)\s*(?:;|$)/.exec(first)?.[1];
  const window = /;\s*w=(\d+)/.exec(first)?.[1];
  return quota && window && Number(quota) > 0 && Number(window) > 0 ? Number(quota) / Number(window) : undefined;
}

/** How long a 429 asks to wait: Retry-After (seconds or an HTTP date), else the window's reset, else a backoff. */
export function retryWaitMs(headers: Record<string, string>, retries: number, now = Date.now()): number {
  const value = headers['retry-after']?.trim();
  if (value !== undefined && /^\d+$/.test(value)) return Number(value) * 1000;
  if (value !== undefined && !Number.isNaN(Date.parse(value))) return Math.max(0, Date.parse(value) - now);
  const window = windowWaitMs({ ...headers, 'ratelimit-remaining': '0' }, now);
  return window > 0 ? window : Math.min(BACKOFF.firstMs * 2 ** retries, BACKOFF.maxMs);
}
