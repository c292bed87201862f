// Fresh consumer projects of the packed kit, outside the repository: an environment without the
// kit's node_modules/.bin or npm's script variables, npm installs from the registry (through the
// local cache), and every child in its own process group through test/support/children.ts
// (servers read back from their ready line), killed with the test or the file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished, killGroup, spawnChild, waitForLine, type Finished } from '../support/children';

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

/**
 * Runs a command to its end in its own process group (killed with the test). No timeout: an
 * install takes what the network and the machine give it; one that hangs is the watchdog's.
 */
export async function run(command: string, args: string[], cwd: string, { env = {} } = {}): Promise<Finished> {
  return finished(spawnChild(command, args, { cwd, env: consumerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** `npm install` in a project, as a user would, with the flags that keep it quiet and cached. */
export async function npmInstall(dir: string, packages: string[]): Promise<Finished> {
  const result = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages], dir);
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

/**
 * The repository as it is now (its tracked and new files, not the ignored ones: no dist/, no
 * node_modules) committed into a fresh git repository: the URL `npm i git+file://…` installs from.
 */
export async function gitSnapshot(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-consumer-git-'));
  dirs.push(dir);
  const listed = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!fs.existsSync(path.join(ROOT, file))) continue; // deleted, not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  const git = (...args: string[]) => run('git', ['-c', 'user.name=kit test', '-c', 'user.email=kit@test.invalid', ...args], dir);
  for (const args of [['init', '-q'], ['add', '-A'], ['commit', '-q', '-m', 'snapshot']]) {
    const result = await git(...args);
    if (result.code !== 0) throw new Error(`git ${args[0]} failed:\n${result.stderr}`);
  }
  return `git+file://${dir}`;
}

/** Every file of an installed package, relative to its folder (what `npm pack` lists). */
export function packageFiles(dir: string, base = ''): string[] {
  return fs.readdirSync(path.join(dir, base), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(base, entry.name);
    return entry.isDirectory() ? packageFiles(dir, rel) : [rel];
  });
}

export interface Server {
  url: string;
  /** The process the command started (npx, for a bin). */
  pid: number;
  stop(): Promise<void>;
}

/** Starts a server command and resolves with the URL its ready line names (`… listening on http://…`). */
export async function startServer(command: string, args: string[], cwd: string, { env = {} } = {}): Promise<Server> {
  const child = spawnChild(command, args, { cwd, env: consumerEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const [, url] = await waitForLine(child, /listening on (http:\/\/\S+)/);
  child.stdout!.resume();
  return {
    url: url!,
    pid: child.pid!,
    stop: async () => {
      killGroup(child, 'SIGTERM');
      await exited;
    },
  };
}
