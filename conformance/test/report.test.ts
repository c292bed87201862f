// From findings to reports: line outcomes, the coverage matrix the CI gate reads, JUnit, the
// step summary and failures.json with what reproduces each failure (never a secret).
import { operations, type OperationId } from '../../generated';
import { declaredStatuses } from '../../protocol/operations';
import { Recorder, type RunResults } from '../engine/recorder';
import type { ReplayCase } from '../engine/replay-case';
import { AREAS, type Finding, type RunConfig } from '../engine/types';
import { renderConsole } from '../report/console';
import { failuresFile, parseFailures } from '../report/failures';
import { renderJunit } from '../report/junit';
import { renderMarkdown } from '../report/markdown';
import { buildReport } from '../report/model';

const config = (overrides: Partial<RunConfig> = {}): RunConfig => ({
  mode: 'live', baseUrl: 'http://127.0.0.1:1', token: 't0ken-secret', writes: false, areas: [...AREAS], timeoutMs: 1000, maxPages: 5,
  runId: 'abc', seed: 42, budget: 2000, rate: { patienceMs: 0 }, concurrency: 1, ...overrides,
});

const finding = (rule: string, operationId: Finding['operationId'], outcome: Finding['outcome'], message: string, curl?: string): Finding => ({ rule, operationId, outcome, message, ...(curl && { curl }) });
const refused: ReplayCase = { kind: 'exchange', spec: { operationId: 'watchdogsCreate', purpose: 'create with a 201-character name', credential: { scheme: 'tokenAuth', secret: 'token' }, body: { kind: 'json', value: { name: 'x'.repeat(201), prompt: 'p' } }, expect: 'refuse' } };

function recorded(build: (recorder: Recorder) => void): RunResults {
  const recorder = new Recorder();
  build(recorder);
  return recorder.results();
}

test('a line fails when any check failed, warns when any warned, and passes otherwise', () => {
  const results = recorded((r) => {
    r.add(finding('status_declared', 'watchdogsCreate', 'pass', 'ok'));
    r.add(finding('status_declared', 'watchdogsCreate', 'warn', 'w'));
    r.add(finding('status_declared', 'watchdogsCreate', 'fail', 'broken', "curl -H 'Authorization: Bearer <redacted>' x"));
    r.add(finding('status_declared', 'municipalitiesList', 'warn', 'undeclared 422'));
    r.add(finding('status_declared', 'companiesSearch', 'pass', 'ok'));
  });
  const report = buildReport(config(), results, 10);
  const line = (op: string) => report.lines.find((l) => l.rule === 'status_declared' && l.operationId === op)!;
  expect(line('watchdogsCreate')).toMatchObject({ outcome: 'fail', message: 'broken' });
  expect(line('municipalitiesList').outcome).toBe('warn');
  expect(line('companiesSearch').outcome).toBe('pass');
  expect(report.verdict).toBe('fail');
});

test('every catalog rule × operation of the selected areas has a line; silent ones are SKIP with the reason', () => {
  const report = buildReport(config({ mode: 'mock', areas: ['auth'] }), recorded(() => undefined), 1);
  const line = report.lines.find((l) => l.rule === 'unauthorized_invalid_credentials' && l.operationId === 'watchdogsCreate')!;
  expect(line).toMatchObject({ outcome: 'skip', message: 'mock mode: Prism checks that a credential is present, never its value' });
  expect(report.lines.some((l) => l.area === 'lists')).toBe(false);
  expect(report.verdict).toBe('pass');
});

test('a failing finding keeps its case for failures.json; at most three cases per line', () => {
  const results = recorded((r) => {
    for (let i = 0; i < 5; i++) r.add(finding('invalid_request_refused', 'watchdogsCreate', 'fail', `accepted #${i}`), { ...refused, spec: { ...(refused as { spec: object }).spec, purpose: `case ${i}` } } as ReplayCase, { phase: 'inputs', seed: 42 });
    r.add(finding('invalid_request_refused', 'watchdogsCreate', 'fail', 'the same case again'), { ...refused, spec: { ...(refused as { spec: object }).spec, purpose: 'case 0' } } as ReplayCase);
  });
  expect(results.failures).toHaveLength(3);
  expect(results.findings.map((f) => f.failure)).toEqual([0, 1, 2, undefined, undefined, 0]);
  const file = failuresFile(buildReport(config(), results, 1));
  expect(file).toMatchObject({ version: 1, runId: 'abc', seed: 42, failures: [{ rule: 'invalid_request_refused', operationId: 'watchdogsCreate', origin: { phase: 'inputs', seed: 42 } }, {}, {}] });
  expect(JSON.stringify(file)).not.toContain('t0ken-secret');
  expect(parseFailures(JSON.stringify(file), 'f.json').failures).toHaveLength(3);
});

test('a failures file that is not one is refused with a line that says so', () => {
  expect(() => parseFailures('{"failures": []}', 'junit.xml')).toThrow('junit.xml is not a conformance failures file');
  expect(() => parseFailures('not json', 'x.json')).toThrow(/x.json is not JSON/);
});

describe('coverage.json', () => {
  const observed = { watchdogsCreate: [201, 401], municipalitiesList: [200] };
  const coverage = buildReport(config(), { ...new Recorder().results(), observed, requests: 3 }, 1).coverage;

  test('has exactly the shape the CI gate reads: every operation × every declared status', () => {
    expect(Object.keys(coverage)).toEqual(['mode', 'operations']);
    for (const op of Object.keys(operations) as OperationId[]) {
      expect(Object.keys(coverage.operations[op]!).map(Number)).toEqual(declaredStatuses(op));
    }
  });

  test('observed statuses are exercised; the others carry a reason from what the run could do', () => {
    expect(coverage.operations.watchdogsCreate!['201']).toEqual({ exercised: true });
    expect(coverage.operations.watchdogsActivate!['200']).toEqual({ exercised: false, reason: 'a successful watchdog write needs CONFORMANCE_WRITES=1 (read-only run)' });
    expect(coverage.operations.watchdogsActivate!['403']).toEqual({ exercised: false, reason: 'CONFORMANCE_LIMITED_TOKEN not set: the limited-key scenarios did not run' });
  });
});

describe('renderers', () => {
  const results = recorded((r) => {
    r.add({ ...finding('invalid_request_refused', 'watchdogsCreate', 'fail', 'create with a name of 201 characters: accepted with 201 <&>', "curl -X POST 'http://h/api/v1/watchdogs/' -H 'Authorization: Token <redacted>'"), received: 201, expected: '4xx' }, refused);
    r.add(finding('filter_q', 'municipalitiesList', 'warn', 'partial'));
    r.add(finding('credential_form_accepted', 'municipalitiesList', 'skip', 'CONFORMANCE_SESSION_ID not set'));
    r.skippedWrite('watchdog lifecycle');
    r.requests = 1234;
  });
  const report = buildReport(config(), results, 1234);

  test('console: one line per rule and operation, the failure with its curl and case, how to reproduce, the verdict with seed and requests', () => {
    const text = renderConsole(report, ['reports/junit.xml', 'reports/failures.json']);
    expect(text).toMatch(/^FAIL {2}invalid_request_refused +watchdogsCreate +create with a name of 201 characters: accepted with 201 <&>$/m);
    expect(text).toMatch(/^WARN {2}filter_q +municipalitiesList +partial$/m);
    expect(text).toContain("curl -X POST 'http://h/api/v1/watchdogs/' -H 'Authorization: Token <redacted>'");
    expect(text).toContain('(failures.json #0)');
    expect(text).toContain('     received 201 · declared "4xx"');
    expect(report.failures[0]).toMatchObject({ received: 201, expected: '4xx' });
    expect(text).toContain('Reproduce: npx conformance replay reports/failures.json   (re-sends them to http://127.0.0.1:1, where they failed; the secrets come from CONFORMANCE_TOKEN and the others, as for the run) · rerun everything: npx conformance --base-url http://127.0.0.1:1 --seed 42');
    expect(text).toContain('  - watchdog lifecycle');
    expect(text).toMatch(/^Verdict: FAIL — 1 failed, 1 warnings, 0 passed, \d+ skipped · 1234 requests · seed 42/m);
  });

  test('junit: a testcase per line; failure with reason and curl, skipped with reason, warning as passed with system-out', () => {
    const xml = renderJunit(report);
    expect(xml).toContain('<testcase name="invalid_request_refused · watchdogsCreate" classname="conformance.inputs">');
    expect(xml).toContain('<failure message="create with a name of 201 characters: accepted with 201 &lt;&amp;&gt;">');
    expect(xml).toContain('<skipped message="CONFORMANCE_SESSION_ID not set"/>');
    expect(xml).toMatch(/<testcase name="filter_q · municipalitiesList" classname="conformance.filters">\s*<system-out>WARNING: partial/);
    expect(xml.match(/<testcase /g)).toHaveLength(report.lines.length);
  });

  test('summary.md: verdict, failures with curl, coverage table with reasons', () => {
    const md = renderMarkdown(report);
    expect(md).toMatch(/^## Conformance: ❌ FAIL/);
    expect(md).toContain("```sh\ncurl -X POST 'http://h/api/v1/watchdogs/' -H 'Authorization: Token <redacted>'\n```");
    expect(md).toMatch(/\| watchdogsActivate \| ✗ \[\d+\] \|/);
    expect(md).toContain('### Write scenarios skipped (read-only run)');
  });
});
