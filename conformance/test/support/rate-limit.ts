// A deployment's rate limit, as gateways build it, around any fetch-style deployment: a fixed
// window (N requests per calendar window), a sliding window (N in any window) or a token bucket
// (N a window, bursts of N); the window a second unless told (`window: 10`: 20 per 10 s is
// `perSecond: 2, window: 10`), on every operation or on some alone (`operations`). Beyond it, 429
// in the published error shape with `Retry-After` (seconds, or an HTTP date); with `headers`,
// every answer also says `RateLimit-Limit`, `-Remaining` and `-Reset` (draft 6), and with `policy`
// also `RateLimit-Policy: N;w=<window>` (named, draft 8, with `policy: 'name'`). The limit reads
// the time it is given, so the pacer's tests run it on a virtual clock.
import type { OperationId } from '../../../generated';
import type { FetchLike } from '../../engine/transport';
import { operationAt } from '../../../protocol/operations';

export type LimiterKind = 'fixed window' | 'sliding window' | 'token bucket';
export const LIMITER_KINDS: readonly LimiterKind[] = ['fixed window', 'sliding window', 'token bucket'];

export interface RateLimitOptions {
  /** The rate allowed: `perSecond × window` requests a window. */
  perSecond: number;
  /** Seconds the limit counts over (default 1). */
  window?: number;
  /** The operations the limit holds (rateLimited only); none: every operation. */
  operations?: OperationId[];
  kind?: LimiterKind;
  /** How a 429 says when to come back: Retry-After in seconds or as an HTTP date, or only RateLimit-* headers. */
  signal?: 'retry-after' | 'http-date' | 'ratelimit-headers';
  /** RateLimit-* headers on every answer (always with `signal: 'ratelimit-headers'`). */
  headers?: boolean;
  /** RateLimit-Policy on every answer too: the limit published (a string: a named policy, draft 8). */
  policy?: boolean | string;
  now?: () => number;
}

/** One request's fate at the limit, and when the window or bucket has room again. */
interface Count {
  granted: boolean;
  remaining: number;
  /** Until the window or bucket is whole again (RateLimit-Reset). */
  resetMs: number;
  /** Until one more request would be granted (Retry-After). */
  retryMs: number;
}

type Counter = (now: number) => Count;

/** A counter of `n` requests a window of `ms`. */
const COUNTERS: Record<LimiterKind, (n: number, ms: number) => Counter> = {
  'fixed window': (n, ms) => {
    let window = NaN;
    let used = 0;
    return (now) => {
      const current = Math.floor(now / ms);
      if (current !== window) [window, used] = [current, 0];
      const resetMs = (current + 1) * ms - now;
      const granted = used < n;
      if (granted) used += 1;
      return { granted, remaining: n - used, resetMs, retryMs: resetMs };
    };
  },
  'sliding window': (n, ms) => {
    const log: number[] = [];
    return (now) => {
      while (log.length > 0 && log[0]! <= now - ms) log.shift();
      const granted = log.length < n;
      if (granted) log.push(now);
      const resetMs = log.length > 0 ? log[0]! + ms - now : 0;
      return { granted, remaining: n - log.length, resetMs, retryMs: resetMs };
    };
  },
  'token bucket': (n, ms) => {
    let tokens = n;
    let last = NaN;
    return (now) => {
      tokens = Number.isNaN(last) ? tokens : Math.min(n, tokens + ((now - last) * n) / ms);
      last = now;
      const granted = tokens >= 1;
      if (granted) tokens -= 1;
      return { granted, remaining: Math.floor(tokens), resetMs: ((n - tokens) * ms) / n, retryMs: granted ? 0 : ((1 - tokens) * ms) / n };
    };
  },
};

export interface Limiter {
  /** Counts one request now: granted, or refused with the 429's headers; the headers to add either way. */
  take(): { granted: boolean; headers: Record<string, string> };
  readonly refused: number;
}

export function createLimiter({ perSecond, window = 1, kind = 'fixed window', signal = 'retry-after', headers = false, policy = false, now = Date.now }: RateLimitOptions): Limiter {
  const quota = Math.round(perSecond * window);
  const count = COUNTERS[kind](quota, window * 1000);
  let refused = 0;
  const seconds = (ms: number) => String(Math.ceil(ms / 1000));
  return {
    take() {
      const at = now();
      const c = count(at);
      const out: Record<string, string> = {};
      if (headers || policy || signal === 'ratelimit-headers') Object.assign(out, { 'ratelimit-limit': String(quota), 'ratelimit-remaining': String(c.remaining), 'ratelimit-reset': seconds(c.resetMs) });
      if (policy) out['ratelimit-policy'] = typeof policy === 'string' ? `"${policy}";q=${quota};w=${window}` : `${quota};w=${window}`;
      if (c.granted) return { granted: true, headers: out };
      refused += 1;
      // A 429 asks for at least a second: Retry-After counts whole seconds.
      if (signal === 'retry-after') out['retry-after'] = String(Math.max(1, Math.ceil(c.retryMs / 1000)));
      if (signal === 'http-date') out['retry-after'] = new Date(Math.ceil((at + c.retryMs) / 1000) * 1000).toUTCString();
      if (signal === 'ratelimit-headers') out['ratelimit-reset'] = String(Math.max(1, Math.ceil(c.retryMs / 1000)));
      return { granted: false, headers: out };
    },
    get refused() {
      return refused;
    },
  };
}

/** A deployment behind the limit: a 429 in the published error shape beyond it (on its operations, when it names some). */
export function rateLimited(fetch: FetchLike, options: RateLimitOptions): FetchLike & { refused(): number } {
  const limiter = createLimiter(options);
  const held = (request: Request) => options.operations === undefined || options.operations.includes(operationAt(request.method, new URL(request.url).pathname)?.id as OperationId);
  const limited: FetchLike = async (request) => {
    if (!held(request)) return fetch(request);
    const { granted, headers } = limiter.take();
    if (!granted) return new Response(JSON.stringify({ error: 'Too many requests', code: 'throttled' }), { status: 429, headers: { 'content-type': 'application/json', ...headers } });
    const response = await fetch(request);
    if (Object.keys(headers).length === 0) return response;
    const withCount = new Headers(response.headers);
    for (const [name, value] of Object.entries(headers)) withCount.set(name, value);
    return new Response(response.body, { status: response.status, headers: withCount });
  };
  return Object.assign(limited, { refused: () => limiter.refused });
}
