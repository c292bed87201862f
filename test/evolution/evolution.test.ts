// @slow 40 s alone: seven copies of the project, each generated and run three ways in a process of its own.
// The contract is the single source of what the API means: each change the API's owners make the
// ordinary way (changes.ts: a new filter of every kind, a retrieve by id, a parameter made
// required, a new response field) is applied to a copy of the project's tracked files, with
// nothing but openapi/ edited. In the copy (driver.ts) generated/ is made from it and the copy's
// suite runs against the copy's sandbox, against the copy's mock, and against the sandbox behind a
// realistic bug that ignores the change. The suite must pass both correct deployments with no
// false alarm, judge the new meaning (its lines PASS, none skipped), and fail the bug by the rule
// that holds the change. A change that needs code in conformance/ or sandbox/ fails here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runChild } from '../support/children';
import { CHANGES, writeConfig, type Change } from './changes';
import type { Line, Results } from './plan';

const ROOT = path.resolve(__dirname, '../..');
/** What a copy needs to generate, run the suite, the sandbox and the mock (the rest of the tree is not read). */
const PARTS = ['openapi/', 'scripts/generate/', 'generated/', 'protocol/', 'conformance/', 'sandbox/', 'mock/', 'test/evolution/', 'package.json'];
/** Copies generated and run at once: each is one process (plus Prism at its end). */
const AT_ONCE = Math.max(2, Math.min(4, os.availableParallelism()));
const SEED = 1;

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return listed.filter((file) => PARTS.some((part) => file === part || file.startsWith(part)) && !file.endsWith('.test.ts') && fs.existsSync(path.join(ROOT, file)));
}

/** A copy of the project's tracked files (as they are in the working tree), node_modules linked. */
function copyProject(files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evolution-'));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

async function evolve(change: Change, files: string[]): Promise<Results> {
  const dir = copyProject(files);
  try {
    change.edit(dir);
    writeConfig(dir);
    const scope = ['--config', 'evolution.config.json'];
    const plan = { seed: SEED, live: [...change.live, ...scope], mock: [...change.mock, ...scope], fault: change.fault };
    const { code, stdout, stderr } = await runChild(process.execPath, ['--import', 'tsx', 'test/evolution/driver.ts', JSON.stringify(plan)], { cwd: dir });
    if (code !== 0) throw new Error(`the copy's driver exited ${code}: ${stderr.trim().split('\n').slice(-8).join('\n')}`);
    return JSON.parse(stdout.trim().split('\n').pop()!) as Results;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs each change in turn, AT_ONCE at a time; the tests await their own. */
const results = new Map<string, Promise<Results>>();
beforeAll(() => {
  const files = trackedFiles();
  const lanes: Array<Promise<unknown>> = Array.from({ length: AT_ONCE }, () => Promise.resolve());
  CHANGES.forEach((change, i) => {
    const lane = i % AT_ONCE;
    const result = lanes[lane]!.then(() => evolve(change, files));
    lanes[lane] = result.catch(() => undefined);
    result.catch(() => undefined); // awaited by its test
    results.set(change.name, result);
  });
});

const shown = (lines: Line[]) => lines.map((l) => `${l.outcome.toUpperCase()} ${l.rule} ${l.operationId}: ${l.message}`);
const line = (lines: Line[], [rule, op]: [string, string]) => lines.find((l) => l.rule === rule && l.operationId === op);

describe.each(CHANGES)('$name', (change) => {
  let run: Results;
  beforeAll(async () => {
    run = await results.get(change.name)!;
  }, 600_000);

  test('the copy of the sandbox and of the mock pass, with no false alarm; the contract declares every meaning', () => {
    expect(run.sandbox.problems).toEqual([]);
    expect(run.mock.problems).toEqual([]);
    expect(shown(run.sandbox.lines.filter((l) => l.outcome === 'fail'))).toEqual([]);
    expect(shown(run.mock.lines.filter((l) => l.outcome === 'fail'))).toEqual([]);
    expect(shown(run.sandbox.lines.filter((l) => l.rule === 'meaning_declared' && l.outcome !== 'pass'))).toEqual([]);
  });

  test('the new meaning is judged against the sandbox: its lines pass, none skipped', () => {
    expect(change.judged.map((key) => `${key.join(' ')}: ${line(run.sandbox.lines, key)?.outcome ?? 'no line'}`)).toEqual(change.judged.map((key) => `${key.join(' ')}: pass`));
  });

  test(`a deployment that ignores it (${change.fault.kind}) fails ${change.caught.join(' on ')}`, () => {
    expect(run.faulty.problems).toEqual([]);
    expect(line(run.faulty.lines, change.caught)?.outcome).toBe('fail');
  });
});
