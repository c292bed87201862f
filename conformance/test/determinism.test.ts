// The same seed against the same target state gives the same findings and the same reports:
// two runs of the whole suite, side by side phases and all, against fresh copies of one faulty
// deployment, written to the same folder, are identical but for what is inherently per run —
// and that list is short and stated here (conformance/README.md, "Reports", says it too):
//   1. the run id, and what carries it: the watchdogs' names, the X-Conformance-Run header in
//      curl lines, and the names of stored bodies that hold a name (a body's file is its hash);
//   2. times: the run's duration, each answer's time and their p50/p95/max, the rate reached,
//      the time waited on 429s, the suite's own time per check;
//   3. what the deployment gives what the run creates: the watchdogs' UUIDs and their
//      created_at/updated_at.
// @slow 40 s alone: the whole suite twice, in-process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRedactor } from '../engine/redact';
import { renderConsole } from '../report/console';
import { buildReport } from '../report/model';
import { REPORT_FILES, writeReports } from '../report/write';
import { runSuite } from '../suite';
import { BROKEN_INPUTS } from '../../strength/tables/inputs';
import { BROKEN_STATE } from '../../strength/tables/state';
import { faulty, isAnswer, type FaultSpec } from '../../strength/faulty';
import { liveConfig, SANDBOX_CREDENTIALS } from './support/sandbox';

const fault = (name: string) => [...BROKEN_INPUTS, ...BROKEN_STATE].find((c) => c.name === name)!.spec;
/** Failures in every phase's kind of case: every answer of a list, a bound on one operation, links. */
const faults = [fault('a population serialised as a string'), fault('activate does not check the name length'), fault('next drops the filters of the query')];
const deployment: FaultSpec = {
  async request(seen, sandbox) {
    let changed: Awaited<ReturnType<NonNullable<FaultSpec['request']>>> = seen;
    for (const spec of faults) if (spec.request && !isAnswer(changed)) changed = await spec.request(changed, sandbox);
    return changed;
  },
  async response(seen, answer, sandbox) {
    let changed = answer;
    for (const spec of faults) if (spec.response) changed = await spec.response(seen, changed, sandbox);
    return changed;
  },
};

interface Run {
  runId: string;
  /** UUIDs of the watchdogs the deployment created for the run. */
  created: string[];
  startedAt: number;
  files: Map<string, string>;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-determinism-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function run(runId: string): Promise<Run> {
  const inner = faulty(deployment);
  const created: string[] = [];
  const startedAt = Date.now();
  const fetch = async (request: Request) => {
    const response = await inner(request);
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/v1/watchdogs/' && response.status === 201) created.push(((await response.clone().json()) as { uuid: string }).uuid);
    return response;
  };
  const config = liveConfig(undefined, { seed: 5, runId });
  const { results, durationMs, incomplete } = await runSuite(config, { fetch });
  const report = buildReport(config, results, durationMs, incomplete);
  // One folder for both runs, as one user's runs would use.
  const reports = path.join(dir, 'reports');
  const written = writeReports(reports, report, createRedactor(Object.values(SANDBOX_CREDENTIALS)));
  const files = new Map(REPORT_FILES.map((name) => [name as string, fs.readFileSync(path.join(reports, name), 'utf8')]));
  files.set('console', renderConsole(report, written));
  fs.rmSync(reports, { recursive: true });
  return { runId, created, startedAt, files };
}

/** 2. Times, by where each report states them. */
const TIMES: Record<string, Array<[RegExp, string]>> = {
  'junit.xml': [[/ time="[\d.]+"/g, ' time=""'], [/(<property name="(?:response_time\.[^"]+|rate_limit\.(?:waited_s|effective_per_second|pace_per_second))" value=")[^"]*"/g, '$1"']],
  'summary.md': [[/, [\d.]+ s\.$/gm, ', <t> s.'], [/^(\| \w+ \| \d+ \|)( \d+ \|){3}$/gm, '$1 <ms> |']],
  'report.html': [[/ · [\d.]+ s<\/p>/g, ' · <t> s</p>'], [/\(\d+ ms\)/g, '(<ms>)'], [/<section id="times">[^]*?<\/section>/g, '<section id="times"></section>']],
  console: [[/\([\d.]+ s\)/g, '(<t> s)'], [/^( {2}\w+ +\d+)( +\d+){3}$/gm, '$1 <ms>']],
};

function perRunAside(name: string, text: string, r: Run): string {
  let out = text;
  if (name === 'results.json') {
    const results = JSON.parse(out) as { throttling: Record<string, number>; responseTimes: Array<Record<string, unknown>>; checks: Record<string, number> };
    results.throttling.effectivePerSecond = results.throttling.waitedMs = 0;
    for (const row of results.responseTimes) row.p50 = row.p95 = row.max = 0;
    results.checks.medianMicros = 0;
    out = JSON.stringify(results, null, 2);
  }
  for (const [pattern, replacement] of TIMES[name] ?? []) out = out.replace(pattern, replacement);
  // 1. The run id, and what carries it.
  out = out.replaceAll(r.runId, '<run>').replace(/bodies\/[0-9a-f]{16}/g, 'bodies/<hash>');
  // 3. What the deployment gave what the run created: its UUIDs, and the times it stamped during the run.
  for (const uuid of r.created) out = out.replaceAll(uuid, '<created>');
  return out.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, (stamp) => (Date.parse(stamp) >= r.startedAt - 1000 ? '<stamped>' : stamp));
}

/** The first line where two texts differ, with its neighbours: what a failure shows. */
function firstDifference(a: string, b: string): string | undefined {
  const [x, y] = [a.split('\n'), b.split('\n')];
  const at = x.findIndex((line, i) => line !== y[i]);
  if (at < 0 && x.length === y.length) return undefined;
  const where = at < 0 ? x.length : at;
  return `line ${where + 1}:\n- ${x.slice(where, where + 2).join('\n- ')}\n+ ${y.slice(where, where + 2).join('\n+ ')}`;
}

let first: Run;
let second: Run;
beforeAll(async () => {
  first = await run('aaaa1111');
  second = await run('bbbb2222');
});

test('the runs found something to report, and created watchdogs of their own', () => {
  const results = JSON.parse(first.files.get('results.json')!) as { verdict: string; totals: { fail: number } };
  expect(results).toMatchObject({ verdict: 'fail', totals: { fail: expect.any(Number) } });
  expect(results.totals.fail).toBeGreaterThan(3);
  expect(JSON.parse(first.files.get('failures.json')!).failures.length).toBeGreaterThan(10);
  expect(first.created.length).toBeGreaterThan(10);
  expect(first.created.filter((uuid) => second.created.includes(uuid))).toEqual([]);
});

test.each([...REPORT_FILES, 'console'])('%s: identical but for the run id, times and what the deployment gave the run', (name) => {
  const [a, b] = [perRunAside(name, first.files.get(name)!, first), perRunAside(name, second.files.get(name)!, second)];
  expect(firstDifference(a, b)).toBeUndefined();
  // Nothing else was taken out: the text still holds what it reports.
  expect(a.length).toBeGreaterThan(first.files.get(name)!.length * 0.5);
});
