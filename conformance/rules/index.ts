// The catalog: every rule the suite knows, in report order. Each rule registers itself where it is
// defined (defineRule); importing the rule modules here makes the catalog whole, and
// test/catalog.test.ts fails when a rule module is left out. The report lists every rule ×
// operation from here, so a rule that recorded nothing still shows (as SKIP, with the reason).
import { AREAS } from '../engine/types';
import { registeredRules, type Rule } from './define';
import './responses';
import './bodies';
import './inputs';
import './equivalence';
import './lists';
import './links';
import './filters';
import './auth';
import './lifecycle';
import './writes';
import './run';
import './meaning';
import './timing';

const rank = (rule: Rule<never>) => AREAS.indexOf(rule.area);

/** By area, in the areas' published order; within an area, in the order the rules were defined. */
export const RULES: ReadonlyArray<Rule<never>> = [...registeredRules()].sort((a, b) => rank(a) - rank(b));

const BY_NAME = new Map(RULES.map((rule) => [rule.name, rule]));

export function ruleNamed(name: string): Rule<never> {
  const rule = BY_NAME.get(name);
  if (!rule) throw new Error(`unknown conformance rule ${name}`);
  return rule;
}
