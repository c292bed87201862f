// @slow 45 s alone: seven copies of the project, each generated and run three ways (about 70 CPU-seconds, two processes at once).
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
import readline from 'node:readline';
import { spawnChild } from '../support/children';
import { CHANGES, writeConfig, type Change } from './changes';
import type { Line, Plan, Results } from './plan';

const ROOT = path.resolve(__dirname, '../..');
/** What a copy needs to generate, run the suite, the sandbox and the mock (the rest of the tree is not read). */
const PARTS = ['openapi/', 'scripts/generate/', 'generated/', 'protocol/', 'conformance/', 'sandbox/', 'mock/', 'package.json'];
/** Driver processes at once, each driving its share of the copies (plus Prism at the end of each). */
const AT_ONCE = Math.max(2, Math.min(4, os.availableParallelism()));
const SEED = 1;

/** The project's files as git sees them: tracked, and new ones not ignored (a file not committed yet is part of the change under test). */
function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
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

/** A copy with the change made (openapi/ only) and the config of its runs. */
function prepare(change: Change, files: string[]): { root: string; plan: Plan } {
  const root = copyProject(files);
  change.edit(root);
  writeConfig(root);
  const scope = ['--config', 'evolution.config.json'];
  return { root, plan: { seed: SEED, live: [...change.live, ...scope], mock: [...change.mock, ...scope], fault: change.fault } };
}

/** Results by change, each awaited by its tests. */
const results = new Map<string, Promise<Results>>();
const roots: string[] = [];

/**
 * AT_ONCE driver processes, each driving its share of the copies one after the other (node_modules
 * loaded once per process); each copy's line on stdout settles its change.
 */
beforeAll(() => {
  const files = trackedFiles();
  const lanes: Array<Array<{ change: Change; root: string; plan: Plan; settle: (r: Results | Error) => void }>> = Array.from({ length: AT_ONCE }, () => []);
  CHANGES.forEach((change, i) => {
    let settle!: (r: Results | Error) => void;
    results.set(change.name, new Promise<Results>((resolve, reject) => (settle = (r) => (r instanceof Error ? reject(r) : resolve(r)))));
    results.get(change.name)!.catch(() => undefined); // awaited by its tests
    const { root, plan } = prepare(change, files);
    roots.push(root);
    lanes[i % AT_ONCE]!.push({ change, root, plan, settle });
  });
  for (const lane of lanes.filter((l) => l.length)) {
    // Started here, outside a test: killed when the file ends (test/support/children.ts).
    const child = spawnChild(process.execPath, ['--import', 'tsx', path.join(__dirname, 'driver.ts'), JSON.stringify(lane.map(({ root, plan }) => ({ root, plan })))], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    readline.createInterface({ input: child.stdout! }).on('line', (text) => {
      const line = JSON.parse(text) as { root: string; results?: Results; error?: string };
      const copy = lane.find((c) => c.root === line.root);
      copy?.settle(line.results ?? new Error(`the copy's driver failed: ${line.error}`));
      fs.rmSync(line.root, { recursive: true, force: true });
    });
    child.once('close', (code) => {
      for (const copy of lane) copy.settle(new Error(`the driver exited (${code}) before this change's line: ${stderr.trim().split('\n').slice(-8).join('\n')}`));
    });
  }
});

afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

const shown = (lines: Line[]) => lines.map((l) => `${l.outcome.toUpperCase()} ${l.rule} ${l.operationId}: ${l.message}`);
const line = (lines: Line[], [rule, op]: [string, string]) => lines.find((l) => l.rule === rule && l.operationId === op);

describe.each(CHANGES)('$name', (change) => {
  let run: Results;
  beforeAll(async () => {
    run = await results.get(change.name)!;
  });

  test('the copy of the sandbox and of the mock pass, with no false alarm; the contract declares every meaning', () => {
    expect(run.sandbox.problems).toEqual([]);
    expect(run.mock.problems).toEqual([]);
    expect(shown(run.sandbox.lines.filter((l) => l.outcome === 'fail'))).toEqual([]);
    expect(shown(run.mock.lines.filter((l) => l.outcome === 'fail'))).toEqual([]);
    // (the operations the runs leave out have their line skipped, saying so)
    expect(shown(run.sandbox.lines.filter((l) => l.rule === 'meaning_declared' && (l.outcome === 'warn' || l.outcome === 'fail')))).toEqual([]);
  });

  test('the new meaning is judged against the sandbox: its lines pass, none skipped', () => {
    expect(change.judged.map((key) => `${key.join(' ')}: ${line(run.sandbox.lines, key)?.outcome ?? 'no line'}`)).toEqual(change.judged.map((key) => `${key.join(' ')}: pass`));
  });

  test(`a deployment that ignores it (${change.fault.kind}) fails ${change.caught.join(' on ')}`, () => {
    expect(run.faulty.problems).toEqual([]);
    expect(line(run.faulty.lines, change.caught)?.outcome).toBe('fail');
  });
});
