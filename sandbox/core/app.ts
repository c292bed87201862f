// The request pipeline, in the order a Django REST framework service applies its checks:
// route (404) -> CORS preflight -> credentials (401) -> method (405) -> permission (403) ->
// handler (which looks up its watchdog, 404, before it reads and validates the body: 413,
// 415, 400). A thrown ApiError becomes its `{error, code}` reply; anything else is a sandbox
// bug: logged and answered 500, never silently.
import { operations, writeOperations, type OperationId } from '../../generated';
import { readBody } from '../../protocol/body';
import { corsHeaders, isPreflight, preflightHeaders, type CorsPolicy } from '../../protocol/cors';
import { faultReply } from '../../protocol/faults';
import type { Reply } from '../../protocol/reply';
import type { Authenticator } from './auth';
import { decodeBody } from './body';
import { ApiError, errors } from './errors';
import type { FaultPlan } from './faults';
import { handlerFor } from './handlers';
import { json, type Handler, type HandlerContext } from './handlers/context';
import { validateQuery } from './parameters';
import { parseQuery, single, type Query } from './query';
import { matchRoute } from './routes';
import type { SandboxState } from './state';
import type { ResponseChecker } from './strict';
import { checkListSizes, validateRequestBody } from './validation';

/**
 * What the core reads of a request: four members every fetch `Request` has. An adapter may
 * pass a lighter object with the same members (the node:http adapter does, see ../node.ts).
 */
export interface SandboxRequest {
  method: string;
  /** Absolute URL; pagination links use its origin. */
  url: string;
  headers: { get(name: string): string | null };
  /** A fetch body stream, or the bytes an adapter has already read. */
  body: ReadableStream<Uint8Array> | Uint8Array | null;
}

export interface AppOptions {
  state: SandboxState;
  authenticate: Authenticator;
  /** Set in strict mode. */
  checkResponse?: ResponseChecker;
  log: (line: string) => void;
  accessLog: boolean;
  /** Delays and forced statuses (Prefer, per operation, set-wide latency). */
  faults: FaultPlan;
  /** The handlers (default: handlers/index.ts); a test leaves one out to see its 501. */
  handlers?: Partial<Record<OperationId, Handler>>;
}

/**
 * A browser script may read the 405's Allow, the 401's WWW-Authenticate, a forced 429/503's
 * Retry-After and whether its Prefer was applied. Preflights allow the headers they ask for
 * (Prefer too).
 */
export const CORS_POLICY: CorsPolicy = { exposeHeaders: ['Allow', 'WWW-Authenticate', 'Retry-After', 'Preference-Applied'] };

const WRITES: ReadonlySet<OperationId> = new Set(writeOperations);

const ACCEPTED_MEDIA: Record<OperationId, string[]> = Object.fromEntries(
  (Object.keys(operations) as OperationId[]).map((id) => [id, Object.keys(operations[id].requestBodies)]),
) as Record<OperationId, string[]>;

/** Body array fields capped by the sandbox's list limit. */
const LIST_FIELDS = ['companies', 'tags'];

function bodyReader(request: SandboxRequest, state: SandboxState, operationId: OperationId): () => Promise<Record<string, unknown>> {
  let parsed: Promise<Record<string, unknown>> | undefined;
  const read = async () => {
    const result = await readBody(request.body, state.limits.bodyBytes, request.headers.get('content-length'));
    if (result.kind === 'too-large') throw errors.tooLarge(state.limits.bodyBytes);
    if (result.kind === 'aborted') throw errors.badRequest('Request body was not received completely');
    const decoded = await decodeBody(result.bytes, request.headers.get('content-type'), ACCEPTED_MEDIA[operationId]);
    if (decoded.value !== null && typeof decoded.value === 'object' && !Array.isArray(decoded.value)) {
      checkListSizes(decoded.value as Record<string, unknown>, LIST_FIELDS, state.limits.listItems);
    }
    validateRequestBody(operationId, decoded.mediaType, decoded.value);
    return decoded.value as Record<string, unknown>;
  };
  return () => (parsed ??= read());
}

interface Exchange {
  /** Set once the route is known (for strict checks). */
  operationId?: OperationId;
  /** Path and query, for log lines. */
  target: string;
  /** Prefer values honoured, for `Preference-Applied`. */
  applied?: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function redacted(target: string): string {
  return target.replace(/([?&]sessionid=)[^&]*/gi, '$1<redacted>');
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw errors.badRequest('Request URL cannot be parsed');
  }
}

export function createApp(options: AppOptions): (request: SandboxRequest) => Promise<Reply> {
  const { state, authenticate, checkResponse, log, faults } = options;

  async function route(request: SandboxRequest, exchange: Exchange): Promise<Reply> {
    const url = parseUrl(request.url);
    const { method } = request;
    const path = url.pathname;
    exchange.target = `${path}${url.search}`;

    const match = matchRoute(method, path);
    if (!match) throw errors.notFound(`No operation at ${path.slice(0, 200)} in API v1 (published paths end with a slash)`);
    exchange.operationId = match.route?.operationId;
    if (isPreflight(method, request.headers.get('access-control-request-method'))) {
      const preflight = { origin: request.headers.get('origin'), requestHeaders: request.headers.get('access-control-request-headers'), methods: match.allow };
      return { status: 204, headers: preflightHeaders(preflight, CORS_POLICY), body: null };
    }

    // A fault stands in for the whole service (a gateway's 503 comes before credentials are read).
    const planned = faults(match.route?.operationId, request.headers.get('prefer'));
    if (planned) {
      exchange.applied = planned.applied;
      if (planned.fault.delay) await sleep(planned.fault.delay);
      const { status } = planned.fault;
      if (status !== undefined) return faultReply({ ...planned.fault, status });
    }

    // A malformed query string must not hide a missing credential: authenticate first.
    let query: Query | undefined;
    let queryError: unknown;
    try {
      query = parseQuery(url.search.slice(1));
    } catch (error) {
      queryError = error;
    }
    const rights = authenticate({
      header: (name) => request.headers.get(name),
      query: (name) => (query ? single(query, name) : undefined),
    });
    if (!rights) throw errors.unauthorized();
    if (!match.route) throw errors.methodNotAllowed(method, path, match.allow);
    const { operationId } = match.route;
    if (rights === 'readonly' && WRITES.has(operationId)) throw errors.forbidden();
    if (!query) throw queryError;
    validateQuery(operationId, query);

    const context: HandlerContext = {
      state,
      query,
      params: match.params,
      baseUrl: `${url.origin}${path}`,
      body: bodyReader(request, state, operationId),
    };
    const handler = handlerFor(operationId, options.handlers);
    if (!handler) throw errors.notImplemented(operationId);
    return handler(context);
  }

  function errorReply(request: SandboxRequest, exchange: Exchange, error: unknown): Reply {
    if (error instanceof ApiError) return error.reply();
    const message = error instanceof Error ? error.message : String(error);
    log(`[sandbox] internal error on ${request.method} ${exchange.target.split('?')[0]}: ${error instanceof Error ? error.stack : message}`);
    return json(500, { error: `sandbox bug (please report): ${message}`, code: 'internal_error' });
  }

  /** In strict mode a reply that breaks the contract is logged and replaced by a 500. */
  function checked(request: SandboxRequest, exchange: Exchange, reply: Reply): Reply {
    const violations = checkResponse?.(exchange.operationId, reply.status, reply.body) ?? [];
    if (violations.length === 0) return reply;
    const shown = violations.slice(0, 5).join('; ');
    log(`[sandbox] contract violation: ${request.method} ${exchange.target.split('?')[0]} -> ${reply.status}: ${shown}`);
    return json(500, { error: `sandbox response violates the contract: ${shown}`, code: 'contract_violation' });
  }

  return async (request) => {
    const started = performance.now();
    const exchange: Exchange = { target: '' };
    let reply: Reply;
    try {
      reply = await route(request, exchange);
    } catch (error) {
      reply = errorReply(request, exchange, error);
    }
    reply = checked(request, exchange, reply);
    reply.headers = { ...corsHeaders(request.headers.get('origin'), CORS_POLICY), ...reply.headers };
    if (exchange.applied?.length) reply.headers['preference-applied'] = exchange.applied.join(', ');
    if (options.accessLog) {
      log(`${request.method} ${redacted(exchange.target)} -> ${reply.status} (${(performance.now() - started).toFixed(1)} ms)`);
    }
    return reply;
  };
}
