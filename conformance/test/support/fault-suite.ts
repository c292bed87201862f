// One jest test per fault: the suite, run as the CLI runs it against the faulty deployment, must
// fail and name the rule (or, for what the contract leaves open, warn and fail nothing); the
// failures.json it writes, replayed against the same deployment, must fail the same rule again.
import type { AreaName } from '../../engine/types';
import { DEFAULT_BUDGET } from '../../options';
import { ruleNamed } from '../../rules/index';
import type { FaultCase } from '../../../strength/faulty';
import { deployed } from '../../../strength/serve';
import { failing, judge, outcomeOf, replay } from './judge';

/** Where a run spends what the deterministic areas leave: the sweep's, not these tests'. */
const BUDGET = DEFAULT_BUDGET.live;

/**
 * The areas whose requests meet a fault: those it names, else its rule's own area; for a rule that
 * judges every exchange (the responses area), the inputs area, which sends every operation its
 * widest range of requests.
 */
export function areasMeeting(c: FaultCase): AreaName[] {
  const area = ruleNamed(c.expect[0]).area;
  return c.meets ?? [area === 'responses' ? 'inputs' : area];
}

/**
 * Each fault is run in the areas that meet it (`areasMeeting`, or `areas` for every fault of the
 * call): a fraction of a whole run each. The fault sweep (`npm run test:faults`) and
 * `conformance strength` judge every fault with the whole suite, the sweep with many seeds.
 */
export function faultTests(title: string, cases: FaultCase[], { areas }: { areas?: AreaName[] } = {}): void {
  describe(title, () => {
    test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const { fetch, overrides, close } = await deployed(c);
      const [rule, op, outcome] = c.expect;
      try {
        const report = await judge(fetch, { seed: 7, budget: BUDGET, ...overrides, areas: areas ?? areasMeeting(c) });
        if (outcome === 'fail') {
          expect({ line: `${rule} ${op}`, outcome: outcomeOf(report, rule, op) }).toEqual({ line: `${rule} ${op}`, outcome: 'fail' });
          expect(report.verdict).toBe('fail');
          const again = await replay(fetch, report, { budget: BUDGET, ...overrides });
          expect({ replayed: `${rule} ${op}`, outcome: outcomeOf(again, rule, op) }).toEqual({ replayed: `${rule} ${op}`, outcome: 'fail' });
        } else {
          expect(failing(report)).toEqual([]);
          expect(outcomeOf(report, rule, op)).toBe(outcome);
        }
      } finally {
        await close();
      }
    });
  });
}
