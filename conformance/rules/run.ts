// The run-level rule: every phase runs to its end. A phase stopped is a skip with why: as planned
// (the budget spent, an operation the config excludes), or cut short (a signal or --deadline, a
// target that stopped answering, a defect of the suite), which makes the run INCOMPLETE.
import { defineRule, judgedInPhase } from './define';

export const phaseCompleted = defineRule<never>({
  name: 'phase_completed',
  area: 'responses',
  summary: 'every phase of the run runs to its end',
  operations: [],
  mock: true,
  check: judgedInPhase,
});
