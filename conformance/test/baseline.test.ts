// A baseline as a team uses it: written against a deployment with a known bug, the next run
// passes and lists it as known; a second, new bug fails it; once the first is fixed the baseline
// says so. Fingerprints hold across seeds.
import { applyBaseline, baselineOf, parseBaseline } from '../baseline/baseline';
import type { Report } from '../report/model';
import { BROKEN_INPUTS } from '../../strength/tables/inputs';
import { faulty, type FaultSpec } from '../../strength/faulty';
import { judge } from './support/judge';
import { sandboxFetch } from './support/sandbox';

const fault = (name: string) => BROKEN_INPUTS.find((c) => c.name === name)!.spec;
const listCrash = fault('the municipality list crashes when q holds a % (unescaped LIKE)');
const searchCrash = fault('company search crashes on an apostrophe in the name (SQL built by hand)');
const both: FaultSpec = { request: async (s, sandbox) => {
  const first = await listCrash.request!(s, sandbox);
  return 'status' in first ? first : searchCrash.request!(first, sandbox);
} };
const run = (spec: FaultSpec | undefined, seed: number) => judge(spec ? faulty(spec) : sandboxFetch(), { areas: ['inputs'], seed, budget: 1500 });
const failing = (report: Report) => report.lines.filter((l) => l.outcome === 'fail').map((l) => `${l.rule} ${l.operationId}`);
const known = (report: Report) => report.baseline!.known.map((l) => `${l.rule} ${l.operationId}`);

const FILE = 'baseline.json';
let baseline: ReturnType<typeof parseBaseline>;
beforeAll(async () => {
  const first = await run(listCrash, 7);
  expect(failing(first)).toContain('no_server_error municipalitiesList');
  // Written and read back as the CLI does.
  baseline = parseBaseline(JSON.stringify(baselineOf(first)), FILE);
}, 60_000);

test('the baseline lists each failing case by rule × operation × fingerprint', () => {
  expect(baseline.entries.length).toBeGreaterThan(0);
  for (const entry of baseline.entries) expect(entry).toEqual({ rule: expect.any(String), operationId: expect.any(String), fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/), message: expect.any(String) });
  expect(baseline.entries.map((e) => e.operationId)).toContain('municipalitiesList');
});

test('the same bug on the next run (another seed) is known: listed, not failing', async () => {
  const report = applyBaseline(await run(listCrash, 8), baseline, FILE);
  expect(report.verdict).toBe('pass');
  expect(known(report)).toContain('no_server_error municipalitiesList');
  expect(report.lines.find((l) => l.rule === 'no_server_error' && l.operationId === 'municipalitiesList')).toMatchObject({ outcome: 'warn', known: true, message: expect.stringMatching(/^known failure \(baseline baseline.json\): /) });
  expect(report.baseline).toMatchObject({ new: 0, fixed: [] });
}, 60_000);

test('a second, new bug fails the run; the known one stays listed', async () => {
  const report = applyBaseline(await run(both, 9), baseline, FILE);
  expect(report.verdict).toBe('fail');
  expect(failing(report)).toContain('no_server_error companiesSearch');
  expect(failing(report)).not.toContain('no_server_error municipalitiesList');
  expect(known(report)).toContain('no_server_error municipalitiesList');
}, 60_000);

test('once the known bug is fixed, its entries are reported fixed and the run passes', async () => {
  const report = applyBaseline(await run(undefined, 7), baseline, FILE);
  expect(report.verdict).toBe('pass');
  expect(report.baseline!.fixed.map((e) => `${e.rule} ${e.operationId}`)).toContain('no_server_error municipalitiesList');
  expect(report.baseline!.fixed).toHaveLength(baseline.entries.length);
}, 60_000);

test('a file that is not a baseline is named', () => {
  expect(() => parseBaseline('{"version":1}', 'b.json')).toThrow('b.json is not a conformance baseline (version 1 with entries of rule, operationId, fingerprint); write one with --write-baseline');
});
