// A rule is defined once: its name, area, the operations it judges, whether it can run against
// the mock, and its check. The catalog, the reports and the mode table all derive from these.
import type { OperationId } from '../../generated';
import type { AreaName, Mode, RunConfig, Verdict } from '../engine/types';

export interface Rule<I = never> {
  name: string;
  area: AreaName;
  /** One line: what the rule holds a deployment to. */
  summary: string;
  operations: readonly OperationId[];
  /** `true` when it runs against the Prism mock; otherwise why it cannot. */
  mock: true | string;
  /** Live mode: a precondition for the report (e.g. "needs CONFORMANCE_WRITES=1"). */
  live?: string;
  /** Runs against the mock only (Prism's Prefer header steers no deployment). */
  mockOnly?: boolean;
  /** Judges something the contract leaves open: a failure is reported as a warning. */
  warnOnly?: boolean;
  /**
   * Judges the answer alone (its status class, shape, media type), whatever the request was: a
   * request resting on a modelling choice still fails it. Every other rule only warns on such a
   * request (cases/classify.ts choiceInputs).
   */
  answerOnly?: boolean;
  /**
   * Why the rule judged nothing in a run whose phases all ran to their end, when that is not that
   * no request reached it (served_link_works: no list served a second page).
   */
  idle?: string;
  /** A rule the user switches on with a flag (a gate): without it the rule judges nothing and has no line. */
  optIn?: { flag: string; on(config: RunConfig): boolean };
  /** `undefined`: the rule does not apply to this input. */
  check(input: I): Verdict | undefined;
}

/** Every rule, registered where it is defined (as Schemathesis registers its checks). */
const registry = new Map<string, Rule<never>>();

/** Defines a rule and registers it for the catalog (rules/index.ts); a name is defined once. */
export function defineRule<I>(rule: Rule<I>): Rule<I> {
  if (registry.has(rule.name)) throw new Error(`conformance rule ${rule.name} is defined twice`);
  registry.set(rule.name, rule as unknown as Rule<never>);
  return rule;
}

/** The rules defined so far, in the order their modules defined them. */
export const registeredRules = (): ReadonlyArray<Rule<never>> => [...registry.values()];

/** A rule whose checks are run by its phase rather than on an input (it only names what is judged). */
export const judgedInPhase = () => undefined;

/** Whether a rule runs in a mode, and the reason when it does not. */
export function runsIn(rule: Rule<unknown>, mode: Mode): true | string {
  if (mode === 'live') return rule.mockOnly ? 'mock only: a deployment is not steered by Prism\'s Prefer header' : true;
  return rule.mock;
}

/** Shown for rules that need a stateful, filtering deployment. */
export const PRISM = {
  noState: 'Prism keeps no state and serves examples',
  noFilter: 'Prism does not filter: every query gets the same example',
  noKeys: 'Prism checks that a credential is present, never its value',
} as const;
