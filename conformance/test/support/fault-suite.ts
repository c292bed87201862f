// One jest test per fault: the suite, run as the CLI runs it against the faulty deployment, must
// fail and name the rule (or, for what the contract leaves open, warn and fail nothing); the
// failures.json it writes, replayed against the same deployment, must fail the same rule again.
import type { AreaName } from '../../engine/types';
import { DEFAULT_BUDGET } from '../../options';
import { ruleNamed } from '../../rules/index';
import type { FaultCase } from '../../../strength/faulty';
import { deployed } from '../../../strength/serve';
import { failing, judge, outcomeOf, replay } from './judge';

/**
 * Every fault is found by the deterministic and lifecycle phases, so these runs leave the random
 * phase a smaller budget than the default (the seed test runs the default); the run is otherwise
 * the CLI's.
 */
const BUDGET = DEFAULT_BUDGET.live - 400;

/**
 * `narrow`: only the area of the rule each fault names is run (a table whose faults the fault sweep,
 * `npm run test:faults`, judges whole with many seeds; here each costs a fraction of a run);
 * `areas`: only these (for a rule that judges every exchange, the areas whose requests meet the fault).
 */
export function faultTests(title: string, cases: FaultCase[], { narrow = false, areas }: { narrow?: boolean; areas?: AreaName[] } = {}): void {
  describe(title, () => {
    test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const { fetch, overrides, close } = await deployed(c);
      const [rule, op, outcome] = c.expect;
      try {
        const report = await judge(fetch, { seed: 7, budget: BUDGET, ...overrides, ...(narrow && { areas: [ruleNamed(rule).area] }), ...(areas && { areas }) });
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
