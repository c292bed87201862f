// The running mock: the front on the public address and Prism behind it. Used by
// mock/start.ts (the `npm start` CLI) and by the tests, which listen on port 0.
import type http from 'node:http';
import { listen } from '../protocol/node-server';
import { ADDRESS_HINTS } from '../protocol/server-address';
import { baseUrl, DEFAULT_HOST, DEFAULT_PORT } from './address';
import { UNAVAILABLE } from './errors';
import { createFront } from './front';
import { launchPrism, type PrismExit, type PrismProcess } from './prism';
import { Upstream } from './upstream';

export interface MockOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  bodyLimit?: number;
  docsDir?: string;
  /** The bundled contract Prism serves (default generated/openapi.json); ignored when `prism` is given. */
  document?: string;
  /** A Prism launched already (npm start launches it first); the mock owns and stops it. Default: one launched here. */
  prism?: PrismProcess;
  /** Called once if Prism exits while the mock is running (not on close()). */
  onPrismExit?: (reason: string) => void;
  /** How long close() lets answers in flight finish before it closes their connections (default a second). */
  closeGraceMs?: number;
}

export interface RunningMock {
  /** e.g. http://127.0.0.1:4010 */
  url: string;
  host: string;
  port: number;
  prism: PrismProcess;
  /** Resolves once Prism answers (until then the mock holds requests); rejects with a MockStartError if it cannot start. */
  ready: Promise<void>;
  /** Answers held requests with 503, lets answers in flight finish (up to a second), stops Prism. */
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

const CLOSE_GRACE_MS = 1000;

function listenPublic(server: http.Server, host: string, port: number): Promise<number> {
  return listen(server, host, port, ADDRESS_HINTS, (message) => new MockStartError(message, 'listen'));
}

/**
 * Stops accepting connections and resolves once every answer in flight is out, or after
 * `graceMs`. Idle keep-alive connections close at once, busy ones as soon as their answer is
 * sent (see `closeWhenAnswered`).
 */
function closeServer(server: http.Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Once the server is closing, a connection whose answer is out closes (node:http would keep it for its keep-alive timeout). */
function closeWhenAnswered(server: http.Server): void {
  server.on('request', (_request, response: http.ServerResponse) => {
    response.once('close', () => {
      if (!server.listening) server.closeIdleConnections();
    });
  });
}

function describeExit(exit: PrismExit): string {
  return exit.signal ? `Prism was stopped by ${exit.signal}` : `Prism exited with code ${exit.code}`;
}

/**
 * Binds the public port (so "port in use" fails in milliseconds) and resolves; requests that
 * arrive before Prism listens wait for it, and `ready` tells when it does.
 */
export async function openMock(options: MockOptions = {}): Promise<RunningMock> {
  const host = options.host ?? DEFAULT_HOST;
  const prism = options.prism ?? launchPrism({ document: options.document });
  const upstream = new Upstream();
  const server = createFront({ upstream, bodyLimit: options.bodyLimit, docsDir: options.docsDir });
  closeWhenAnswered(server);
  let port: number;
  try {
    port = await listenPublic(server, host, options.port ?? DEFAULT_PORT);
  } catch (error) {
    await prism.stop();
    throw error;
  }

  const ready = prism.listening.then(
    (prismPort) => {
      upstream.up(prismPort);
      void prism.exited.then((exit) => {
        if (prism.stopping) return;
        upstream.down(UNAVAILABLE.prismGone(describeExit(exit)));
        options.onPrismExit?.(describeExit(exit));
      });
    },
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      upstream.down(UNAVAILABLE.startFailed(reason));
      throw new MockStartError(`Prism could not serve the contract: ${reason}`, 'prism');
    },
  );
  ready.catch(() => undefined); // reported to whoever awaits it; requests get the 503 meanwhile

  return {
    url: baseUrl(host, port),
    host,
    port,
    prism,
    ready,
    async close() {
      upstream.down(UNAVAILABLE.stopping());
      await closeServer(server, options.closeGraceMs ?? CLOSE_GRACE_MS);
      await prism.stop();
    },
  };
}

/** openMock, resolved once Prism answers: the whole start, for tests and scripts. */
export async function startMock(options: MockOptions = {}): Promise<RunningMock> {
  const mock = await openMock(options);
  try {
    await mock.ready;
  } catch (error) {
    await mock.close();
    throw error;
  }
  return mock;
}
