// Runs Prism 5.14.2 as a child process on an internal loopback port. A child, not in-process:
// Prism's ESM dependencies break under Jest, and a crash of Prism must not take the front down
// silently. Logging is silent: Prism's ~4 log lines per request would slow it and print
// credentials; the front reports what users need.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const GENERATED_DOCUMENT = path.resolve(__dirname, '../generated/openapi.json');
const PRISM_CLI = require.resolve('@stoplight/prism-cli/dist/index.js');
const EXIT_WITH_PARENT = path.resolve(__dirname, 'exit-with-parent.cjs');
const LOOPBACK = '127.0.0.1';

export interface PrismExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface PrismProcess {
  port: number;
  pid: number | undefined;
  /** Settles when Prism exits for any reason, including `stop()`. */
  exited: Promise<PrismExit>;
  /** True once `stop()` was called, so an exit is expected. */
  readonly stopping: boolean;
  stop(): Promise<void>;
}

export interface PrismOptions {
  document?: string;
  readyTimeoutMs?: number;
  onSpawned?: () => void;
}

export class PrismStartError extends Error {}

/** A port that is free right now (Prism needs a number; it cannot report a port chosen by the OS). */
export function freePort(host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, LOOPBACK);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The line of Prism's output that says why it stopped (it prints yargs help around it). */
export function startFailureReason(output: string, exit: PrismExit): string {
  const lines = output.split('\n').map((line) => line.trim());
  const line = lines.find((l) => /^Error: |EADDRINUSE|EACCES/.test(l));
  if (line) return line.replace(/^Error: /, '');
  return exit.signal ? `Prism was stopped by ${exit.signal}` : `Prism exited with code ${exit.code} before listening`;
}

function spawnPrism(document: string, port: number): ChildProcess {
  const args = ['--require', EXIT_WITH_PARENT, PRISM_CLI, 'mock', '-h', LOOPBACK, '-p', String(port), '--cors=false', '-v', 'silent', document];
  // Own process group: Ctrl+C reaches only the mock, which then stops Prism itself (otherwise
  // Prism's exit from the same SIGINT could be reported as a crash).
  return spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, FORCE_COLOR: '0' },
    detached: true,
  });
}

async function startOnce(document: string, readyTimeoutMs: number, onSpawned?: () => void): Promise<PrismProcess> {
  const port = await freePort();
  const child = spawnPrism(document, port);
  onSpawned?.();
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8192);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  const exited = new Promise<PrismExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let exit: PrismExit | undefined;
  void exited.then((e) => (exit = e));

  const deadline = Date.now() + readyTimeoutMs;
  while (!(await canConnect(port))) {
    if (exit) throw new PrismStartError(startFailureReason(output, exit));
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new PrismStartError(`Prism did not listen within ${readyTimeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    port,
    pid: child.pid,
    exited,
    get stopping() {
      return stopping;
    },
    async stop() {
      stopping = true;
      if (exit) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts Prism and resolves once it accepts connections. Retries once if its port was taken meanwhile. */
export async function startPrism(options: PrismOptions = {}): Promise<PrismProcess> {
  const document = options.document ?? GENERATED_DOCUMENT;
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  try {
    return await startOnce(document, readyTimeoutMs, options.onSpawned);
  } catch (error) {
    if (error instanceof PrismStartError && /EADDRINUSE/.test(error.message)) return startOnce(document, readyTimeoutMs);
    throw error;
  }
}
