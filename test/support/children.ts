// Child processes of tests: each in its own process group, killed with everything it started when
// the test that started it ends, whatever the outcome (and when the jest worker exits). A test
// that starts a server learns its port from the server itself (its banner, or `listeningPort`),
// never by reserving a port and releasing it. Every wait here ends on an event (a line, an exit)
// or polls without a deadline: a child that hangs is the watchdog's (test/support/clock.ts).
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

/** Children started inside a test (killed after it) and outside one, in `beforeAll` (killed after the file). */
const byTest = new Set<ChildProcess>();
const byFile = new Set<ChildProcess>();

/** Kills the child's whole process group (the child and whatever it started in its group). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

function killAll(children: Set<ChildProcess>): void {
  for (const child of children) killGroup(child);
  children.clear();
}

// Jest's hooks when a test file loads this; the worker's exit in any case (until the file ends:
// each test file loads its own copy, and a worker runs many files).
const onExit = () => {
  killAll(byTest);
  killAll(byFile);
};
process.once('exit', onExit);
if (typeof afterEach === 'function') afterEach(() => killAll(byTest));
if (typeof afterAll === 'function') {
  afterAll(() => {
    killAll(byFile);
    process.removeListener('exit', onExit);
  });
}

const inTest = () => typeof expect === 'function' && expect.getState().currentTestName !== undefined;

/**
 * `spawn` in a new process group (`detached`), killed when the test that started it ends, or
 * the file when it was started in `beforeAll`. Stop it earlier as the test needs to (a signal
 * to the child alone, to see how it stops); the group is killed afterwards in any case.
 */
export function spawnChild(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true });
  // Kept after the child exits: what it started in its group may still run.
  (inTest() ? byTest : byFile).add(child);
  return child;
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Collects the child's output until it exits. */
export function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
}

/** Runs a command to its end in its own process group (as `spawnChild`), with its output. */
export function runChild(command: string, args: string[], options: SpawnOptions = {}): Promise<Finished> {
  return finished(spawnChild(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options }));
}

/** Resolves with the first stdout line matching `pattern` (its match); rejects when the child exits first. */
export function waitForLine(child: ChildProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      const match = pattern.exec(line);
      if (match) resolve(match);
    });
    child.once('exit', (code, signal) => {
      reject(new Error(`exited (${signal ?? code}) before a line matching ${pattern}: ${lines.join('\n')} ${stderr}`));
    });
  });
}

/**
 * The TCP port process `pid` listens on, as the OS reports it (Linux /proc), once it listens:
 * what a port-watching tool sees, for servers started on port 0 before their banner is printed.
 * Polls every 10 ms; `giveUp` returns a reason to stop waiting.
 */
export async function listeningPort(pid: number, giveUp: () => string | undefined): Promise<number> {
  if (!fs.existsSync(`/proc/${process.pid}/net/tcp`)) throw new Error('listeningPort reads /proc/<pid>/net/tcp, which this system does not have (Linux only)');
  for (;;) {
    const port = listeningPorts(pid)[0];
    if (port !== undefined) return port;
    const reason = giveUp();
    if (reason) throw new Error(`process ${pid} never listened: ${reason}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const LISTEN = '0A';

/** Ports of the TCP sockets in state LISTEN that process `pid` holds. */
export function listeningPorts(pid: number): number[] {
  let inodes: Set<string>;
  try {
    inodes = new Set(
      fs
        .readdirSync(`/proc/${pid}/fd`)
        .map((fd) => {
          try {
            return /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
          } catch {
            return undefined; // closed meanwhile
          }
        })
        .filter((inode): inode is string => inode !== undefined),
    );
  } catch {
    return []; // the process is gone
  }
  const ports: number[] = [];
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8');
    } catch {
      continue;
    }
    // `sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …`
    for (const row of text.split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      if (fields[3] === LISTEN && inodes.has(fields[9]!)) ports.push(parseInt(fields[1]!.split(':')[1]!, 16));
    }
  }
  return ports;
}

/** Whether process `pid` has ended: gone from /proc, or a zombie its new parent has not reaped (Linux). */
export function hasEnded(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // `pid (comm) state …`: the state follows the last parenthesis.
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/** The pids of process `pid`'s children (Linux /proc). */
export function childPids(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).flatMap((tid) =>
      fs.readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Polls every 20 ms until `probe` returns a value, for what no event tells (a process that is not
 * our child ends, a grandchild listens). No deadline: what never comes is the watchdog's. `what`
 * (the test's words for it) names the wait in the test's code.
 */
export async function until<T>(probe: () => T | undefined | false, _what: string): Promise<T> {
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
