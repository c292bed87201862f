// The request pipeline, in the order a Django REST framework service applies its checks:
// route (404) -> CORS preflight -> credentials (401) -> method (405) -> permission (403) ->
// handler (which looks up its watchdog, 404, before it reads and validates the body: 413,
// 415, 400). A thrown ApiError becomes its `{error, code}` response; anything else is a
// sandbox bug: logged and answered 500, never silently.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { operations, type OperationId } from '../generated';
import { WRITE_OPERATIONS, type Authenticator } from './auth';
import { decodeBody, readBody } from './body';
import { corsHeaders, isPreflight, preflightHeaders } from './cors';
import { ApiError, errors } from './errors';
import { HANDLERS } from './handlers';
import { json, type HandlerContext, type Reply } from './handlers/context';
import { parseQuery, single, type Query } from './query';
import { matchRoute } from './routes';
import type { SandboxState } from './state';
import type { ResponseChecker } from './strict';
import { checkListSizes, validateRequestBody } from './validation';

export interface AppOptions {
  state: SandboxState;
  authenticate: Authenticator;
  /** Set in strict mode. */
  checkResponse?: ResponseChecker;
  /** host:port that links use when the request has no usable Host header. */
  fallbackHost: () => string;
  log: (line: string) => void;
  accessLog: boolean;
}

// A Host header is used in links only if it looks like host[:port]; otherwise the listen address.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
// A request target is printable ASCII: raw bytes above 0x7E must be percent-encoded.
const TARGET = /^\/[\x21-\x7e]*$/;

const ACCEPTED_MEDIA: Record<OperationId, string[]> = Object.fromEntries(
  (Object.keys(operations) as OperationId[]).map((id) => [id, Object.keys(operations[id].requestBodies)]),
) as Record<OperationId, string[]>;

/** Body array fields capped by the sandbox's list limit. */
const LIST_FIELDS = ['companies', 'tags'];

function bodyReader(request: IncomingMessage, state: SandboxState, operationId: OperationId): () => Promise<Record<string, unknown>> {
  let parsed: Promise<Record<string, unknown>> | undefined;
  const read = async () => {
    const result = await readBody(request, state.limits);
    if (result.kind === 'too-large') throw errors.tooLarge(state.limits.bodyBytes);
    if (result.kind === 'aborted') throw new ApiError(400, 'bad_request', 'Request body was not received completely');
    const decoded = await decodeBody(result.bytes, request.headers['content-type'], ACCEPTED_MEDIA[operationId]);
    if (decoded.value !== null && typeof decoded.value === 'object' && !Array.isArray(decoded.value)) {
      checkListSizes(decoded.value as Record<string, unknown>, LIST_FIELDS, state.limits.listItems);
    }
    validateRequestBody(operationId, decoded.mediaType, decoded.value);
    return decoded.value as Record<string, unknown>;
  };
  return () => (parsed ??= read());
}

interface Exchange {
  operationId?: OperationId;
}

function redactedTarget(url: string): string {
  return url.replace(/([?&]sessionid=)[^&]*/gi, '$1<redacted>');
}

export function createApp(options: AppOptions): (request: IncomingMessage, response: ServerResponse) => void {
  const { state, authenticate, checkResponse, log } = options;

  function send(request: IncomingMessage, response: ServerResponse, operationId: OperationId | undefined, reply: Reply, started: number): void {
    if (response.headersSent || response.destroyed) return;
    let final = reply;
    if (checkResponse) {
      const violations = checkResponse(operationId, reply.status, reply.body);
      if (violations.length > 0) {
        log(`[sandbox] contract violation: ${request.method} ${(request.url ?? '').split('?')[0]} -> ${reply.status}: ${violations.slice(0, 5).join('; ')}`);
        final = json(500, { error: `sandbox response violates the contract: ${violations.slice(0, 5).join('; ')}`, code: 'contract_violation' });
      }
    }
    const headers: Record<string, string | number> = {
      ...corsHeaders(request),
      ...(final === reply ? reply.headers : {}),
    };
    const bytes = typeof final.body === 'string' ? Buffer.from(final.body) : final.body;
    if (final.status !== 204) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = bytes.length;
    }
    response.writeHead(final.status, headers);
    response.end(request.method === 'HEAD' || final.status === 204 ? undefined : bytes);
    if (options.accessLog) {
      log(`${request.method} ${redactedTarget(request.url ?? '')} -> ${final.status} (${(performance.now() - started).toFixed(1)} ms)`);
    }
  }

  /** Answers one request; `exchange.operationId` is set once the route is known (for strict checks). */
  async function handle(request: IncomingMessage, exchange: Exchange): Promise<Reply> {
    const target = request.url ?? '/';
    const method = request.method ?? 'GET';
    if (!TARGET.test(target)) {
      throw errors.badRequest('Request target must be an absolute path of printable ASCII (percent-encode other bytes)');
    }
    const q = target.indexOf('?');
    const path = q === -1 ? target : target.slice(0, q);
    const rawQuery = q === -1 ? '' : target.slice(q + 1);

    const match = matchRoute(method, path);
    if (!match) throw errors.notFound(`No operation at ${path.slice(0, 200)} in API v1 (published paths end with a slash)`);
    exchange.operationId = match.route?.operationId;
    if (isPreflight(request)) return { status: 204, body: '', headers: preflightHeaders(request, match.allow) };

    // A malformed query string must not hide a missing credential: authenticate first.
    let query: Query | undefined;
    let queryError: unknown;
    try {
      query = parseQuery(rawQuery);
    } catch (error) {
      queryError = error;
    }
    const rights = authenticate(request.headers, query ? single(query, 'sessionid') : undefined);
    if (!rights) throw errors.unauthorized();
    if (!match.route) throw errors.methodNotAllowed(method, path, match.allow);
    const { operationId } = match.route;
    if (rights === 'readonly' && WRITE_OPERATIONS.has(operationId)) throw errors.forbidden();
    if (!query) throw queryError;

    const host = request.headers.host;
    const context: HandlerContext = {
      state,
      query,
      params: match.params,
      baseUrl: `http://${host && HOST.test(host) ? host : options.fallbackHost()}${path}`,
      body: bodyReader(request, state, operationId),
    };
    return HANDLERS[operationId](context);
  }

  return (request, response) => {
    const started = performance.now();
    const exchange: Exchange = {};
    handle(request, exchange)
      .then(
        (reply) => send(request, response, exchange.operationId, reply, started),
        (error: unknown) => send(request, response, exchange.operationId, errorReply(request, error), started),
      )
      .catch((error: unknown) => {
        // Writing the response itself failed (e.g. a header value Node refuses): close the exchange.
        log(`[sandbox] could not send a response: ${error instanceof Error ? error.message : String(error)}`);
        response.destroy();
      });
  };

  function errorReply(request: IncomingMessage, error: unknown): Reply {
    if (error instanceof ApiError) return { status: error.status, body: JSON.stringify(error.body), headers: error.headers };
    const message = error instanceof Error ? error.message : String(error);
    log(`[sandbox] internal error on ${request.method} ${(request.url ?? '').split('?')[0]}: ${error instanceof Error ? error.stack : message}`);
    return json(500, { error: `sandbox bug (please report): ${message}`, code: 'internal_error' });
  }
}
