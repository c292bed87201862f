// CORS for browser development against the mock. The real service's CORS policy is not
// published; this only lets a dev server on another origin call the mock with credentials
// (Authorization header or the sessionid cookie). Prism's own CORS is off (`--cors=false`):
// it answers `Access-Control-Allow-Origin: *` together with `Allow-Credentials: true`, a
// combination browsers reject for credentialed requests.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { operations } from '../generated';

export const ALLOWED_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Prefer'];
/** Response headers a script may read; `sl-violations` is Prism's list of request violations. */
export const EXPOSED_RESPONSE_HEADERS = ['Content-Type', 'Content-Length', 'sl-violations'];
export const ALLOWED_METHODS = [
  ...new Set(Object.values(operations).map((operation) => operation.method.toUpperCase())),
];

/** Headers for any response to a request that carries an Origin (credentials need the origin echoed, not `*`). */
export function corsHeaders(request: IncomingHttpHeaders): OutgoingHttpHeaders {
  const origin = request.origin;
  if (!origin) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': EXPOSED_RESPONSE_HEADERS.join(', '),
    vary: 'Origin',
  };
}

export function isPreflight(method: string | undefined, request: IncomingHttpHeaders): boolean {
  return method === 'OPTIONS' && typeof request['access-control-request-method'] === 'string';
}

/** The answer to a preflight: the contract's methods and the headers the credential forms and mock controls need. */
export function preflightHeaders(request: IncomingHttpHeaders): OutgoingHttpHeaders {
  return {
    ...corsHeaders(request),
    'access-control-allow-methods': ALLOWED_METHODS.join(', '),
    'access-control-allow-headers': ALLOWED_REQUEST_HEADERS.join(', '),
    'access-control-max-age': '600',
  };
}
