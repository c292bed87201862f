// The catalog: every rule the suite knows, in report order. The report lists every rule ×
// operation from here, so a rule that recorded nothing still shows (as SKIP, with the reason).
import { AUTH_EXCHANGE_RULES, credentialFormAcceptedSomewhere } from './auth';
import type { Rule } from './define';
import { filterCombination, FILTER_RULES, mediaTypesAgree } from './filters';
import { INPUT_RULES } from './inputs';
import { LIFECYCLE_RULES } from './lifecycle';
import { LINK_RULES } from './links';
import { WALK_RULES } from './lists';
import { RESPONSE_RULES } from './responses';
import { phaseCompleted } from './run';

export const RULES: ReadonlyArray<Rule<never>> = [
  ...RESPONSE_RULES,
  ...INPUT_RULES,
  ...WALK_RULES,
  ...LINK_RULES,
  ...FILTER_RULES,
  filterCombination,
  mediaTypesAgree,
  ...AUTH_EXCHANGE_RULES,
  credentialFormAcceptedSomewhere,
  ...LIFECYCLE_RULES,
  phaseCompleted,
] as unknown as ReadonlyArray<Rule<never>>;

const BY_NAME = new Map(RULES.map((rule) => [rule.name, rule]));

export function ruleNamed(name: string): Rule<never> {
  const rule = BY_NAME.get(name);
  if (!rule) throw new Error(`unknown conformance rule ${name}`);
  return rule;
}
