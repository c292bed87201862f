// CORS, so a frontend on another origin (a dev server) can call the sandbox from a browser.
// Any origin is allowed with credentials (the sessionid cookie); preflights are answered
// before authentication because browsers send them without credentials.
import type { IncomingMessage } from 'node:http';

const EXPOSED = 'Allow, WWW-Authenticate';

/** Headers to add to a response for a request from another origin. */
export function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED,
    vary: 'Origin',
  };
}

export function isPreflight(request: IncomingMessage): boolean {
  return request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
}

export function preflightHeaders(request: IncomingMessage, allow: string[]): Record<string, string> {
  return {
    ...corsHeaders(request),
    'access-control-allow-methods': allow.join(', '),
    'access-control-allow-headers': String(request.headers['access-control-request-headers'] ?? 'Authorization, Content-Type'),
    'access-control-max-age': '600',
  };
}
