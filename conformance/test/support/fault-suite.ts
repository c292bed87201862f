// One jest test per fault: the suite, run as the CLI runs it against the faulty deployment, must
// fail and name the rule (or, for what the contract leaves open, warn and fail nothing); the
// failures.json it writes, replayed against the same deployment, must fail the same rule again.
import { meaning, resources, type OperationId, type ResourceDeclaration, type ResourceName } from '../../../generated';
import { OPERATION_IDS } from '../../contract/facts';
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
 * The operations a fault's requests need: its own, and those that make or list what its
 * identifiers name (`x-resource`, `x-references`), as the run's fixtures find them; all of them
 * when the fault is on some operation (`*`).
 */
export function operationsNeeded(op: string): OperationId[] {
  if (!(OPERATION_IDS as string[]).includes(op)) return OPERATION_IDS;
  const needed = new Set<OperationId>();
  const add = (id: OperationId) => {
    if (needed.has(id)) return;
    needed.add(id);
    const { pathResources, references } = meaning[id];
    const named = [...Object.values(pathResources), ...Object.values(references.query), ...Object.values(references.body)] as ResourceName[];
    for (const resource of named) {
      const declared: ResourceDeclaration = resources[resource];
      for (const maker of [declared.createdBy, declared.listedBy]) if (maker) add(maker);
    }
  };
  add(op as OperationId);
  return OPERATION_IDS.filter((id) => needed.has(id));
}

/**
 * Each fault is run in the areas that meet it (`areasMeeting`, or `areas` for every fault of the
 * call), on the operations it needs (`operationsNeeded`): a fraction of a whole run each. The fault sweep (`npm run test:faults`) and
 * `conformance strength` judge every fault with the whole suite, the sweep with many seeds.
 */
export function faultTests(title: string, cases: FaultCase[], { areas }: { areas?: AreaName[] } = {}): void {
  describe(title, () => {
    test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
      const { fetch, overrides, close } = await deployed(c);
      const [rule, op, outcome] = c.expect;
      try {
        const meeting = areas ?? areasMeeting(c);
        // The lifecycle's sequences go through every watchdog operation: it runs on all of them.
        const needed = meeting.includes('lifecycle') ? OPERATION_IDS : operationsNeeded(op);
        const excluded = OPERATION_IDS.filter((id) => !needed.includes(id));
        const report = await judge(fetch, { seed: 7, budget: BUDGET, ...overrides, areas: meeting, excluded });
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
