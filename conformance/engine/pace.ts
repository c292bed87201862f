// The pace of a run against a rate-limited deployment. Requests start no closer than an interval
// apart: the one `--rate-limit` gives, widened on every 429 and narrowed slowly while answers
// come (never below the given one). A 429 or a spent window (`RateLimit-*`, `X-RateLimit-*`)
// pauses every request until the deployment said it may go on. Rate limiting is not published:
// it changes how long a run takes, never what it judges.

export interface Pacer {
  /** Resolves when the next request may start, with the time it starts. */
  turn(): Promise<number>;
  /** What an answer's headers say of the limit: a spent window pauses until it resets. */
  observe(headers: Record<string, string>): void;
  /**
   * A 429 to a request started at `startedAt`: everyone waits `waitMs`, and requests start
   * further apart from now on (once per pause: the requests of one burst widen it once).
   */
  refused(waitMs: number, startedAt: number): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The interval a 429 widens an unpaced run to first; each further 429 widens it by half. */
const FIRST_INTERVAL_MS = 10;
const WIDEN = 1.5;
const MAX_INTERVAL_MS = 5000;
/** Each answer that is not a 429 narrows the interval by this factor (about 20 answers undo one widening). */
const NARROW = 0.98;
/** Below this the interval is the floor again: a lone 429 costs its pause and little more. */
const SNAP_MS = 2;
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

/** The interval a published policy implies (`RateLimit-Policy: 5;w=1` → 200 ms), if any. */
export function policyIntervalMs(headers: Record<string, string>): number {
  const policy = headers['ratelimit-policy'] ?? headers['x-ratelimit-policy'];
  const match = policy && /(\d+)\s*;\s*w=(\d+)/.exec(policy);
  return match && Number(match[1]) > 0 ? (Number(match[2]) * 1000) / Number(match[1]) : 0;
}

/** How long a 429 asks to wait: Retry-After (seconds or an HTTP date), else the window's reset, else a backoff. */
export function retryWaitMs(headers: Record<string, string>, retries: number, now = Date.now()): number {
  const value = headers['retry-after']?.trim();
  if (value !== undefined && /^\d+$/.test(value)) return Number(value) * 1000;
  if (value !== undefined && !Number.isNaN(Date.parse(value))) return Math.max(0, Date.parse(value) - now);
  const window = windowWaitMs({ ...headers, 'ratelimit-remaining': '0' }, now);
  return window > 0 ? window : Math.min(BACKOFF.firstMs * 2 ** retries, BACKOFF.maxMs);
}

/** `perSecond`: the rate to start at (`--rate-limit`), the fastest the run will go; none: as fast as answers come. */
export function createPacer(perSecond?: number): Pacer {
  const floor = perSecond ? 1000 / perSecond : 0;
  let interval = floor;
  let nextAt = 0;
  let pausedUntil = 0;
  let widenedAt = 0;
  return {
    async turn() {
      for (;;) {
        const now = Date.now();
        const at = Math.max(nextAt, pausedUntil);
        if (at <= now) {
          nextAt = now + interval;
          return now;
        }
        await sleep(at - now);
      }
    },
    observe(headers) {
      const narrowed = interval * NARROW < SNAP_MS ? 0 : interval * NARROW;
      interval = Math.max(floor, policyIntervalMs(headers), narrowed);
      const wait = windowWaitMs(headers);
      if (wait > 0) pausedUntil = Math.max(pausedUntil, Date.now() + wait);
    },
    refused(waitMs, startedAt) {
      if (startedAt >= widenedAt) {
        interval = Math.max(floor, Math.min(MAX_INTERVAL_MS, interval > 0 ? interval * WIDEN : FIRST_INTERVAL_MS));
        widenedAt = Date.now();
      }
      pausedUntil = Math.max(pausedUntil, Date.now() + waitMs);
    },
  };
}
