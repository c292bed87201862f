// Chooses and loads the base contract: a spec file, a git ref, or by default the merge base
// with origin/main (HEAD~1 when there is none, or when HEAD is already on origin/main).
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_ENTRY, CONTRACT_FOLDER, loadContract } from './contract';
import { GateError, HistoryUnavailable } from './errors';
import { commitOf, extractFolder, hasRemote, isInsideWorkTree, isShallow, mergeBase, short } from './git';
import type { JsonObject } from './pointer';

export type BaseChoice = { file: string } | { ref: string } | 'default';

export interface BaseContract {
  /** How the output names the base: "HEAD~1 (1a2b3c4)", "merge base with origin/main (…)", a file. */
  label: string;
  document: JsonObject;
}

interface BaseCommit {
  commit: string;
  label: string;
}

/** Why a ref that does not resolve is missing history rather than a typo. */
function missingHistory(root: string, ref: string): string | undefined {
  if (isShallow(root)) return `${ref} is not in this shallow clone (fetch the history: actions/checkout with fetch-depth: 0)`;
  if (/^HEAD[~^]/.test(ref)) return `${ref} does not exist: the history ends before it`;
  if (ref.startsWith('origin/') && !hasRemote(root, 'origin')) return `${ref} does not exist: there is no remote 'origin'`;
  return undefined;
}

function explicitCommit(root: string, ref: string): BaseCommit {
  const commit = commitOf(root, ref);
  if (commit) return { commit, label: `${ref} (${short(commit)})` };
  const reason = missingHistory(root, ref);
  if (reason) throw new HistoryUnavailable(reason);
  throw new GateError(`unknown git ref '${ref}': not a branch, tag or commit of this repository`);
}

function defaultCommit(root: string, head: string): BaseCommit {
  const main = commitOf(root, 'origin/main');
  const fork = main && mergeBase(root, head, main);
  if (fork && fork !== head) return { commit: fork, label: `merge base with origin/main (${short(fork)})` };
  const parent = commitOf(root, 'HEAD~1');
  if (parent) return { commit: parent, label: `HEAD~1 (${short(parent)}; ${main ? 'HEAD is on origin/main' : 'no origin/main'})` };
  throw new HistoryUnavailable(
    isShallow(root)
      ? 'this shallow clone has neither origin/main nor HEAD~1 (fetch the history: actions/checkout with fetch-depth: 0)'
      : 'there is no origin/main and HEAD has no parent commit',
  );
}

function baseCommit(root: string, ref: string | undefined): BaseCommit {
  if (!isInsideWorkTree(root)) throw new HistoryUnavailable(`${root} is not inside a git repository, so there is no history`);
  const head = commitOf(root, 'HEAD');
  if (!head) throw new HistoryUnavailable('the repository has no commit yet');
  return ref === undefined ? defaultCommit(root, head) : explicitCommit(root, ref);
}

/** Loads the base; `scratch` is an empty temporary directory the caller removes. */
export async function loadBase(choice: BaseChoice, root: string, scratch: string): Promise<BaseContract> {
  if (choice !== 'default' && 'file' in choice) {
    const file = path.resolve(root, choice.file);
    if (!fs.existsSync(file)) throw new GateError(`base file not found: ${choice.file}`);
    return { label: choice.file, document: await loadContract(file, `the base file ${choice.file}`) };
  }
  const { commit, label } = baseCommit(root, choice === 'default' ? undefined : choice.ref);
  const folder = path.join(scratch, CONTRACT_FOLDER);
  const entry = path.join(scratch, CONTRACT_ENTRY);
  if (!extractFolder(root, commit, CONTRACT_FOLDER, folder) || !fs.existsSync(entry)) {
    throw new GateError(`the base ${label} has no ${CONTRACT_ENTRY}`);
  }
  return { label, document: await loadContract(entry, `the base ${label}`) };
}
