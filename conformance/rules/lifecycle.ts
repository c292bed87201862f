// Lifecycle rules: each watchdog write judged against a model of the expected state (phases/
// lifecycle.ts). Create and PATCH apply every field sent and PATCH keeps every field omitted;
// subscribe adds without dropping anything; unsubscribe removes exactly what it names;
// monitored_companies holds exactly the subscribed companies. What activate and deactivate do
// is not published: their effects only warn.
import type { OperationId } from '../../generated';
import { WRITES } from '../contract/facts';
import { isObject, type Exchange } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';
import { observe, type Expected, type Observed } from '../model/watchdogs';
import { defineRule, PRISM, type Rule } from './define';

/** What the model allows after a step: each field may show one of its candidates (several where the contract leaves it open). */
export interface StepOutcome {
  op: OperationId;
  /** The step's body, for messages. */
  sent: Record<string, unknown>;
  before?: Expected;
  expected: Expected;
  observed: Observed;
  x: Exchange;
}


const show = (value: unknown) => (Array.isArray(value) ? `[${value.join(', ')}]` : JSON.stringify(value));
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Where the observed state leaves the model's candidates, field by field. */
export function departures(outcome: StepOutcome, fields: Array<keyof Expected> = ['name', 'prompt', 'companies', 'tags', 'isActive']): string[] {
  const { expected, observed, sent } = outcome;
  const out: string[] = [];
  const sentOrKept = (field: string) => (field in sent ? 'as sent' : 'kept from before');
  for (const field of fields) {
    switch (field) {
      case 'name':
      case 'prompt':
        if (!expected[field].includes(observed[field] as string)) out.push(`${field} is ${show(observed[field])}, expected ${expected[field].map(show).join(' or ')} (${sentOrKept(field)})`);
        break;
      case 'companies':
        if (observed.companies === undefined) out.push('neither companies nor monitored_companies is in the answer');
        else if (!expected.companies.some((set) => sameSet(set, observed.companies!))) {
          out.push(`${observed.companiesFrom} holds ${show(observed.companies)}, expected ${expected.companies.map(show).join(' or ')} (${sentOrKept('companies')})`);
        }
        break;
      case 'tags':
        if (observed.tags !== undefined && !expected.tags.some((set) => sameSet(set, observed.tags!))) out.push(`tags holds ${show(observed.tags)}, expected ${expected.tags.map(show).join(' or ')} (${sentOrKept('tags')})`);
        break;
      case 'isActive':
        if (observed.isActive !== undefined && !expected.isActive.includes(observed.isActive as boolean)) out.push(`is_active is ${show(observed.isActive)}, expected ${expected.isActive.map(show).join(' or ')} (${sentOrKept('is_active')})`);
        break;
    }
  }
  return out;
}

/** Text fields sent with surrounding whitespace and answered without it (a reading the model allows). */
const storedTrimmed = ({ sent, observed }: StepOutcome) =>
  (['name', 'prompt'] as const).filter((field) => typeof sent[field] === 'string' && observed[field] !== sent[field] && observed[field] === (sent[field] as string).trim());

function applied(op: OperationId, name: string, summary: string, warnOnly = false): Rule<StepOutcome> {
  return defineRule<StepOutcome>({
    name,
    area: 'lifecycle',
    summary,
    operations: [op],
    mock: PRISM.noState,
    live: 'needs CONFORMANCE_WRITES=1',
    warnOnly,
    check: (outcome) => {
      if (outcome.op !== op) return undefined;
      const problems = departures(outcome);
      if (problems.length) return fail(`${outcome.x.spec.purpose}: ${problems.join('; ')}`, { received: outcome.observed, expected: outcome.expected });
      const trimmed = storedTrimmed(outcome);
      if (trimmed.length) return warn(`${outcome.x.spec.purpose}: ${trimmed.join(' and ')} stored without the surrounding whitespace sent; whether it is kept is not published`);
      return pass(`${outcome.x.spec.purpose}: state as expected`);
    },
  });
}

export const createApplied = applied('watchdogsCreate', 'watchdog_create_applied', 'create answers with the watchdog as sent: name, prompt, companies, tags and is_active');
export const patchApplied = applied('watchdogsEventsPartialUpdate', 'watchdog_patch_applied', 'PATCH applies every field sent and keeps every field omitted');
export const subscribeApplied = applied('watchdogsSubscribe', 'watchdog_subscribe_applied', 'subscribe adds the companies and tags sent without dropping any, and keeps the other fields');
export const unsubscribeApplied = applied('watchdogsUnsubscribe', 'watchdog_unsubscribe_applied', 'unsubscribe removes exactly the companies and tags sent, and keeps the other fields');
export const activateConsistent = applied('watchdogsActivate', 'watchdog_activate_consistent', 'after activate every field shows its value from before or the value sent (the effect of activate is not published)', true);
export const deactivateConsistent = applied('watchdogsDeactivate', 'watchdog_deactivate_consistent', 'after deactivate every field shows its value from before or the value sent (the effect of deactivate is not published)', true);

export const monitoredCompaniesMatch = defineRule<StepOutcome>({
  name: 'monitored_companies_match',
  area: 'lifecycle',
  summary: 'monitored_companies holds exactly the subscribed companies',
  operations: WRITES,
  mock: PRISM.noState,
  live: 'needs CONFORMANCE_WRITES=1',
  check: ({ observed, x }) => {
    if (observed.monitored === undefined || observed.companiesFrom !== 'companies') return undefined;
    return sameSet(observed.monitored, observed.companies!)
      ? pass(`${x.spec.purpose}: ${observed.monitored.length} monitored`)
      : fail(`${x.spec.purpose}: monitored_companies holds ${show(observed.monitored)}, companies ${show(observed.companies)}`, { received: observed.monitored, expected: observed.companies });
  },
});

export const monitoredCountMatches = defineRule<StepOutcome>({
  name: 'monitored_company_count_matches',
  area: 'lifecycle',
  summary: 'monitored_company_count equals the number of monitored_companies (its meaning is not published)',
  operations: WRITES,
  mock: PRISM.noState,
  warnOnly: true,
  check: ({ observed, x }) =>
    observed.monitored === undefined ? undefined : observed.monitoredCount === observed.monitored.length ? pass(`${observed.monitoredCount}`) : warn(`${x.spec.purpose}: monitored_company_count is ${show(observed.monitoredCount)}, monitored_companies holds ${observed.monitored.length}`),
});

export const isActiveEffect = defineRule<StepOutcome>({
  name: 'watchdog_is_active_effect',
  area: 'lifecycle',
  summary: 'activate sets is_active true, deactivate false (the effect is not published)',
  operations: WRITES.filter((op) => op === 'watchdogsActivate' || op === 'watchdogsDeactivate'),
  mock: PRISM.noState,
  warnOnly: true,
  check: ({ op, observed, x, sent }): Verdict | undefined => {
    if ((op !== 'watchdogsActivate' && op !== 'watchdogsDeactivate') || 'is_active' in sent || observed.isActive === undefined) return undefined;
    const wanted = op === 'watchdogsActivate';
    return observed.isActive === wanted ? pass(`is_active ${wanted}`) : warn(`${x.spec.purpose}: is_active is ${show(observed.isActive)} afterwards (the effect is not published)`);
  },
});

export const tagsVisible = defineRule<StepOutcome>({
  name: 'watchdog_tags_visible',
  area: 'lifecycle',
  summary: 'the answer shows the tags (an optional field: its absence only warns, and tags are then not checked)',
  operations: WRITES,
  mock: PRISM.noState,
  warnOnly: true,
  check: ({ observed, x }) => (observed.tags === undefined ? warn(`${x.spec.purpose}: the answer has no tags field; tags not checked`) : pass('tags shown')),
});

/** The rules that judge a watchdog answer on its own, whatever write it answers (an observation's too). */
export const ANSWER_RULES: ReadonlyArray<Rule<StepOutcome>> = [monitoredCompaniesMatch, monitoredCountMatches, tagsVisible];

export const LIFECYCLE_RULES: ReadonlyArray<Rule<StepOutcome>> = [
  createApplied,
  patchApplied,
  subscribeApplied,
  unsubscribeApplied,
  activateConsistent,
  deactivateConsistent,
  monitoredCompaniesMatch,
  monitoredCountMatches,
  isActiveEffect,
  tagsVisible,
];
