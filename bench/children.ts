// Child processes of a benchmark: servers started as their npm scripts start them (`node --import
// tsx …`, `npm start`'s `node --require tsx/cjs …`) and one-off commands. Every child is registered so that a normal end, an error
// or Ctrl+C never leaves a server running on a port.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

export const ROOT = path.resolve(__dirname, '..');
/** Node's arguments that load TypeScript through tsx in the same process, as most npm scripts run. */
export const TSX = ['--import', 'tsx'];

/** Node's arguments of an npm script that is a plain `node …` command, so a benchmark launches exactly what the script runs. */
export function npmScriptArgs(name: string): string[] {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [program, ...args] = (scripts[name] ?? '').split(/\s+/);
  if (program !== 'node') throw new Error(`npm run ${name} is not a plain \`node …\` command: ${scripts[name]}`);
  return args;
}

export interface ServerChild {
  url: string;
  child: ChildProcess;
  /** Resolves once the process has exited (see stopChild). */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

/**
 * SIGKILL to the child's whole process group: a server may run helpers of its own (the mock runs
 * Prism), which a SIGKILL of the child alone would leave running on their ports.
 */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function killAll(): void {
  for (const child of running) killGroup(child);
}
process.once('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/** Spawns `node <args>` from the project root, in a process group of its own, tracked until it exits. */
export function spawnTracked(args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options, detached: true });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** SIGTERM to the child (the script stops cleanly), the group's SIGKILL after 3 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => killGroup(child), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The exit of a child, with the end of its stderr for messages. */
export function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

/**
 * Starts `tsx <script> <args>` and resolves with the URL captured by `ready` from its stdout
 * (the servers' documented ready lines).
 */
export function startServer(script: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 60_000): Promise<ServerChild> {
  const child = spawnTracked([...TSX, script, ...args], { env });
  const ended = exited(child);
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} printed no ready line within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    void ended.then(({ code, stderr }) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before it was ready: ${stderr.trim().split('\n').pop() ?? ''}`));
    });
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = ready.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: match[1]!, child, stop });
    });
  });
}

/** The documented ready lines of the project's servers. */
export const READY = {
  mock: /^Mock listening on (http:\/\/\S+)/,
  sandbox: /^Sandbox listening on (http:\/\/\S+)/,
  bare: /^Bare server listening on (http:\/\/\S+)/,
} as const;
