// The sandbox as a node:http server: `createSandbox()` builds it, `startSandbox()` also
// listens (port 0 picks a free port) and resolves once it accepts connections.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createApp } from './app';
import { createAuthenticator, DEFAULT_CREDENTIALS, type Credentials } from './auth';
import { DEFAULT_LIMITS, type Limits } from './limits';
import { createState, type SandboxState } from './state';
import { createResponseChecker } from './strict';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4011;

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Validate every response against the contract before sending it. */
  strict?: boolean;
  credentials?: Credentials;
  limits?: Partial<Limits>;
  /** One line per request (secrets redacted). */
  accessLog?: boolean;
  /** Where log lines go (default stderr). */
  log?: (line: string) => void;
}

export interface Sandbox {
  server: http.Server;
  state: SandboxState;
}

export interface RunningSandbox extends Sandbox {
  /** e.g. http://127.0.0.1:4011 */
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

/** A start failure a user can act on; its message is one line. */
export class SandboxStartError extends Error {}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large',
};

/** A complete response written straight to a socket, in the contract's error body. */
function rawErrorResponse(status: number, code: string, message: string): string {
  const body = JSON.stringify({ error: message, code });
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}

/** HTTP-level errors (before a request exists), so even garbage gets `{error, code}`. */
function clientErrorResponse(error: NodeJS.ErrnoException): string {
  if (error.code === 'HPE_HEADER_OVERFLOW') return rawErrorResponse(431, 'headers_too_large', 'Request headers too large');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return rawErrorResponse(408, 'request_timeout', 'Request not received in time');
  return rawErrorResponse(400, 'bad_request', `Malformed HTTP request (${error.code ?? 'parse error'})`);
}

export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const state = createState(limits);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  // Declared before the app so links can read the real port (port 0 picks one at listen).
  let server: http.Server;
  const app = createApp({
    state,
    authenticate: createAuthenticator(options.credentials ?? DEFAULT_CREDENTIALS),
    checkResponse: options.strict ? createResponseChecker() : undefined,
    fallbackHost: () => {
      const address = server.address();
      const port = address && typeof address === 'object' ? address.port : (options.port ?? DEFAULT_PORT);
      return `${hostForUrl(options.host ?? DEFAULT_HOST)}:${port}`;
    },
    log,
    accessLog: options.accessLog ?? false,
  });
  server = http.createServer(
    {
      requestTimeout: limits.requestMs,
      headersTimeout: Math.min(limits.requestMs, 10_000),
      // How often Node looks for timed-out requests (default 30 s would stretch the limit).
      connectionsCheckingInterval: Math.min(1000, limits.requestMs),
    },
    app,
  );
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorResponse(error));
  });
  // Node hands CONNECT to this event (not to the app) and would drop the connection unanswered.
  server.on('connect', (_request: http.IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(rawErrorResponse(405, 'method_not_allowed', 'Method CONNECT is not allowed'));
  });
  return { server, state };
}

function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): SandboxStartError {
  switch (error.code) {
    case 'EADDRINUSE':
      return new SandboxStartError(`port ${port} on ${host} is already in use; stop the other process or pass --port (or PORT) with another port`);
    case 'EACCES':
      return new SandboxStartError(`no permission to listen on ${host}:${port}; use a port above 1023`);
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new SandboxStartError(`cannot listen on host ${host} (${error.code}); pass --host (or HOST) with a local address such as 127.0.0.1`);
    default:
      return new SandboxStartError(`cannot listen on ${host}:${port}: ${error.message}`);
  }
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? DEFAULT_HOST;
  const requested = options.port ?? DEFAULT_PORT;
  const sandbox = createSandbox(options);
  const port = await new Promise<number>((resolve, reject) => {
    sandbox.server.once('error', (error: NodeJS.ErrnoException) => reject(listenFailure(error, host, requested)));
    sandbox.server.listen(requested, host, () => resolve((sandbox.server.address() as AddressInfo).port));
  });
  const url = `http://${hostForUrl(host)}:${port}`;
  const running: RunningSandbox = {
    ...sandbox,
    url,
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.server.close(() => resolve());
        sandbox.server.closeAllConnections();
      }),
  };
  return running;
}
