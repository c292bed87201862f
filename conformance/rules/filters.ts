// Filter rules, one per published filter of each list (derived from generated/: query parameters
// and search body fields), plus combinations and media types. A filtered list is walked like any
// list; its items must match what the contract declares the filter keeps (`x-filter`), and when
// the unfiltered list was read whole, `count` must be the filtered total and no matching item may
// be missing. A filter whose meaning the contract does not declare is a blind area: its line warns.
import type { OperationId } from '../../generated';
import { pageParameter } from '../../protocol/meaning';
import { filterSemantics, grade, matchItem, mustInclude, strict, type FilterSemantics } from '../contract/filter-semantics';
import { FACTS, LISTS, queryParameters } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { isObject, isSuccess, type Exchange, type RequestSpec } from '../engine/request';
import { fail, pass, skip, warn, type Verdict } from '../engine/types';
import { itemsOf, toPage, type Item, type Reference, type Walk } from '../engine/walk';
import { defineRule, PRISM, type Rule } from './define';

export interface FilterInput {
  filters: FilterRef[];
  walk: Walk;
  /** The unfiltered list as the run read it. */
  reference: Reference;
}

export interface FilterSpec {
  op: OperationId;
  ref: Omit<FilterRef, 'values'>;
  semantics?: FilterSemantics;
  /** The filter's name or type is a modelling choice of the contract. */
  choice: boolean;
}

/** A value as messages show it: a long one cut, with its length. */
const shown = (value: string) => ([...value].length > 40 ? `${[...value].slice(0, 32).join('')}… (${[...value].length} characters)` : value);
/** Filters as messages show them: `country_code=AT|DE & name (body)=Müller`. */
export const describeFilters = (filters: FilterRef[], where = true) =>
  filters.map((f) => `${f.name}${where && f.where === 'body' ? ' (body)' : ''}=${f.values.map(shown).join('|')}`).join(' & ');

const idOf = (item: Item) => String(item.uuid);

/** Every published filter of every list: query parameters (but the page) and search body fields. */
export const FILTERS: FilterSpec[] = LISTS.flatMap((op) => {
  const query = queryParameters(op)
    .filter((p) => p.name !== pageParameter(op))
    .map((p) => ({ op, ref: { where: 'query' as const, name: p.name }, choice: p.choice }));
  const json = FACTS[op].bodies.find((b) => b.mediaType === 'application/json');
  const body = Object.entries((json?.schema.properties ?? {}) as Record<string, Record<string, unknown>>).map(([name, schema]) => ({
    op,
    ref: { where: 'body' as const, name },
    choice: 'x-modelling-choice' in schema,
  }));
  return [...query, ...body].map((f) => ({ ...f, semantics: filterSemantics(op, f.ref.where, f.ref.name) }));
});

export const filterRuleName = (f: Pick<FilterSpec, 'op' | 'ref'>) =>
  FACTS[f.op].method === 'GET' ? `filter_${f.ref.name}` : `search_by_${f.ref.name}${f.ref.where === 'query' ? '_parameter' : ''}`;

const semanticsOf = (op: OperationId, ref: FilterRef) => FILTERS.find((f) => f.op === op && f.ref.where === ref.where && f.ref.name === ref.name)?.semantics;

/** The verdict on a filtered walk: every item matches, the count is the filtered total, nothing that matches is missing. */
export function judgeFiltered({ filters, walk, reference }: FilterInput): Verdict {
  const op = walk.base.operationId;
  const q = describeFilters(filters);
  const first = walk.pages[0];
  if (!first || !isSuccess(first.x.status)) return skip(`${q}: page 1 answered ${first?.x.status}; see valid_request_accepted`);
  const judged = filters.map((ref) => ({ ref, semantics: semanticsOf(op, ref) }));
  const known = judged.filter((j): j is { ref: FilterRef; semantics: FilterSemantics } => j.semantics !== undefined);
  if (known.length === 0) return warn(`${q}: accepted; a blind area: the contract declares nothing of what ${filters.map((f) => f.name).join(' and ')} keeps${filters.length > 1 ? '' : 's'} (no x-filter), so its items are not judged`);
  const items = itemsOf(walk);
  // Each filter by its own strictness: an exact one stays exact beside one that matches loosely.
  const matchesOf = (item: Item) => known.map(({ ref, semantics }) => ({ ref, semantics, ...matchItem(semantics, ref.values, item) }));
  const bounding = known.filter(({ semantics }) => strict(semantics));
  const loose: string[] = [];
  for (const item of items) {
    const matches = matchesOf(item);
    const strictMiss = matches.find((m) => m.grade === 'none' && strict(m.semantics));
    if (strictMiss) return fail(`${q}: item ${idOf(item)} ("${String(item.name ?? '')}") does not match ${strictMiss.ref.name} under any reading (${strictMiss.semantics.published})`, { received: item.uuid });
    const looser = matches.find((m) => m.grade !== 'match');
    if (looser) loose.push(`${idOf(item)} ("${String(item.name ?? '')}") for ${looser.ref.name}: ${looser.reading ?? 'no reading here explains it'}`);
  }
  const count = first.count;
  if (count !== undefined && reference.count !== undefined && count > reference.count) {
    return fail(`${q}: count ${count} exceeds the unfiltered count ${reference.count}`, { received: count, expected: `<= ${reference.count}` });
  }
  // A text search whose count is the unfiltered count, though some items do not match, ignored the text.
  const ignored = count !== undefined && count === reference.count && known.some(({ semantics }) => semantics.kind === 'text');
  const miss = ignored ? reference.items.find((item) => known.some(({ ref, semantics }) => grade(semantics, ref.values, item) === 'none')) : undefined;
  if (miss) return fail(`${q}: the filter was ignored: count ${count} equals the unfiltered count, which holds items that do not match (e.g. ${idOf(miss)})`, { received: count });
  if (reference.complete) {
    const must = reference.items.filter((item) => known.every(({ ref, semantics }) => mustInclude(semantics, ref.values, item)));
    if (count !== undefined) {
      // What may be kept: no strict filter rules it out under any reading (a text search may match more: stemming, single words).
      const may = reference.items.filter((item) => bounding.every(({ ref, semantics }) => grade(semantics, ref.values, item) !== 'none')).length;
      if (count < must.length || count > may) {
        const expected = may === must.length ? must.length : `${must.length}…${may}`;
        return fail(`${q}: count is ${count}, the filtered total of the ${reference.items.length} items is ${expected}`, { received: count, expected });
      }
    }
    if (walk.complete) {
      const got = new Set(items.map(idOf));
      const missing = must.filter((item) => !got.has(idOf(item)));
      if (missing.length) return fail(`${q}: ${missing.length} matching item(s) missing, e.g. ${idOf(missing[0]!)} ("${String(missing[0]!.name ?? '')}")`, { received: got.size, expected: must.map(idOf) });
    }
  }
  if (loose.length) return warn(`${q}: ${loose.length} item(s) match only under a looser reading (e.g. ${loose[0]}); how the filter compares is not published`);
  return pass(`${q}: ${items.length} item(s) seen, all matching (count ${count})`);
}

/** The published filters a list request carries, with their values as sent (query parameters and body fields). */
export function filtersSent(spec: RequestSpec): FilterRef[] {
  const published = FILTERS.filter((f) => f.op === spec.operationId);
  const body = spec.body;
  const fields: Array<[string, unknown]> = !body || body.kind === 'raw' ? [] : body.kind === 'json' ? (isObject(body.value) ? Object.entries(body.value) : []) : body.fields;
  const sent = [...(spec.query ?? []).map(([name, value]) => ({ where: 'query' as const, name, value })), ...fields.map(([name, value]) => ({ where: 'body' as const, name, value }))];
  return published
    .map(({ ref }) => ({ ...ref, values: sent.filter((s) => s.where === ref.where && s.name === ref.name && typeof s.value === 'string').map((s) => s.value as string) }))
    .filter((f) => f.values.length > 0);
}

/**
 * The answer to a list request accepted although refusing it was optional (a filter value that
 * is not what the document describes): judged as a filtered page, so an answer that is not
 * empty must hold only items the filters keep.
 */
export function judgeLenientAnswer(x: Exchange): Verdict {
  const walk: Walk = { base: x.spec, pages: [toPage(x, 1, 'first')], backs: [], complete: false, pageSize: 0, foreignLinks: [], broken: [] };
  return judgeFiltered({ filters: filtersSent(x.spec), walk, reference: { walk, items: [], complete: false, base: [] } });
}

/** One rule per published filter of each list. */
export const FILTER_RULES: ReadonlyArray<Rule<FilterInput> & { filter: FilterSpec }> = FILTERS.map((filter) => ({
  ...defineRule<FilterInput>({
    name: filterRuleName(filter),
    area: 'filters',
    summary: filter.semantics
      ? `${filter.ref.name} (${filter.ref.where}, ${filter.semantics.kind}): every item matches (${filter.semantics.published}); count is the filtered total`
      : `${filter.ref.name} (${filter.ref.where}): accepted and walked; what it keeps is not declared (no x-filter): a blind area, its items are not judged`,
    operations: [filter.op],
    mock: PRISM.noFilter,
    warnOnly: filter.choice,
    check: judgeFiltered,
  }),
  filter,
}));

export const filterCombination = defineRule<FilterInput>({
  name: 'filter_combination',
  area: 'filters',
  summary: 'two filters together keep exactly the items both keep',
  operations: LISTS,
  mock: PRISM.noFilter,
  check: judgeFiltered,
});

export interface MediaTypesInput {
  /** The same search in each media type: its first page. */
  answers: Array<{ mediaType: string; count?: number; uuids: string[]; status: number }>;
}

export const mediaTypesAgree = defineRule<MediaTypesInput>({
  name: 'media_types_agree',
  area: 'filters',
  summary: 'the same search sent as JSON, form-urlencoded and multipart finds the same items',
  operations: LISTS.filter((op) => FACTS[op].bodies.length > 1),
  mock: PRISM.noFilter,
  check: ({ answers }) => {
    const ok = answers.filter((a) => isSuccess(a.status));
    if (ok.length < 2) return skip('fewer than two media types answered 2xx; see valid_request_accepted');
    const [reference, ...others] = ok;
    const key = (a: (typeof ok)[number]) => `${a.count} ${a.uuids.join(',')}`;
    const odd = others.find((a) => key(a) !== key(reference!));
    return odd
      ? fail(`${odd.mediaType} found count ${odd.count} (${odd.uuids.length} on page 1), ${reference!.mediaType} count ${reference!.count} (${reference!.uuids.length} on page 1)`, {
          received: { [odd.mediaType]: odd.count },
          expected: { [reference!.mediaType]: reference!.count },
        })
      : pass(`${ok.map((a) => a.mediaType).join(', ')}: count ${reference!.count}, same first page`);
  },
});
