// The run-level rule: every phase runs to its end (a crash is a bug of the suite or a target
// that went away; a spent budget is a skip).
import { defineRule, judgedInPhase } from './define';

export const phaseCompleted = defineRule<never>({
  name: 'phase_completed',
  area: 'responses',
  summary: 'every phase of the run runs to its end',
  operations: [],
  mock: true,
  check: judgedInPhase,
});
