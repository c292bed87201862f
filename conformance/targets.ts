// Targets: the Prism mock started through its CLI (mock mode), and a reachability probe so a
// target that is down is one clear line instead of a hundred failed requests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { networkProblem } from './engine/network-errors';
import { signalledRequest } from './engine/request-signal';
import { RUN_HEADER } from './engine/transport';
import { startTimeoutMs } from '../protocol/start-timeout';

export class TargetError extends Error {}

const ROOT = path.resolve(__dirname, '..');
const READY = /Mock listening on (http:\/\/\S+)/;

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}
export type RunningMock = RunningServer;

/** Built (dist/, the installed package): the compiled script with plain node. In the repository: the TypeScript source through tsx. */
const entryArgs = (script: string) =>
  __filename.endsWith('.js') ? [path.join(ROOT, script.replace(/\.ts$/, '.js'))] : ['--import', 'tsx', path.join(ROOT, script)];

/** A server script (see entryArgs); resolves with the URL of its ready line. */
export function startServer(script: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, label: string): Promise<RunningServer> {
  let timeoutMs: number;
  try {
    timeoutMs = startTimeoutMs(60_000);
  } catch (error) {
    throw new TargetError((error as Error).message);
  }
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  // The child needs none of the run's secrets.
  for (const name of Object.keys(childEnv)) if (name.startsWith('CONFORMANCE_')) delete childEnv[name];
  const child = spawn(process.execPath, [...entryArgs(script), ...args], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => stopChild(child);
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new TargetError(`${label} did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = ready.exec(stdout);
      if (match) {
        clearTimeout(timer);
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume();
        resolve({ url: match[1]!, stop });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      const last = stderr.trim().split('\n').filter((l) => !l.startsWith('npm warn')).pop() ?? `exit code ${code}`;
      reject(new TargetError(`${label} failed to start: ${last}`));
    });
  });
}

/** The sandbox through its CLI (`tsx sandbox/main.ts --port 0`), with the run's credentials. */
export const startSandbox = (credentials: { token: string; limitedToken?: string; sessionId?: string }) =>
  startServer(
    'sandbox/main.ts',
    ['--port', '0'],
    {
      SANDBOX_TOKEN: credentials.token,
      ...(credentials.limitedToken && { SANDBOX_READONLY_TOKEN: credentials.limitedToken }),
      ...(credentials.sessionId && { SANDBOX_SESSION_ID: credentials.sessionId }),
    },
    /Sandbox listening on (http:\/\/\S+)/,
    'the sandbox',
  );

/** The Prism mock through its CLI (`tsx mock/start.ts`), on a free port of 127.0.0.1. */
export const startMock = () => startServer('mock/start.ts', [], { PORT: '0', HOST: '127.0.0.1' }, READY, 'the Prism mock');

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Any HTTP answer means the target is up (its body is not read); no answer is one line naming why. */
export async function probe(baseUrl: string, runId: string, timeoutMs: number): Promise<void> {
  const url = `${baseUrl}/api/v1/municipalities/`;
  const { request, done } = signalledRequest(url, { headers: { [RUN_HEADER]: runId }, redirect: 'manual' }, timeoutMs);
  try {
    const response = await fetch(request);
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') throw new TargetError(`${baseUrl} did not answer within ${timeoutMs} ms (--timeout)`);
    throw new TargetError(`cannot reach ${baseUrl}: ${networkProblem(error, timeoutMs)}`);
  } finally {
    done();
  }
}
