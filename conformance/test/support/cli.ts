// The conformance CLI from source, as its tests run it: a child in its own process group (killed
// with its test), tsx given as a file URL so the CLI runs from any working directory a test picks.
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { finished, spawnChild, type Finished } from '../../../test/support/children';
import { PAST_WATCHDOG_MS } from '../../../test/support/clock';
import { serve } from './serve';
import { sandboxFetch } from './sandbox';

const CLI = path.resolve(__dirname, '..', '..', 'cli.ts');
const TSX = pathToFileURL(require.resolve('tsx')).href;

/** `node`'s arguments that run `conformance <args>` from source. */
export const cliArgs = (args: string[]): string[] => ['--import', TSX, CLI, ...args];

/**
 * This process's environment without the CONFORMANCE_* variables a developer may have set, plus
 * `env`. The per-request timeout is past the watchdog (test/support/clock.ts): an answer the
 * loaded machine gives late is no NoResponse; a test of --timeout gives its own.
 */
export const cliEnv = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONFORMANCE_'))),
  CONFORMANCE_TIMEOUT_MS: String(PAST_WATCHDOG_MS),
  ...env,
});

/** Starts `conformance <args>`; its output is piped. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}, options: SpawnOptions = {}): ChildProcess {
  return spawnChild(process.execPath, cliArgs(args), { stdio: ['ignore', 'pipe', 'pipe'], ...options, env: cliEnv(env) });
}

/** Runs `conformance <args>` to its end. */
export const runCli = (args: string[], env: NodeJS.ProcessEnv = {}, options: SpawnOptions = {}): Promise<Finished> =>
  finished(spawnCli(args, env, options));

/**
 * For the CLI tests of one file: the sandbox served on a loopback port, and a temporary folder
 * for their reports; both there from beforeAll, gone after afterAll.
 */
export function servedSandbox(prefix: string): { readonly url: string; readonly dir: string } {
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    server = await serve(sandboxFetch());
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  return { get url() { return server!.url; }, get dir() { return dir!; } };
}
