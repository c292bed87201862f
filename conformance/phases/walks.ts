// Walking a (filtered) list and judging it: by the list rules and, when filtered, by the rule of
// its filter. The lists and filters phases and `conformance replay` all judge walks this way.
import type { OperationId } from '../../generated';
import type { FilterRef } from '../engine/replay-case';
import { isSuccess, type RequestSpec } from '../engine/request';
import { NoResponse } from '../engine/transport';
import type { Rule } from '../rules/define';
import { filterCombination, FILTER_RULES, type FilterInput } from '../rules/filters';
import { LINK_RULES } from '../rules/links';
import { WALK_RULES } from '../rules/lists';
import { onBase } from '../runner/fixtures';
import type { Run } from '../runner/run';
import type { Item, Reference, Walk } from '../engine/walk';
import { walkList } from '../runner/walk';

/** The rule that judges a walk under these filters: the filter's own, or the combination rule. */
function ruleFor(op: OperationId, filters: FilterRef[]): Rule<FilterInput> | undefined {
  if (filters.length > 1) return filterCombination;
  const [only] = filters;
  return only && FILTER_RULES.find((rule) => rule.filter.op === op && rule.filter.ref.where === only.where && rule.filter.ref.name === only.name);
}

/** Walks a (filtered) list and judges it by the list rules and, when filtered, by its filter rule. */
export async function walkAndJudge(run: Run, filters: FilterRef[], spec: RequestSpec, ref: Reference): Promise<Item[]> {
  const walk = await walkList(run, spec).catch((error: unknown) => {
    if (error instanceof NoResponse) return undefined; // recorded as response_received
    throw error;
  });
  if (!walk) return [];
  judgeWalk(run, walk, filters, ref);
  return walk.pages[0]?.items ?? [];
}

/**
 * Judges a walk by the list rules and, when filtered, by its filter's rule (`filters`: the
 * filters tested, without the reference's base). A first page that was refused is
 * valid_request_accepted's to judge: there is no list to hold to the rules.
 */
export function judgeWalk(run: Run, walk: Walk, filters: FilterRef[], ref: Reference): void {
  const op = walk.base.operationId;
  const first = walk.pages[0]?.x;
  const evidence = { exchange: first, replay: { kind: 'walk' as const, spec: walk.base, filters } };
  const rule = ruleFor(op, filters);
  const walkRules = [...WALK_RULES, ...LINK_RULES] as Array<Rule<Walk>>;
  const rules: Array<Rule<never>> = [...(rule ? [rule] : []), ...walkRules] as Array<Rule<never>>;
  if (!first || !isSuccess(first.status)) {
    // A request the contract leaves open, or one it lets a server refuse, refused: no list to judge, nothing wrong.
    // A refused page 1 served no link: served_link_works has nothing to say of it (its line says
    // whether any page was followed at all).
    const see = walk.base.expect === 'accept' ? 'see valid_request_accepted' : 'a refusal the contract allows';
    for (const r of rules) if (!LINK_RULES.includes(r as never)) run.record(r, op, { outcome: 'skip', message: `${walk.base.purpose}: page 1 answered ${first?.status ?? 'nothing'}; ${see}` });
    return;
  }
  // A list refused without filters is judged on the base found in its data (runner/fixtures.ts).
  const onTheBase = onBase(ref, filters);
  if (rule) run.judge(rule, { filters: onTheBase.filters, walk, reference: onTheBase.reference }, op, evidence);
  for (const walkRule of walkRules) run.judge(walkRule, walk, op, evidence);
}

