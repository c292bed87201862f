// Runs Prism 5.14.2 as a child process on a loopback port the OS picks. A child, not in-process:
// Prism's ESM dependencies break under Jest, and a crash of Prism must not take the front down
// silently. Logging is silent: Prism's ~4 log lines per request would slow it and print
// credentials; the front reports what users need. Prism needs 1.5–2 s to start, so the mock
// launches it before anything else and learns its port from the preload (prism-child.cjs).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startTimeoutMs } from '../protocol/start-timeout';

export const GENERATED_DOCUMENT = path.resolve(__dirname, '../generated/openapi.json');
const PRISM_CHILD = path.resolve(__dirname, 'prism-child.cjs');
const LOOPBACK = '127.0.0.1';

export interface PrismExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface PrismProcess {
  pid: number | undefined;
  /** Resolves with Prism's loopback port once it accepts connections; rejects with a PrismStartError if it stops or times out first. */
  listening: Promise<number>;
  /** Settles when Prism exits for any reason, including `stop()`. */
  exited: Promise<PrismExit>;
  /** True once `stop()` was called, so an exit is expected. */
  readonly stopping: boolean;
  stop(): Promise<void>;
}

export interface PrismOptions {
  document?: string;
  readyTimeoutMs?: number;
}

export class PrismStartError extends Error {}

/** The line of Prism's output that says why it stopped (it prints yargs help around it). */
export function startFailureReason(output: string, exit: PrismExit): string {
  const lines = output.split('\n').map((line) => line.trim());
  const line = lines.find((l) => /^Error: |EADDRINUSE|EACCES/.test(l));
  if (line) return line.replace(/^Error: /, '');
  return exit.signal ? `Prism was stopped by ${exit.signal}` : `Prism exited with code ${exit.code} before listening`;
}

/** Prism's CLI script. Installed from the package, Prism is an optional peer: say how to add it. */
function prismCli(): string {
  try {
    return require.resolve('@stoplight/prism-cli/dist/index.js');
  } catch {
    throw new PrismStartError('Prism is not installed; add it with: npm i -D "@stoplight/prism-cli@5.14.2"');
  }
}

/** Spawns Prism at once; `listening` tells when it answers. */
export function launchPrism(options: PrismOptions = {}): PrismProcess {
  const document = options.document ?? GENERATED_DOCUMENT;
  const readyTimeoutMs = options.readyTimeoutMs ?? startTimeoutMs(30_000);
  const args = ['--require', PRISM_CHILD, prismCli(), 'mock', '-h', LOOPBACK, '-p', '0', '--cors=false', '-v', 'silent', document];
  // Own process group: Ctrl+C reaches only the mock, which then stops Prism itself (otherwise
  // Prism's exit from the same SIGINT could be reported as a crash).
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { ...process.env, FORCE_COLOR: '0' },
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-8192);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let stopping = false;
  let exit: PrismExit | undefined;
  const exited = new Promise<PrismExit>((resolve) => {
    child.once('exit', (code, signal) => resolve((exit = { code, signal })));
  });

  // Settles once: a later failure (Prism exiting after it listened) is `exited`'s news, not this one's.
  const listening = new Promise<number>((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new PrismStartError(reason));
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(`Prism did not listen within ${readyTimeoutMs} ms`);
    }, readyTimeoutMs);
    child.once('message', (message: { listening?: unknown }) => {
      clearTimeout(timer);
      if (typeof message.listening === 'number') resolve(message.listening);
      else fail(`Prism's preload sent ${JSON.stringify(message)}`);
    });
    child.once('error', (error) => fail(`cannot run Prism: ${error.message}`));
    void exited.then((e) => fail(stopping ? 'Prism was stopped while starting' : startFailureReason(output, e)));
  });
  // Whoever awaits `listening` sees a failure; nobody has to.
  listening.catch(() => undefined);

  return {
    pid: child.pid,
    listening,
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
