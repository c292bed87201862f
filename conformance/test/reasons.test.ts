// Every skip names a reason a person can act on, and phase_completed, which those reasons cite,
// is a line of every report.
import { BROKEN_STATE } from '../../strength/tables/state';
import { faulty } from '../../strength/faulty';
import { judge } from './support/judge';
import { liveConfig, sandboxFetch } from './support/sandbox';
import { Recorder } from '../engine/recorder';
import { buildReport } from '../report/model';

const skips = (report: Awaited<ReturnType<typeof judge>>, area?: string) => report.lines.filter((l) => l.outcome === 'skip' && (!area || l.area === area));

test('after a failing lifecycle case, the phase runs to its end, and the checks not reached say why and what to do', async () => {
  const fault = BROKEN_STATE.find((c) => c.name === 'subscribe replaces the companies instead of adding to them')!;
  const report = await judge(faulty(fault.spec), { areas: ['lifecycle'], seed: 7, budget: 600 });
  expect(report.lines.find((l) => l.rule === 'phase_completed')).toMatchObject({ operationId: '-', outcome: 'pass' });
  // Each deterministic sequence goes on from fresh watchdogs: what the failing one did not reach, the others do.
  expect(report.lines.filter((l) => l.area === 'lifecycle' && l.outcome === 'fail').map((l) => l.rule)).toContain('watchdog_subscribe_applied');
  const reason = /^not reached: the lifecycle phase stops at its first failing case .* fix that, then rerun/;
  for (const line of skips(report, 'lifecycle')) expect(line.message).toMatch(reason);
  // A line that recorded nothing after a lifecycle failure names it (the random sequences stop at their first failing one).
  const recorder = new Recorder();
  recorder.add({ rule: 'watchdog_subscribe_applied', operationId: 'watchdogsSubscribe', outcome: 'fail', message: 'subscribe replaced the companies' }, { kind: 'sequence', steps: [] }, { phase: 'lifecycle', seed: 7 });
  const built = buildReport(liveConfig(undefined, { areas: ['lifecycle'] }), recorder.results(), 1);
  expect(skips(built, 'lifecycle').length).toBeGreaterThan(0);
  for (const line of skips(built, 'lifecycle')) expect(line.message).toMatch(reason);
});

test('a phase stopped by the budget is a phase_completed line, and the checks it did not reach cite it', async () => {
  const report = await judge(sandboxFetch(), { areas: ['inputs'], budget: 40 });
  const phase = report.lines.find((l) => l.rule === 'phase_completed')!;
  expect(phase.outcome).toBe('skip');
  expect(phase.message).toMatch(/^inputs \(.*\): stopped, the request budget \(40, --budget\) is spent; raise --budget to run it whole$/);
  const unreached = skips(report, 'inputs').filter((l) => l.rule !== 'phase_completed');
  expect(unreached.length).toBeGreaterThan(0);
  for (const line of unreached) expect(line.message).toMatch(/^not reached: the inputs phase stopped early \(phase_completed: inputs \(.*raise --budget/);
});

test('no skip in a whole run against the correct deployment is left without a reason', async () => {
  const report = await judge(sandboxFetch(), { areas: ['inputs', 'auth'], budget: 2000 });
  for (const line of skips(report)) expect(line.message).toMatch(/\w{3,}.*(--|CONFORMANCE_|mode:|not selected|rerun|seed|budget)/);
});

test('a deployment that serves every list on one page: the link rules say no second page was served, not the reason of a refused filter', async () => {
  const report = await judge(sandboxFetch({ limits: { pageSize: 100_000 } }), { areas: ['lists', 'filters'], budget: 800 });
  // The run did refuse some filtered walks (a value over its bound): their reason stays on the rules that judge page 1.
  expect(report.lines.filter((l) => l.rule === 'count_is_total').map((l) => l.message).join('\n')).toMatch(/page 1 answered 400; a refusal the contract allows/);
  expect(report.lines.filter((l) => l.rule === 'served_link_works' || l.rule === 'links_keep_query').map((l) => [l.rule, l.operationId, l.outcome, l.message])).toEqual(
    ['served_link_works', 'links_keep_query'].flatMap((rule) =>
      ['companiesSearch', 'municipalitiesList'].map((op) => [rule, op, 'skip', expect.stringMatching(/^no second page was served: every walk of this list that answered a page ended on page 1/)]),
    ),
  );
});
