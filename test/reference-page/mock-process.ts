// The mock as users start it (`tsx mock/start.ts`), as a child process on a free port. Its
// public interface: PORT/HOST in the environment, a stdout line `Mock listening on <url>`,
// SIGTERM to stop.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const READY = /Mock listening on (http:\/\/\S+)/;

export interface MockProcess {
  url: string;
  stop(): Promise<void>;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export function startMockProcess(timeoutMs = 30_000): Promise<MockProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'mock/start.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stop(child).then(() => reject(new Error(`mock/start.ts ${reason}${stderr.trim() ? `: ${stderr.trim()}` : ''}`)));
    };
    const timer = setTimeout(() => fail(`printed no "Mock listening on" line within ${timeoutMs / 1000} s`), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = READY.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ url: match[1]!, stop: () => stop(child) });
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => fail(`exited with code ${String(code)} before it was ready`));
  });
}
