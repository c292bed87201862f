// From findings to reports: line outcomes, the coverage matrix the CI gate reads, JUnit and the
// step summary.
import { declaredStatuses, operations, type OperationId } from '../../generated';
import { Recorder } from '../engine/recorder';
import { createRedactor } from '../engine/redact';
import { AREAS, type RunConfig } from '../engine/types';
import { renderConsole } from '../report/console';
import { renderJunit } from '../report/junit';
import { renderMarkdown } from '../report/markdown';
import { buildReport } from '../report/model';

const config = (overrides: Partial<RunConfig> = {}): RunConfig => ({
  mode: 'live', baseUrl: 'http://127.0.0.1:1', token: 't0ken-secret', writes: false, areas: [...AREAS], timeoutMs: 1000, maxPages: 5,
  runId: 'abc', retry: { maxRetries: 0, maxWaitMs: 0 }, concurrency: 1, ...overrides,
});

function recorded(build: (recorder: Recorder) => void) {
  const recorder = new Recorder(createRedactor(['t0ken-secret']));
  build(recorder);
  return recorder.results();
}

test('a line fails when any check failed, warns when any warned, and passes otherwise', () => {
  const results = recorded((r) => {
    r.record('status_declared', 'watchdogsCreate', { outcome: 'pass', message: 'ok' });
    r.record('status_declared', 'watchdogsCreate', { outcome: 'warn', message: 'w' });
    r.record('status_declared', 'watchdogsCreate', { outcome: 'fail', message: 'broken' }, { curl: "curl -H 'Authorization: Bearer t0ken-secret' x" });
    r.record('status_declared', 'municipalitiesList', { outcome: 'warn', message: 'undeclared 422' });
    r.record('status_declared', 'companiesSearch', { outcome: 'pass', message: 'ok' });
  });
  const report = buildReport(config(), results, 10);
  const line = (op: string) => report.lines.find((l) => l.rule === 'status_declared' && l.operationId === op)!;
  expect(line('watchdogsCreate')).toMatchObject({ outcome: 'fail', message: 'broken' });
  expect(line('watchdogsCreate').evidence[0]!.curl).toBe("curl -H 'Authorization: Bearer <redacted>' x");
  expect(line('municipalitiesList').outcome).toBe('warn');
  expect(line('companiesSearch').outcome).toBe('pass');
  expect(report.verdict).toBe('fail');
});

test('a rule on something the contract leaves open never fails', () => {
  const results = recorded((r) => r.record('watchdog_is_active_effect', 'watchdogsActivate', { outcome: 'fail', message: 'is_active false' }));
  expect(buildReport(config(), results, 1).lines.find((l) => l.rule === 'watchdog_is_active_effect')!.outcome).toBe('warn');
});

test('every catalog rule × operation of the selected areas has a line; silent ones are SKIP with the reason', () => {
  const report = buildReport(config({ mode: 'mock', areas: ['auth'] }), recorded(() => undefined), 1);
  const line = report.lines.find((l) => l.rule === 'unauthorized_invalid_credentials' && l.operationId === 'watchdogsCreate')!;
  expect(line).toMatchObject({ outcome: 'skip', message: 'mock mode: Prism checks that a credential is present, never its value' });
  expect(report.lines.some((l) => l.area === 'lists')).toBe(false);
  expect(report.verdict).toBe('pass');
});

describe('coverage.json', () => {
  const observed = { watchdogsCreate: [201, 401], municipalitiesList: [200] };
  const coverage = buildReport(config(), { findings: [], observed, skippedWrites: [] }, 1).coverage;

  test('has exactly the shape the CI gate reads: every operation × every declared status', () => {
    expect(Object.keys(coverage)).toEqual(['mode', 'operations']);
    expect(coverage.mode).toBe('live');
    for (const op of Object.keys(operations) as OperationId[]) {
      expect(Object.keys(coverage.operations[op]!).map(Number)).toEqual(declaredStatuses(op));
      for (const cell of Object.values(coverage.operations[op]!)) {
        expect(cell.exercised ? Object.keys(cell) : Object.keys(cell).sort()).toEqual(cell.exercised ? ['exercised'] : ['exercised', 'reason']);
      }
    }
  });

  test('observed statuses are exercised; the others carry a reason from what the run could do', () => {
    expect(coverage.operations.watchdogsCreate!['201']).toEqual({ exercised: true });
    expect(coverage.operations.watchdogsActivate!['200']).toEqual({ exercised: false, reason: 'a successful watchdog write needs CONFORMANCE_WRITES=1 (read-only run)' });
    expect(coverage.operations.watchdogsActivate!['403']).toEqual({ exercised: false, reason: 'CONFORMANCE_LIMITED_TOKEN not set: the limited-key scenarios did not run' });
    expect((coverage.operations.watchdogsActivate!['404'] as { reason: string }).reason).toMatch(/modelling choice/);
  });
});

describe('renderers', () => {
  const results = recorded((r) => {
    r.record('bound_refused', 'watchdogsCreate', { outcome: 'fail', message: 'create with a name of 201 characters: accepted with 201 <&>' }, { curl: "curl -X POST 'http://h/api/v1/watchdogs/' -H 'Authorization: Token t0ken-secret'" });
    r.record('filter_q', 'municipalitiesList', { outcome: 'warn', message: 'partial' });
    r.record('credential_form_accepted', 'municipalitiesList', { outcome: 'skip', message: 'CONFORMANCE_SESSION_ID not set' });
    r.skippedWrite('watchdog lifecycle: create');
  });
  const report = buildReport(config(), results, 1234);

  test('console: one line per rule and operation, the failure with its curl, skipped writes, the verdict', () => {
    const text = renderConsole(report, ['reports/junit.xml']);
    expect(text).toMatch(/^FAIL {2}bound_refused +watchdogsCreate +create with a name of 201 characters: accepted with 201 <&>$/m);
    expect(text).toMatch(/^WARN {2}filter_q +municipalitiesList +partial$/m);
    expect(text).toContain("curl -X POST 'http://h/api/v1/watchdogs/' -H 'Authorization: Token <redacted>'");
    expect(text).toContain('  - watchdog lifecycle: create');
    expect(text).toMatch(/^Verdict: FAIL — 1 failed, 1 warnings/m);
  });

  test('junit: a testcase per line; failure with reason and curl, skipped with reason, warning as passed with system-out', () => {
    const xml = renderJunit(report);
    expect(xml).toContain('<testcase name="bound_refused · watchdogsCreate" classname="conformance.errors">');
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
