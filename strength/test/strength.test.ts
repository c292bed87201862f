// `conformance strength` on its smallest table, the auth area alone and a low budget: the faults
// it catches with every operation, a catch that becomes a miss named by its rule × operation and
// its cause when the config excludes that operation, and the command itself (two processes side
// by side, the table, the ignored settings, the JSON report, --min-caught, a usage error).
// @slow 7 s alone: six in-process runs of one area, and the command as a process with two workers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runChild } from '../../test/support/children';
import { sandboxRunConfig } from '../config';
import { measure } from '../measure';
import { renderTable, summarize, type StrengthResult } from '../render';
import { FAULT_TABLES } from '../tables';

const TABLE = 'credentials';
const SESSION_HEADER = 'the session refused in the "Session" header form';
/** Enough for the auth phase whole, far below the default. */
const SMALL = { areas: ['auth' as const], budget: 600 };
const CLI = path.join(__dirname, '..', 'cli.ts');
const TSX = pathToFileURL(require.resolve('tsx')).href;

const strength = (args: string[], cwd: string) =>
  runChild(process.execPath, ['--import', TSX, CLI, ...args], {
    cwd,
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONFORMANCE_'))),
  });

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strength-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe(`the ${TABLE} table, auth area alone`, () => {
  const measureAll = (overrides: Parameters<typeof sandboxRunConfig>[0]) =>
    Promise.all(FAULT_TABLES[TABLE]!.map((fault) => measure(TABLE, fault, sandboxRunConfig({ ...SMALL, ...overrides }))));

  test('every fault is caught with every operation; excluding the operation one fault is caught on turns that catch into a miss naming it', async () => {
    const all = await measureAll({});
    expect(all.map((m) => [m.fault, m.caught])).toEqual(FAULT_TABLES[TABLE]!.map((fault) => [fault.name, true]));

    const excluded = await measureAll({ excluded: ['municipalitiesList'] });
    const missed = excluded.filter((m) => !m.caught);
    expect(missed).toEqual([
      expect.objectContaining({
        fault: expect.stringContaining(SESSION_HEADER),
        expect: { rule: 'credential_form_accepted', operationId: 'municipalitiesList', outcome: 'fail' },
        outcome: 'skip',
        miss: { cause: 'excluded', by: 'municipalitiesList', text: expect.stringMatching(/^municipalitiesList is excluded by the config/) },
      }),
    ]);

    const table = renderTable(summarize(excluded, { seed: 3000, budget: SMALL.budget, settings: [], jobs: 1, durationMs: 1 })).split('\n');
    expect(table.slice(0, 4)).toEqual(['| table | caught | faults | missed |', '|---|---:|---:|---:|', '| credentials | 2 | 3 | 1 |', '| **total** | **2** | **3** | **1** |']);
    expect(table).toContain('  credential_form_accepted × municipalitiesList: FAIL expected, SKIP — municipalitiesList is excluded by the config (operations): nothing was sent to it (the run failed elsewhere: credential_form_accepted_somewhere × -)');
    expect(table).toContain('  1  excluding municipalitiesList (operations)');
  });
});

describe('the command', () => {
  test('with the user\'s config, two faults side by side: the table, the miss and its cause, what of the config was ignored, the JSON report; exit 0 at --min-caught', async () => {
    fs.writeFileSync(path.join(dir, 'qa.config.json'), JSON.stringify({ baseUrl: 'https://staging.example', companies: ['4f0c3c5e-1d0e-4f7e-9f55-1c0f6f0e8a11'], operations: { exclude: ['municipalitiesList'] }, only: ['auth'], budget: SMALL.budget }));
    const result = await strength(['--config', 'qa.config.json', '--table', TABLE, '--jobs', '2', '--report', 'out', '--min-caught', '2'], dir);
    expect({ code: result.code, stderr: result.stderr.split('\n').filter((line) => /error|Error/.test(line)) }).toEqual({ code: 0, stderr: [] });
    const stdout = result.stdout.split('\n');
    expect(stdout.slice(0, 3)).toEqual([
      'Suite strength: 3 fault(s) of 1 table(s), each planted alone in a fresh sandbox, judged with seed 3000 (--seed), 2 at a time',
      'Settings: budget 600 (qa.config.json) · areas auth (qa.config.json) · operations all but municipalitiesList (qa.config.json: operations) · max pages 5 (default) · writes on (default here; a live run of the suite writes only with --writes)',
      'qa.config.json: baseUrl, companies ignored — they describe your deployment; the target here is the sandbox',
    ]);
    expect(stdout).toContain('| credentials | 2 | 3 | 1 |');
    expect(stdout).toContain(`- ${TABLE} · ${FAULT_TABLES[TABLE]!.find((fault) => fault.name.startsWith(SESSION_HEADER))!.name}`);
    expect(stdout.at(-2)).toMatch(/^Caught 2 of 3 \(66\.7 %\) in \d+ s, 2 job\(s\); the runs took \d+ s of CPU\.$/);
    // One progress line per fault on stderr, the miss with its line.
    expect(result.stderr.match(/^\[\d\/3\] (caught|MISSED) /gm)).toHaveLength(3);

    const json = JSON.parse(fs.readFileSync(path.join(dir, 'out', 'strength.json'), 'utf8')) as StrengthResult;
    expect(json).toMatchObject({ seed: 3000, budget: 600, caught: 2, total: 3, jobs: 2, tables: [{ table: TABLE, caught: 2, total: 3 }], givenUp: [{ cause: 'excluded', by: 'municipalitiesList', count: 1 }] });
    expect(fs.readFileSync(path.join(dir, 'out', 'strength.md'), 'utf8')).toContain('| credentials | 2 | 3 | 1 |');
  });

  test('a usage error is one line and exit 2, before any fault is planted', async () => {
    const result = await strength(['--table', 'nope'], dir);
    expect({ code: result.code, stdout: result.stdout, stderr: result.stderr.trim().split('\n') }).toEqual({
      code: 2,
      stdout: '',
      stderr: [`conformance strength: unknown table "nope" for --table; tables: ${Object.keys(FAULT_TABLES).join(', ')}`],
    });
  });
});
