// The thin HTTP front on the public port; Prism listens behind it on a loopback port.
// It exists for what Prism cannot be configured to do (see mock/README.md, "Why a front"):
// the contract's error shape for every error, useful 400 messages, CORS with credentials,
// a body limit, the API reference at /docs/, links that lead back to the mock through pages
// that end, requests held until Prism answers, and a clear answer when Prism cannot.
// Successful responses pass through unchanged (buffered, not re-serialized) but for their links;
// a list is answered as one page of a list that ends (pages.ts).
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { operations } from '../generated';
import { corsHeaders, isPreflight, preflightHeaders, type CorsPolicy } from '../protocol/cors';
import { errorReply } from '../protocol/errors';
import { readNodeBody } from '../protocol/node-body';
import { answerClientErrors } from '../protocol/node-server';
import { isPublishedAuthorization } from './credentials';
import { DOCS_DIR, isDocsPath, serveDocs } from './docs';
import { mockFault } from './faults';
import {
  describeViolations,
  ERROR_REPLIES,
  fromHttpLayerError,
  fromProblem,
  isHttpLayerError,
  mockDefect,
  parseViolations,
  UNAVAILABLE,
  type ErrorReply,
  type RequestFacts,
} from './errors';
import { linkRewriter, requestOrigin } from './links';
import { asPage, isListRoute } from './pages';
import type { Upstream } from './upstream';

export interface FrontOptions {
  upstream: Upstream;
  bodyLimit?: number;
  docsDir?: string;
}

/** Largest request body forwarded to Prism (which would accept 10 MB); 413 above. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * An oversized body is read and thrown away up to this many bytes, so the client can read the
 * 413 (closing a socket with unread data resets it); past it the connection closes at once.
 */
const DISCARD_LIMIT = 8 * 1024 * 1024;

const rewriteLinks = linkRewriter();

/**
 * CORS for a dev server on another origin calling with credentials (protocol/cors.ts echoes the
 * Origin). Prism's own CORS is off (`--cors=false`): it answers `Access-Control-Allow-Origin: *`
 * with `Allow-Credentials: true`, which browsers reject for credentialed requests. The real
 * service's policy is not published. `sl-violations` is Prism's list of request violations;
 * `Prefer` chooses the mock's response.
 */
const CORS_POLICY: CorsPolicy = {
  exposeHeaders: ['Content-Type', 'Content-Length', 'sl-violations', 'Retry-After'],
  allowHeaders: ['Authorization', 'Content-Type', 'Prefer'],
};
/** Every method of the contract (a preflight is answered before routing). */
const ALLOWED_METHODS = [...new Set(Object.values(operations).map((operation) => operation.method.toUpperCase()))];

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'expect', 'content-length',
]);

function withoutHopByHop(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !name.startsWith('access-control-')) out[name] = value;
  }
  return out;
}

/** The request as Prism sees it: buffered body with its length, and only published Authorization forms. */
function upstreamHeaders(request: IncomingMessage, body: Uint8Array): OutgoingHttpHeaders {
  const headers = withoutHopByHop(request.headers);
  const hadBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
  if (hadBody) headers['content-length'] = body.length;
  const authorization = request.headers.authorization;
  if (authorization !== undefined && !isPublishedAuthorization(authorization)) delete headers.authorization;
  return headers;
}

function sendError(request: IncomingMessage, response: ServerResponse, { status, body }: ErrorReply, extra: Record<string, string> = {}): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const reply = errorReply(status, body, { ...corsHeaders(request.headers.origin, CORS_POLICY), ...extra });
  const payload = Buffer.from(reply.body!);
  response.writeHead(reply.status, { ...reply.headers, 'content-length': payload.length });
  response.end(payload);
}

/** Any Prism answer with status >= 400, rewritten into the contract's error shape where Prism used its own. */
export function rewriteError(status: number, headers: IncomingHttpHeaders, raw: Buffer, request: RequestFacts): ErrorReply | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
  if (String(headers['content-type']).includes('application/problem+json')) return fromProblem(parsed as object, request);
  if (isHttpLayerError(parsed)) return fromHttpLayerError(status, parsed.error, request);
  const message = status === 400 ? describeViolations(parseViolations(headers['sl-violations'])) : undefined;
  if (message && typeof parsed === 'object' && parsed !== null) {
    return { status, body: { ...(parsed as { error: string; code: string }), error: message } };
  }
  return undefined;
}

type Answer =
  | { status: number; headers: OutgoingHttpHeaders; raw: Buffer }
  | { error: ErrorReply; headers: Record<string, string> };

const isJson = (headers: IncomingHttpHeaders) => /[/+]json\b/.test(String(headers['content-type']));

function parsed(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * A success body as the mock serves it: a list as one page of a list that ends, with links on the
 * origin asked (pages.ts); in any other body, URLs into the API pointed at that origin, every
 * other byte kept.
 */
function onMock(request: IncomingMessage, raw: Buffer, pathname: string): Buffer {
  const origin = requestOrigin(request);
  if (isListRoute(request.method ?? 'GET', pathname)) {
    const search = new URL(request.url ?? '', 'http://mock.invalid').searchParams;
    const page = asPage(parsed(raw), { origin, pathname, search });
    if (page) return Buffer.from(JSON.stringify(page));
  }
  return rewriteLinks(raw, origin);
}

/** Prism's answer as the client gets it: successes untouched but for their links, errors in the contract's shape. */
function answer(request: IncomingMessage, incoming: IncomingMessage, raw: Buffer, facts: RequestFacts): Answer {
  const status = incoming.statusCode ?? 502;
  // Every success response of the contract has a body; Prism sends none when it cannot read
  // the Accept header (e.g. `*/*;q=abc`).
  if (status < 300 && raw.length === 0 && request.method !== 'HEAD') {
    return { error: ERROR_REPLIES.unreadableAccept(String(request.headers.accept)), headers: {} };
  }
  const rewritten = status >= 400 ? rewriteError(status, incoming.headers, raw, facts) : undefined;
  if (rewritten) {
    const violations = incoming.headers['sl-violations']; // Node joins a repeated unknown header into one string
    return { error: rewritten, headers: typeof violations === 'string' ? { 'sl-violations': violations } : {} };
  }
  const body = status < 300 && isJson(incoming.headers) ? onMock(request, raw, facts.path) : raw;
  return { status, headers: withoutHopByHop(incoming.headers), raw: body };
}

/** A kept-alive socket Prism closed as it was reused (its idle timeout and our reuse crossed): sent again on a new one. */
const closedOnReuse = (outgoing: http.ClientRequest, error: NodeJS.ErrnoException) =>
  outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

async function forward(request: IncomingMessage, response: ServerResponse, body: Uint8Array, pathname: string, options: Required<FrontOptions>, agent: http.Agent, again = false): Promise<void> {
  const upstream = await options.upstream.settled();
  if (upstream.kind === 'down') {
    sendError(request, response, ERROR_REPLIES.mockUnavailable(upstream.message));
    return;
  }
  if (response.destroyed) return; // the client gave up while Prism was starting
  const outgoing = http.request({
    host: '127.0.0.1',
    port: upstream.port,
    method: request.method,
    path: request.url,
    headers: upstreamHeaders(request, body),
    agent,
  });
  let answered = false;
  outgoing.on('response', (incoming) => {
    answered = true;
    // Bodies are small; one buffered write per response is faster than piping (fewer packets).
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('error', () => response.destroy());
    incoming.on('end', () => {
      const reply = answer(request, incoming, Buffer.concat(chunks), { method: request.method ?? 'GET', path: pathname, body });
      if ('error' in reply) {
        sendError(request, response, reply.error, reply.headers);
        return;
      }
      response.writeHead(reply.status, { ...reply.headers, ...corsHeaders(request.headers.origin, CORS_POLICY), 'content-length': reply.raw.length });
      response.end(reply.raw);
    });
  });
  outgoing.on('error', (error: NodeJS.ErrnoException) => {
    // Prism keeps no state: sending any request again is safe.
    if (!again && !answered && closedOnReuse(outgoing, error)) {
      void forward(request, response, body, pathname, options, agent, true).catch(() => response.destroy());
      return;
    }
    const now = options.upstream.state;
    sendError(request, response, ERROR_REPLIES.mockUnavailable(now.kind === 'down' ? now.message : UNAVAILABLE.notAnswering(error.code ?? error.message)));
  });
  // No body at all (not an empty chunked one) when the request had none.
  if (body.length > 0) outgoing.end(body);
  else outgoing.end();
}

async function handle(request: IncomingMessage, response: ServerResponse, options: Required<FrontOptions>, agent: http.Agent): Promise<void> {
  const target = request.url ?? '';
  let url: URL | undefined;
  try {
    if (target.startsWith('/') && !target.startsWith('//')) url = new URL(target, 'http://mock.invalid');
  } catch {
    url = undefined;
  }
  if (!url) {
    sendError(request, response, ERROR_REPLIES.badRequestTarget(target));
    return;
  }
  if (isPreflight(request.method ?? '', request.headers['access-control-request-method'])) {
    const preflight = { origin: request.headers.origin, requestHeaders: request.headers['access-control-request-headers'], methods: ALLOWED_METHODS };
    response.writeHead(204, preflightHeaders(preflight, CORS_POLICY)).end();
    return;
  }
  if (isDocsPath(url.pathname)) {
    serveDocs(request, response, url.pathname, (status, code, error) => sendError(request, response, { status, body: { error, code } }), options.docsDir);
    return;
  }
  const result = await readNodeBody(request, options.bodyLimit, Math.max(options.bodyLimit, DISCARD_LIMIT));
  if (result.kind === 'aborted') return;
  if (result.kind === 'too-large') {
    sendError(request, response, ERROR_REPLIES.tooLarge(options.bodyLimit), { connection: 'close' });
    return;
  }
  const prefer = request.headers.prefer;
  const fault = mockFault(request.method ?? 'GET', url.pathname, Array.isArray(prefer) ? prefer.join(', ') : prefer);
  if (fault.kind === 'invalid') {
    sendError(request, response, ERROR_REPLIES.preferInvalid(fault.message));
    return;
  }
  if (fault.kind === 'fault') {
    if (fault.delay) await new Promise((resolve) => setTimeout(resolve, fault.delay));
    if (fault.reply) {
      const payload = Buffer.from(fault.reply.body ?? '');
      response.writeHead(fault.reply.status, { ...fault.reply.headers, ...corsHeaders(request.headers.origin, CORS_POLICY), 'content-length': payload.length });
      response.end(payload);
      return;
    }
    if (fault.prefer === undefined) delete request.headers.prefer;
    else request.headers.prefer = fault.prefer;
  }
  await forward(request, response, result.bytes, url.pathname, options, agent);
}

export function createFront(options: FrontOptions): http.Server {
  const resolved: Required<FrontOptions> = {
    upstream: options.upstream,
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    docsDir: options.docsDir ?? DOCS_DIR,
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, noDelay: true });
  const server = http.createServer((request, response) => {
    handle(request, response, resolved, agent).catch((error: unknown) => {
      sendError(request, response, mockDefect(error instanceof Error ? error.message : String(error)));
    });
  });
  answerClientErrors(server);
  server.on('close', () => agent.destroy());
  return server;
}
