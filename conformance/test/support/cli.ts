// The conformance CLI from source, as its tests run it: a child in its own process group (killed
// with its test), tsx given as a file URL so the CLI runs from any working directory a test picks.
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { finished, spawnChild, type Finished } from '../../../test/support/children';

const CLI = path.resolve(__dirname, '..', '..', 'cli.ts');
const TSX = pathToFileURL(require.resolve('tsx')).href;

/** `node`'s arguments that run `conformance <args>` from source. */
export const cliArgs = (args: string[]): string[] => ['--import', TSX, CLI, ...args];

/** This process's environment without the CONFORMANCE_* variables a developer may have set, plus `env`. */
export const cliEnv = (env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONFORMANCE_'))),
  ...env,
});

/** Starts `conformance <args>`; its output is piped. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv = {}, options: SpawnOptions = {}): ChildProcess {
  return spawnChild(process.execPath, cliArgs(args), { stdio: ['ignore', 'pipe', 'pipe'], ...options, env: cliEnv(env) });
}

/** Runs `conformance <args>` to its end. */
export const runCli = (args: string[], env: NodeJS.ProcessEnv = {}, options: SpawnOptions = {}): Promise<Finished> =>
  finished(spawnCli(args, env, options));
