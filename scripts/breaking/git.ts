// The few git questions the gate asks. Reads only: nothing here writes the work tree or index.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { GateError, HistoryUnavailable } from './errors';

interface GitRun {
  ok: boolean;
  stdout: string;
  stderr: string;
}

function git(cwd: string, args: string[]): GitRun {
  const run = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (run.error) throw new HistoryUnavailable(`git cannot be run here (${run.error.message})`);
  return { ok: run.status === 0, stdout: run.stdout.trim(), stderr: run.stderr.trim() };
}

export const isInsideWorkTree = (cwd: string) => git(cwd, ['rev-parse', '--is-inside-work-tree']).stdout === 'true';
export const isShallow = (cwd: string) => git(cwd, ['rev-parse', '--is-shallow-repository']).stdout === 'true';
export const hasRemote = (cwd: string, name: string) => git(cwd, ['remote']).stdout.split('\n').includes(name);

/** The commit a ref names, or undefined when it names none here. */
export function commitOf(cwd: string, ref: string): string | undefined {
  const run = git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  return run.ok && run.stdout !== '' ? run.stdout : undefined;
}

export function mergeBase(cwd: string, a: string, b: string): string | undefined {
  const run = git(cwd, ['merge-base', a, b]);
  return run.ok && run.stdout !== '' ? run.stdout : undefined;
}

export const short = (commit: string) => commit.slice(0, 7);

/**
 * Writes `folder` (relative to cwd) as it is at `commit` into `destination`: `git archive` of
 * that tree, unpacked by tar. Returns false when the commit has no such folder.
 */
export function extractFolder(cwd: string, commit: string, folder: string, destination: string): boolean {
  const archive = spawnSync('git', ['archive', '--format=tar', `${commit}:./${folder}`], { cwd, maxBuffer: 512 * 1024 * 1024 });
  if (archive.status !== 0) {
    const said = archive.stderr.toString().trim();
    if (/not a (valid object name|tree object)|does not exist/i.test(said)) return false;
    throw new GateError(`git archive of ${folder}/ at ${short(commit)} failed: ${said.split('\n')[0]}`);
  }
  fs.mkdirSync(destination, { recursive: true });
  const tar = spawnSync('tar', ['-x', '-f', '-', '-C', destination], { input: archive.stdout });
  if (tar.status !== 0) {
    throw new GateError(`tar could not unpack ${folder}/ of ${short(commit)}: ${(tar.stderr ?? tar.error?.message ?? '').toString().trim()}`);
  }
  return true;
}
