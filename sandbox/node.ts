// The sandbox on node:http: `createSandboxServer()` builds it, `startSandbox()` also listens
// (port 0 picks a free port) and resolves once it accepts connections. What only exists at the
// HTTP level is handled here: malformed HTTP, oversized headers, CONNECT, request timeouts
// (408), request targets that are not printable ASCII, draining an oversized body before the
// 413 and closing, and HEAD without a body. Everything else is the core's (core/).
//
// The core gets a Request-shaped view of the IncomingMessage (method, url, headers.get, body)
// rather than a `new Request`, and its reply is written straight to the ServerResponse rather
// than through a `Response`: undici's Request costs ~14 µs and refuses TRACE and GET bodies,
// and reading a 40 KB Response back costs ~90 µs, against ~26 µs for a whole bare request.
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { BodyTooLargeError } from '../protocol/body';
import { corsHeaders } from '../protocol/cors';
import { errorReply } from '../protocol/errors';
import { readNodeBody } from '../protocol/node-body';
import { answerClientErrors, kitErrorBytes, listen } from '../protocol/node-server';
import { ADDRESS_HINTS } from '../protocol/server-address';
import type { Reply } from '../protocol/reply';
import { CORS_POLICY, createSandbox, DEFAULT_LIMITS, type Limits, type SandboxOptions, type SandboxRequest, type SandboxState } from './core';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4011;

export interface NodeSandboxOptions extends SandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
}

export interface SandboxServer {
  server: http.Server;
  state: SandboxState;
}

export interface RunningSandbox extends SandboxServer {
  /** e.g. http://127.0.0.1:4011 */
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

/** A start failure a user can act on; its message is one line. */
export class SandboxStartError extends Error {}

// A Host header is used in links only if it looks like host[:port] and parses; otherwise the listen address.
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;
// A request target is printable ASCII: raw bytes above 0x7E must be percent-encoded.
const TARGET = /^\/[\x21-\x7e]*$/;

export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** A body the transport has already found too large: the core answers 413 where its pipeline reads the body. */
function tooLargeBody(): ReadableStream<Uint8Array> {
  return new ReadableStream({ start: (controller) => controller.error(new BodyTooLargeError()) });
}


function hasBody(request: IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/** Writes a reply; a response to HEAD carries the length but no body. */
function write(request: IncomingMessage, response: ServerResponse, reply: Reply, close: boolean): void {
  if (response.headersSent || response.destroyed) return;
  const body = typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body;
  const headers: OutgoingHttpHeaders = { ...reply.headers };
  if (body) headers['content-length'] = body.length;
  if (close) headers.connection = 'close';
  response.writeHead(reply.status, headers);
  response.end(request.method === 'HEAD' || !body ? undefined : body);
}

export function createSandboxServer(options: NodeSandboxOptions = {}): SandboxServer {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const sandbox = createSandbox({ ...options, limits, log });

  // Declared before the handler so links can use the real port (port 0 picks one at listen).
  let server: http.Server;
  const listenAddress = () => {
    const address = server.address();
    const port = address && typeof address === 'object' ? address.port : (options.port ?? DEFAULT_PORT);
    return `${hostForUrl(options.host ?? DEFAULT_HOST)}:${port}`;
  };
  // Clients send the same Host on every request: remember the last verdict.
  let lastHost: string | undefined;
  let lastAuthority = '';
  const authority = (host: string | undefined): string => {
    if (host === undefined) return listenAddress();
    if (host !== lastHost) {
      lastHost = host;
      lastAuthority = HOST.test(host) && URL.canParse(`http://${host}/`) ? host : '';
    }
    return lastAuthority || listenAddress();
  };

  async function serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = request.url ?? '/';
    if (!TARGET.test(target)) {
      const reply = errorReply(400, { error: 'Request target must be an absolute path of printable ASCII (percent-encode other bytes)', code: 'bad_request' });
      write(request, response, { ...reply, headers: { ...corsHeaders(request.headers.origin, CORS_POLICY), ...reply.headers } }, false);
      return;
    }
    let body: SandboxRequest['body'] = null;
    let drained = true;
    if (hasBody(request)) {
      const result = await readNodeBody(request, limits.bodyBytes, limits.discardBytes);
      if (result.kind === 'aborted') {
        write(request, response, errorReply(400, { error: 'Request body was not received completely', code: 'bad_request' }), true);
        return;
      }
      drained = result.kind === 'body';
      // The bytes as read: the core takes them as they are (a stream per request costs more than the body).
      body = result.kind === 'body' ? (result.bytes.length ? result.bytes : null) : tooLargeBody();
    }
    const view: SandboxRequest = {
      method: request.method ?? 'GET',
      url: `http://${authority(request.headers.host)}${target}`,
      headers: {
        get: (name) => {
          const value = request.headers[name.toLowerCase()];
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
        },
      },
      body,
    };
    const reply = await sandbox.handle(view);
    // After a 413 the connection closes: the rest of the body was never read.
    write(request, response, reply, !drained || reply.status === 413);
  }

  server = http.createServer(
    {
      requestTimeout: limits.requestMs,
      headersTimeout: Math.min(limits.requestMs, 10_000),
      // How often Node looks for timed-out requests (default 30 s would stretch the limit).
      connectionsCheckingInterval: Math.min(1000, limits.requestMs),
    },
    (request, response) => {
      serve(request, response).catch((error: unknown) => {
        // Writing the response itself failed (e.g. a header value Node refuses): close the exchange.
        log(`[sandbox] could not send a response: ${error instanceof Error ? error.message : String(error)}`);
        response.destroy();
      });
    },
  );
  answerClientErrors(server);
  // Node hands CONNECT to this event (not to the request handler) and would drop the connection unanswered.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(kitErrorBytes({ status: 405, body: { error: 'Method CONNECT is not allowed', code: 'method_not_allowed' } }));
  });
  return { server, state: sandbox.state };
}

export async function startSandbox(options: NodeSandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? DEFAULT_HOST;
  const requested = options.port ?? DEFAULT_PORT;
  const sandbox = createSandboxServer(options);
  const port = await listen(sandbox.server, host, requested, ADDRESS_HINTS, (message) => new SandboxStartError(message));
  return {
    ...sandbox,
    url: `http://${hostForUrl(host)}:${port}`,
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.server.close(() => resolve());
        sandbox.server.closeAllConnections();
      }),
  };
}
