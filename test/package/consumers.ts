// Fresh consumer projects of the packed kit, outside the repository: an environment without the
// kit's node_modules/.bin or npm's script variables, npm installs from the registry (through the
// local cache), commands run to completion, and servers started in their own process group,
// read back from their ready line and killed with the group.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The environment of a user's shell: no path into the kit, no npm script context, no loader. */
export function consumerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith('npm_') || name === 'NODE_OPTIONS' || name === 'INIT_CWD' || name.startsWith('JEST')) continue;
    env[name] = value;
  }
  env.PATH = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => !path.resolve(dir).startsWith(ROOT)).join(path.delimiter);
  return { ...env, NO_COLOR: '1', FORCE_COLOR: '0', ...extra };
}

const dirs: string[] = [];
export function tempProject(name: string, files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `kit-consumer-${name}-`));
  dirs.push(dir);
  for (const [file, content] of Object.entries({ 'package.json': JSON.stringify({ name, version: '1.0.0', private: true }), ...files })) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

export function copyFixture(fixture: string, name: string): string {
  const dir = tempProject(name);
  fs.cpSync(fixture, dir, { recursive: true });
  return dir;
}

export const removeProjects = () => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

const groups = new Set<ChildProcess>();
const killGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
};
process.once('exit', () => groups.forEach((child) => killGroup(child, 'SIGKILL')));

function start(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd, env: consumerEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  groups.add(child);
  child.once('exit', () => groups.delete(child));
  return child;
}

/** Runs a command to its end (killed with its group after timeoutMs). */
export function run(command: string, args: string[], cwd: string, { env = {}, timeoutMs = 120_000 } = {}): Promise<Result> {
  const child = start(command, args, cwd, env);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), timeoutMs);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

/** `npm install` in a project, as a user would, with the flags that keep it quiet and cached. */
export async function npmInstall(dir: string, packages: string[]): Promise<Result> {
  const result = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages], dir, { timeoutMs: 180_000 });
  if (result.code !== 0) throw new Error(`npm install in ${dir} failed:\n${result.stderr}`);
  return result;
}

/** The packages a project's lock file holds under node_modules/. */
export function installedPackages(dir: string): string[] {
  const lock = JSON.parse(fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  return Object.keys(lock.packages)
    .filter((key) => key.startsWith('node_modules/'))
    .map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

export interface Server {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts a server command and resolves with the URL its ready line names (`… listening on http://…`). */
export function startServer(command: string, args: string[], cwd: string, { env = {}, timeoutMs = 60_000 } = {}): Promise<Server> {
  const child = start(command, args, cwd, env);
  let output = '';
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const force = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      killGroup(child, 'SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args.join(' ')} did not report a URL within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /listening on (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve({ url: ready[1]!, output: () => output, stop });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before listening:\n${output}`));
    });
  });
}
