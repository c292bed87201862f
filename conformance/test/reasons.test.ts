// Every skip names a reason a person can act on, and phase_completed, which those reasons cite,
// is a line of every report.
import { BROKEN_STATE } from '../../strength/tables/state';
import { faulty } from '../../strength/faulty';
import { judge } from './support/judge';
import { sandboxFetch } from './support/sandbox';

const skips = (report: Awaited<ReturnType<typeof judge>>, area?: string) => report.lines.filter((l) => l.outcome === 'skip' && (!area || l.area === area));

test('after a failing lifecycle sequence, the checks it did not reach say why and what to do', async () => {
  const fault = BROKEN_STATE.find((c) => c.name === 'subscribe replaces the companies instead of adding to them')!;
  const report = await judge(faulty(fault.spec), { areas: ['lifecycle'], seed: 7, budget: 600 });
  expect(report.lines.find((l) => l.rule === 'phase_completed')).toMatchObject({ operationId: '-', outcome: 'pass' });
  expect(skips(report, 'lifecycle').length).toBeGreaterThan(0);
  for (const line of skips(report, 'lifecycle')) expect(line.message).toMatch(/^not reached: the lifecycle phase stops at its first failing case .* fix that, then rerun/);
}, 60_000);

test('a phase stopped by the budget is a phase_completed line, and the checks it did not reach cite it', async () => {
  const report = await judge(sandboxFetch(), { areas: ['inputs'], budget: 40 });
  const phase = report.lines.find((l) => l.rule === 'phase_completed')!;
  expect(phase.outcome).toBe('skip');
  expect(phase.message).toMatch(/^inputs \(.*\): stopped, the request budget \(40, --budget\) is spent; raise --budget to run it whole$/);
  const unreached = skips(report, 'inputs').filter((l) => l.rule !== 'phase_completed');
  expect(unreached.length).toBeGreaterThan(0);
  for (const line of unreached) expect(line.message).toMatch(/^not reached: the inputs phase stopped early \(phase_completed: inputs \(.*raise --budget/);
}, 60_000);

test('no skip in a whole run against the correct deployment is left without a reason', async () => {
  const report = await judge(sandboxFetch(), { areas: ['inputs', 'auth'], budget: 2000 });
  for (const line of skips(report)) expect(line.message).toMatch(/\w{3,}.*(--|CONFORMANCE_|mode:|not selected|rerun|seed|budget)/);
}, 60_000);
