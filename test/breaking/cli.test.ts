// The command line on real git repositories in os.tmpdir(): a git-ref base (the real CLI,
// spawned), declared breaks, missing history with and without --if-history, and the one-line
// errors. The working tree is never touched.
// @slow 10 s alone: the gate CLI as a process on temporary git repositories.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runGate } from '../../scripts/breaking/main';
import { runChild } from '../support/children';
import { ROOT } from './support';

const MAIN = path.join(ROOT, 'scripts/breaking/main.ts');
// WatchdogRequest is the body of create and deactivate: the finding's line, then the other place.
const TAGS_LINES = [
  'BREAKING  required-properties-added  POST /api/v1/watchdogs/ request body tags (schema WatchdogRequest tags): optional → required',
  '          also at POST /api/v1/watchdogs/{uuid}/deactivate/ request body tags',
];

let scratch: string;
beforeAll(() => void (scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'breaking-cli-'))));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): string {
  const run = spawnSync('git', ['-c', 'user.name=Gate Test', '-c', 'user.email=gate@example.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr}`);
  return run.stdout.trim();
}

/** A project with a copy of the real openapi/; a git repository with one commit unless `plain`. */
function project(name: string, { plain = false } = {}): string {
  const dir = path.join(scratch, name);
  fs.cpSync(path.join(ROOT, 'openapi'), path.join(dir, 'openapi'), { recursive: true });
  if (!plain) {
    git(dir, 'init', '-q', '-b', 'main');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'contract');
  }
  return dir;
}

function edit(dir: string, file: string, from: string, to: string): void {
  const target = path.join(dir, file);
  const text = fs.readFileSync(target, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} has no '${from}'`);
  fs.writeFileSync(target, text.replace(from, to));
}

const makeTagsRequired = (dir: string) => edit(dir, 'openapi/schemas/WatchdogRequest.yaml', 'required: [name, prompt]', 'required: [name, prompt, tags]');

/** The gate in-process (no tsx start-up); BREAKING_BASE is cleared so CI's value cannot leak in. */
async function gate(cwd: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { ...process.env, BREAKING_BASE: '' };
  const status = await runGate(argv, { cwd, env, io: { out: (l) => out.push(l), err: (l) => err.push(l) } });
  return { status, out, err };
}

/** A snapshot of the work tree and index, to prove the gate leaves both alone. */
const state = (dir: string) => `${git(dir, 'status', '--porcelain')}\n${git(dir, 'rev-parse', 'HEAD')}\n${git(dir, 'stash', 'list')}`;

describe('a git-ref base', () => {
  let repo: string;
  beforeAll(() => {
    repo = project('history');
    makeTagsRequired(repo);
    git(repo, 'commit', '-q', '-am', 'tags required');
  });

  test('npm run breaking -- --base HEAD~1 fails on the committed break, and leaves the working tree alone', async () => {
    const before = state(repo);
    // The tsx CLI starts a second Node: both are in the child's process group, killed after the test.
    const run = await runChild(process.execPath, [require.resolve('tsx/cli'), MAIN, '--base', 'HEAD~1'], {
      cwd: repo,
      env: { ...process.env, BREAKING_BASE: '' },
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.slice(0, 2)).toEqual(TAGS_LINES);
    expect(lines.at(-1)).toMatch(/^breaking-change gate: FAILED, 1 undeclared breaking change \(0 declared breaks, 0 warnings; base: HEAD~1 \([0-9a-f]{7}\)\)/);
    expect(state(repo)).toBe(before);
  });

  test('the default base is HEAD~1 when there is no origin/main; BREAKING_BASE overrides it', async () => {
    const byDefault = await gate(repo);
    expect(byDefault.status).toBe(1);
    expect(byDefault.out.at(-1)).toContain('base: HEAD~1 (');
    const fromEnv = await runGate([], { cwd: repo, env: { ...process.env, BREAKING_BASE: 'HEAD' }, io: { out: () => undefined, err: () => undefined } });
    expect(fromEnv).toBe(0);
  });

  /** Runs the gate with `row` appended, uncommitted, to the repo's openapi/CHANGES.md. */
  async function gateWithDeclaration(row: string) {
    const changes = path.join(repo, 'openapi/CHANGES.md');
    const original = fs.readFileSync(changes, 'utf8');
    fs.appendFileSync(changes, `${row}\n`);
    try {
      return await gate(repo, '--base', 'HEAD~1');
    } finally {
      fs.writeFileSync(changes, original);
    }
  }

  test('an uncommitted declaration in openapi/CHANGES.md lets the break pass', async () => {
    const run = await gateWithDeclaration('| required-properties-added | schema WatchdogRequest | v1.1 makes tags mandatory |');
    expect(run.status).toBe(0);
    expect(run.out[0]).toMatch(/^DECLARED  required-properties-added  POST \/api\/v1\/watchdogs\/ request body tags .* — declared: v1.1 makes tags mandatory$/);
  });

  test('a malformed declaration stops the gate with exit 2 and names the line', async () => {
    const run = await gateWithDeclaration('| required-properties-added | POST /api/v1/watchdogs/ request body tags |');
    expect(run.status).toBe(2);
    expect(run.err).toEqual([expect.stringMatching(/^breaking: openapi\/CHANGES\.md: line \d+: expected 3 cells/)]);
  });

  test('an unknown ref is a one-line error, exit 2, also with --if-history', async () => {
    for (const argv of [['--base', 'no-such-branch'], ['--base', 'no-such-branch', '--if-history']]) {
      const run = await gate(repo, ...argv);
      expect(run.status).toBe(2);
      expect(run.err).toEqual(["breaking: unknown git ref 'no-such-branch': not a branch, tag or commit of this repository"]);
    }
  });
});

test('on a branch, the default base is the merge base with origin/main', async () => {
  const origin = project('origin');
  const clone = path.join(scratch, 'clone');
  git(scratch, 'clone', '-q', `file://${origin}`, clone);
  git(clone, 'checkout', '-q', '-b', 'feature');
  makeTagsRequired(clone);
  git(clone, 'commit', '-q', '-am', 'tags required');
  edit(clone, 'openapi/schemas/WatchdogRequest.yaml', 'maxLength: 200', 'maxLength: 300'); // widening: passes
  git(clone, 'commit', '-q', '-am', 'longer names');
  const run = await gate(clone);
  expect(run.status).toBe(1);
  expect(run.out).toEqual([...TAGS_LINES, expect.stringContaining(`base: merge base with origin/main (${git(origin, 'rev-parse', '--short=7', 'HEAD')})`)]);
});

describe('without history', () => {
  test('a single commit: plain run exits 2, --if-history says the gate was not run and exits 0', async () => {
    const repo = project('single');
    const plain = await gate(repo);
    expect(plain.status).toBe(2);
    expect(plain.err).toEqual([
      'breaking: no base to compare with: there is no origin/main and HEAD has no parent commit (give --base or --base-file, or --if-history to skip)',
    ]);
    const skipped = await gate(repo, '--if-history');
    expect(skipped).toEqual({ status: 0, out: ['breaking-change gate not run: there is no origin/main and HEAD has no parent commit.'], err: [] });
    expect((await gate(repo, '--base', 'HEAD~1', '--if-history')).out).toEqual([
      'breaking-change gate not run: HEAD~1 does not exist: the history ends before it.',
    ]);
  });

  test('a shallow clone is named as such', async () => {
    const origin = project('deep');
    makeTagsRequired(origin);
    git(origin, 'commit', '-q', '-am', 'second');
    const shallow = path.join(scratch, 'shallow');
    git(scratch, 'clone', '-q', '--depth', '1', `file://${origin}`, shallow);
    const run = await gate(shallow, '--base', 'HEAD~1', '--if-history');
    expect(run).toMatchObject({ status: 0, out: [expect.stringMatching(/^breaking-change gate not run: HEAD~1 is not in this shallow clone \(fetch the history/)] });
  });

  test('not a git repository: exit 2, or not run with --if-history', async () => {
    const dir = project('plain', { plain: true });
    const plain = await gate(dir, '--base', 'HEAD~1');
    expect(plain.status).toBe(2);
    expect(plain.err[0]).toMatch(/^breaking: no base to compare with: .* is not inside a git repository/);
    expect((await gate(dir, '--if-history')).status).toBe(0);
  });
});

describe('a base file', () => {
  test('the split contract of this repository against a copy of itself passes', async () => {
    const dir = project('file', { plain: true });
    const run = await gate(dir, '--base-file', path.join(ROOT, 'openapi/openapi.yaml'));
    expect(run.err).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.out).toEqual([expect.stringMatching(/^breaking-change gate: passed, no undeclared breaking change/)]);
  });

  test('a missing file, or --base with --base-file, is a one-line error', async () => {
    const dir = project('missing', { plain: true });
    expect(await gate(dir, '--base-file', 'nowhere.json')).toEqual({ status: 2, out: [], err: ['breaking: base file not found: nowhere.json'] });
    expect((await gate(dir, '--base', 'HEAD', '--base-file', 'x')).err).toEqual(['breaking: give --base or --base-file, not both']);
    expect((await gate(scratch, '--base-file', 'x')).err[0]).toMatch(/^breaking: no openapi\/openapi\.yaml in .*; run from the project root$/);
  });

  test('--help prints the usage and exit codes', async () => {
    const run = await gate(scratch, '--help');
    expect(run.status).toBe(0);
    expect(run.out[0]).toMatch(/^Usage: npm run breaking -- \[--base <git-ref> \| --base-file <path>\] \[--if-history\]/);
    expect(run.out[0]).toContain('Exit status: 0');
  });
});
