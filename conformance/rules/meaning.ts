// The run-level rule on what the contract declares: every query parameter, path parameter,
// search body field, error status and operation says what it means (openapi/README.md, "What an
// operation means"). What it does not is a blind area: the suite sends it and judges its shape,
// never what it means — so its line warns, naming each place, in every report. Never a PASS.
import { blindAreas } from '../../protocol/meaning';
import { OPERATION_IDS } from '../contract/facts';
import { pass, warn, type Verdict } from '../engine/types';
import { defineRule, judgedInPhase } from './define';

export const meaningDeclared = defineRule<never>({
  name: 'meaning_declared',
  area: 'responses',
  summary: 'the contract declares what every filter, path parameter, error status and operation means (x-filter, x-pagination, x-resource, x-condition): a place it does not is a blind area the suite cannot judge, named here',
  operations: OPERATION_IDS,
  mock: true,
  check: judgedInPhase,
});

/** The verdict on one operation: its blind areas, or none. */
export function meaningVerdict(op: (typeof OPERATION_IDS)[number]): Verdict {
  const blind = blindAreas(op);
  if (blind.length === 0) return pass('every parameter, body field, status and the operation itself declare what they mean');
  return warn(`${blind.length} blind area${blind.length > 1 ? 's' : ''}, judged by shape only (declare them in openapi/, openapi/README.md): ${blind.join('; ')}`, { received: blind });
}
