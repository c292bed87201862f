// A deployment's rate limit, as a wrapper around any fetch-style deployment: at most `perSecond`
// requests in each second (a fixed window, as most gateways count), the rest answered 429 in the
// published error shape with the headers gateways send.
import type { FetchLike } from '../../engine/transport';

export interface RateLimitOptions {
  perSecond: number;
  /** How the 429 says when to come back: Retry-After in seconds or as an HTTP date, or only RateLimit-* headers. */
  signal?: 'retry-after' | 'http-date' | 'ratelimit-headers';
}

export function rateLimited(fetch: FetchLike, { perSecond, signal = 'retry-after' }: RateLimitOptions): FetchLike & { refused(): number } {
  let window = 0;
  let used = 0;
  let refused = 0;
  const limited: FetchLike = async (request) => {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second !== window) [window, used] = [second, 0];
    const resetS = Math.max(1, Math.ceil(((second + 1) * 1000 - now) / 1000));
    const remaining = Math.max(0, perSecond - used - 1);
    const counted = { 'ratelimit-limit': String(perSecond), 'ratelimit-remaining': String(remaining), 'ratelimit-reset': String(resetS) };
    if (used >= perSecond) {
      refused += 1;
      const headers: Record<string, string> = { 'content-type': 'application/json', ...counted, 'ratelimit-remaining': '0' };
      if (signal === 'retry-after') headers['retry-after'] = String(resetS);
      if (signal === 'http-date') headers['retry-after'] = new Date((second + 1) * 1000 + 1000).toUTCString();
      return new Response(JSON.stringify({ error: 'Too many requests', code: 'throttled' }), { status: 429, headers });
    }
    used += 1;
    const response = await fetch(request);
    if (signal !== 'ratelimit-headers') return response;
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(counted)) headers.set(name, value);
    return new Response(response.body, { status: response.status, headers });
  };
  return Object.assign(limited, { refused: () => refused });
}
