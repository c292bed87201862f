// The running mock: the front on the public address and Prism behind it. Used by
// mock/start.ts (the `npm start` CLI) and by the tests, which listen on port 0.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFront, type Upstream } from './front';
import { startPrism, PrismStartError, type PrismExit, type PrismProcess } from './prism';

export interface MockOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  bodyLimit?: number;
  docsDir?: string;
  /** The bundled contract Prism serves (default generated/openapi.json). */
  document?: string;
  /** Called once Prism's process is spawned: other start work can overlap its ~1.5 s start. */
  onPrismSpawned?: () => void;
    /** Called once if Prism exits while the mock is running (not on close()). */
  onPrismExit?: (reason: string) => void;
}

export interface RunningMock {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  host: string;
  port: number;
  prism: PrismProcess;
  close(): Promise<void>;
}

/** A start failure a user can act on; its message is one line. */
export class MockStartError extends Error {
  constructor(
    message: string,
    /** `listen`: the public address; `prism`: Prism could not load or serve the document. */
    readonly stage: 'listen' | 'prism',
  ) {
    super(message);
  }
}

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4010;

export function baseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

function listenFailure(error: NodeJS.ErrnoException, host: string, port: number): MockStartError {
  switch (error.code) {
    case 'EADDRINUSE':
      return new MockStartError(`port ${port} on ${host} is already in use; stop the other process or set PORT to another port`, 'listen');
    case 'EACCES':
      return new MockStartError(`no permission to listen on ${host}:${port}; use a port above 1023`, 'listen');
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new MockStartError(`cannot listen on host ${host} (${error.code}); set HOST to a local address such as 127.0.0.1`, 'listen');
    default:
      return new MockStartError(`cannot listen on ${host}:${port}: ${error.message}`, 'listen');
  }
}

function listen(server: http.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenFailure(error, host, port)));
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function describeExit(exit: PrismExit): string {
  return exit.signal ? `Prism was stopped by ${exit.signal}` : `Prism exited with code ${exit.code}`;
}

/** Binds the public port first (so "port in use" fails in milliseconds), then starts Prism behind it. */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? DEFAULT_HOST;
  const upstream: Upstream = { port: 0, down: 'Prism is still starting' };
  const server = createFront({ upstream, bodyLimit: options.bodyLimit, docsDir: options.docsDir });
  const port = await listen(server, host, options.port ?? DEFAULT_PORT);
  let prism: PrismProcess;
  try {
    prism = await startPrism({ document: options.document, onSpawned: options.onPrismSpawned });
  } catch (error) {
    await closeServer(server);
    if (error instanceof PrismStartError) throw new MockStartError(`Prism could not serve the contract: ${error.message}`, 'prism');
    throw error;
  }
  upstream.port = prism.port;
  upstream.down = undefined;
  void prism.exited.then((exit) => {
    if (prism.stopping) return;
    upstream.down = describeExit(exit);
    options.onPrismExit?.(upstream.down);
  });
  return {
    url: baseUrl(host, port),
    host,
    port,
    prism,
    async close() {
      await prism.stop();
      await closeServer(server);
    },
  };
}
