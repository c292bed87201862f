// CORS for a frontend on another origin (a dev server) calling a server of the API with
// credentials (an Authorization form or the session cookie): the request's Origin is echoed,
// never `*`, which browsers refuse together with credentials. The real service's CORS policy
// is not published; each server says what it exposes.

export interface CorsPolicy {
  /** Response headers a script may read. */
  exposeHeaders: readonly string[];
  /** Request headers a preflight allows; when absent, the ones the preflight asks for. */
  allowHeaders?: readonly string[];
}

/** Request headers a preflight allows when it names none and the policy lists none. */
const DEFAULT_ALLOW_HEADERS = 'Authorization, Content-Type';

/** Headers for any response to a request that carries an Origin. */
export function corsHeaders(origin: string | null | undefined, policy: CorsPolicy): Record<string, string> {
  if (!origin) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': policy.exposeHeaders.join(', '),
    vary: 'Origin',
  };
}

/** A preflight is an OPTIONS request naming the method it asks for; browsers send it without credentials. */
export function isPreflight(method: string, requestMethod: string | null | undefined): boolean {
  return method === 'OPTIONS' && typeof requestMethod === 'string';
}

export interface Preflight {
  origin: string | null | undefined;
  /** The Access-Control-Request-Headers the browser sent. */
  requestHeaders: string | null | undefined;
  /** Methods the path accepts. */
  methods: readonly string[];
}

export function preflightHeaders(preflight: Preflight, policy: CorsPolicy): Record<string, string> {
  return {
    ...corsHeaders(preflight.origin, policy),
    'access-control-allow-methods': preflight.methods.join(', '),
    'access-control-allow-headers': policy.allowHeaders?.join(', ') ?? preflight.requestHeaders ?? DEFAULT_ALLOW_HEADERS,
    'access-control-max-age': '600',
  };
}
