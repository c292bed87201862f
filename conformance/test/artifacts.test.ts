// The reports of a default run against the sandbox stay small enough to keep and share: under
// 2 MB together, no body over 4 KB inline in any of them (such a body is written once to bodies/,
// compressed, and referenced, the curl line piping it in), every reference resolves,
// and no secret shows anywhere. failures.json keeps long bodies as files too, and replay reads
// them back: the requests it re-sends are the bytes the run sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBodyStore, INLINE_LIMIT, readStored, storedBytes } from '../engine/bodies';
import { swapCase } from '../engine/credentials';
import { createRedactor } from '../engine/redact';
import { Recorder } from '../engine/recorder';
import type { FailureCase } from '../engine/replay-case';
import { toWire } from '../engine/wire';
import { failuresFile, parseFailures } from '../report/failures';
import { buildReport, type Report } from '../report/model';
import { writeReports } from '../report/write';
import { xmlEscape } from '../report/escape';
import { renderJunit } from '../report/junit';
import { OPEN } from './support/open';
import { faulty } from '../../strength/faulty';
import { judge } from './support/judge';
import { liveConfig, sandboxFetch, SANDBOX_CREDENTIALS } from './support/sandbox';

const SECRETS = [SANDBOX_CREDENTIALS.token, SANDBOX_CREDENTIALS.limitedToken, SANDBOX_CREDENTIALS.sessionId];

/** Every file under `dir`, relative to it, with its size and text (a compressed body's decompressed). */
const filesIn = (dir: string): Array<[string, string, number]> =>
  fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => {
    const name = path.relative(dir, path.join(e.parentPath, e.name));
    const bytes = fs.readFileSync(path.join(dir, name));
    return [name, readStored(name, bytes), bytes.length];
  });

describe('the reports of a default run against the sandbox', () => {
  let dir: string;
  let report: Report;
  let files: Array<[string, string, number]>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-artifacts-'));
    report = await judge(sandboxFetch(), { seed: 11 });
    writeReports(dir, report, createRedactor(SECRETS));
    files = filesIn(dir);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('weigh under 2 MB together; junit.xml and summary.md stay small', () => {
    const size = (name: string) => Buffer.byteLength(files.find(([f]) => f === name)![1]);
    expect(files.reduce((sum, [, , bytes]) => sum + bytes, 0)).toBeLessThan(2 * 1024 * 1024);
    expect(size('junit.xml')).toBeLessThan(300 * 1024);
    expect(size('summary.md')).toBeLessThan(100 * 1024);
    expect(files.map(([f]) => f)).toEqual(expect.arrayContaining(['report.html', 'junit.xml', 'summary.md', 'results.json', 'results.sarif', 'failures.json', 'coverage.json']));
  });

  test('carry no body over 4 KB inline: each is in bodies/ once (compressed), named by its content, and referenced', () => {
    const stored = files.filter(([f]) => f.startsWith('bodies/'));
    const reports = files.filter(([f]) => !f.startsWith('bodies/'));
    // The 1 MiB body the inputs phase sends (refused, or a warning) is one of them.
    expect(stored.some(([, text]) => text.length >= 1024 * 1024)).toBe(true);
    for (const [name, text] of stored) {
      expect(Buffer.byteLength(text)).toBeGreaterThan(INLINE_LIMIT);
      expect(reports.filter(([, r]) => r.includes(text.slice(0, INLINE_LIMIT))).map(([f]) => `${f} holds ${name}`)).toEqual([]);
      expect(reports.some(([, r]) => r.includes(name))).toBe(true);
    }
    expect(files.find(([f]) => f === 'junit.xml')![1]).toMatch(/gzip -dc 'bodies\/[0-9a-f]{16}\.json\.gz' \| curl .* --data-binary @-/);
    const referenced = reports.flatMap(([, r]) => [...r.matchAll(/bodies\/[0-9a-f]{16}\.[\w.]+/g)].map((m) => m[0]));
    expect(referenced.filter((name) => !fs.existsSync(path.join(dir, name)))).toEqual([]);
  });

  test('show no secret, in any spelling the redactor knows', () => {
    for (const [name, text] of files) for (const secret of SECRETS) for (const spelling of [secret, swapCase(secret)]) expect({ name, has: text.includes(spelling) }).toEqual({ name, has: false });
  });

  test('state the response times of every operation (p50 ≤ p95 ≤ max) and that no rate limit held the run back', () => {
    const results = JSON.parse(files.find(([f]) => f === 'results.json')![1]) as Pick<Report, 'responseTimes' | 'throttling'>;
    expect(results.responseTimes.map((r) => r.operationId).sort()).toEqual(Object.keys(report.coverage.operations).sort());
    for (const r of results.responseTimes) expect(r.p50 <= r.p95 && r.p95 <= r.max && r.count > 0).toBe(true);
    expect(results.throttling).toMatchObject({ refused: 0, waitedMs: 0 });
    expect(files.find(([f]) => f === 'junit.xml')![1]).toMatch(/<property name="response_time\.municipalitiesList\.p95_ms" value="\d+"\/>/);
    expect(files.find(([f]) => f === 'summary.md')![1]).toContain('| municipalitiesList |');
  });
});

test('junit.xml of a run with warnings on hundreds of cases stays small: a testcase lists its distinct warnings and three curls, not every case', async () => {
  // Every refusal answered 422: status_declared warns on each (960 warnings on 8 lines; junit.xml was 680 KB with each case in system-out).
  const report = await judge(faulty(OPEN.find((c) => c.name === 'refusals answer 422 instead of 400')!.spec), { seed: 3 });
  const warnings = report.lines.filter((l) => l.outcome === 'warn');
  expect(warnings.reduce((n, l) => n + l.evidence.length, 0)).toBeGreaterThan(300);
  const xml = renderJunit(report);
  expect(Buffer.byteLength(xml)).toBeLessThan(100 * 1024);
  const outs = [...xml.matchAll(/<system-out>([^]*?)<\/system-out>/g)].map((m) => m[1]!);
  expect(outs).toHaveLength(warnings.length);
  for (const out of outs) {
    expect(out.match(/^- /gm)?.length ?? 0).toBeLessThanOrEqual(10);
    expect(out.match(/^curl /gm)?.length ?? 0).toBeLessThanOrEqual(3);
  }
  // A line's distinct warnings are each there once (up to ten, then how many more).
  const line = warnings.find((l) => l.rule === 'status_declared' && l.operationId === 'watchdogsCreate')!;
  const out = outs.find((o) => o.startsWith(`WARNING: ${xmlEscape(line.message)}`))!;
  const distinct = [...new Set(line.evidence.map((f) => f.message))];
  for (const message of distinct.slice(0, 10)) expect(out.split('\n').filter((l) => l === `- ${xmlEscape(message)}`)).toHaveLength(1);
  if (distinct.length > 10) expect(out).toContain(`… ${distinct.length - 10} more distinct message(s); ${line.evidence.length} checks in all`);
});

test('failures.json keeps long bodies in bodies/ and replay reads them back: the same bytes on the wire', () => {
  const prompt = 'é'.repeat(3000);
  const long = 'x'.repeat(5000);
  const failures: FailureCase[] = [
    { rule: 'no_server_error', operationId: 'watchdogsCreate', message: 'json', replay: { kind: 'exchange', spec: { operationId: 'watchdogsCreate', purpose: 'a long prompt', body: { kind: 'json', value: { name: 'n', prompt } } } } },
    { rule: 'no_server_error', operationId: 'watchdogsCreate', message: 'raw', replay: { kind: 'exchange', spec: { operationId: 'watchdogsCreate', purpose: 'a long raw body', body: { kind: 'raw', text: `{"name":"${long}\ud800"}`, contentType: 'application/json' } } } },
    { rule: 'no_server_error', operationId: 'companiesSearch', message: 'form', replay: { kind: 'exchange', spec: { operationId: 'companiesSearch', purpose: 'a long form', body: { kind: 'form', fields: [['name', `${long} & =+`]] } } } },
    { rule: 'no_server_error', operationId: 'companiesSearch', message: 'multipart', replay: { kind: 'walk', filters: [], spec: { operationId: 'companiesSearch', purpose: 'a long multipart value', body: { kind: 'multipart', fields: [['name', long], ['status', 'active']] } } } },
    { rule: 'watchdog_create_applied', operationId: 'watchdogsCreate', message: 'steps', replay: { kind: 'sequence', steps: [{ op: 'watchdogsCreate', body: { name: 'n', prompt } }] } },
  ];
  const report = buildReport(liveConfig(), { ...new Recorder().results(), failures }, 1);
  const store = createBodyStore();
  const text = JSON.stringify(failuresFile(report, store));
  expect(text.length).toBeLessThan(4096);
  // Through the disk, as replay reads them: a lone surrogate comes back as U+FFFD, the bytes UTF-8 sends for it anyway.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-bodies-'));
  fs.mkdirSync(path.join(dir, 'bodies'));
  for (const [name, body] of store.files) fs.writeFileSync(path.join(dir, name), storedBytes(name, body));
  const back = parseFailures(text, 'failures.json', (file) => readStored(file, fs.readFileSync(path.join(dir, file))));
  fs.rmSync(dir, { recursive: true, force: true });
  const wire = (f: FailureCase) => {
    const spec = f.replay.kind === 'sequence' ? { operationId: f.replay.steps[0]!.op, purpose: '', body: { kind: 'json' as const, value: f.replay.steps[0]!.body } } : f.replay.spec;
    // A multipart body goes as its fields (fetch encodes them); every other as the text toWire gives.
    if (spec.body?.kind === 'multipart') return JSON.stringify(spec.body.fields);
    return Buffer.from(String(toWire(spec, liveConfig()).body ?? '')).toString('hex');
  };
  expect(back.failures.map(wire)).toEqual(failures.map(wire));
  expect(() => parseFailures(text, 'failures.json')).toThrow(/failures\.json names the body bodies\/[0-9a-f]{16}\.json\.gz: replay it from its report folder/);
});

test('conformance/README.md names stored bodies as the store names them (a whole body compressed: .json.gz)', () => {
  const store = createBodyStore();
  const long = 'x'.repeat(INLINE_LIMIT + 1);
  const made = [store.refer(long, 'application/json'), store.refer(long, 'application/x-www-form-urlencoded'), store.refer(long, 'text/plain'), store.referValue(long)];
  const suffix = (name: string) => name.replace(/^bodies\/[^.]+/, '');
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const named = [...readme.matchAll(/bodies\/<hash>(\.[a-z.]+[a-z])/g)].map((match) => match[1]!);
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter((name) => !made.map(suffix).includes(name))).toEqual([]);
  // Every kind the store writes is named somewhere in the README.
  expect(made.map(suffix).filter((name) => !readme.includes(name))).toEqual([]);
});
