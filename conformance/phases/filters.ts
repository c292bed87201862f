// filters: every published filter of each list, in every form the document gives it (one value,
// repeated values, a code or a name), with values from the deployment's own data (the rare ones
// first, so an ignored filter shows), every enum value, pairs of filters, and the search in each
// of its media types. Each filtered list is walked and judged like any list.
import type { OperationId } from '../../generated';
import { proven } from '../cases/classify';
import type { JsonSchema } from '../contract/document';
import { FACTS, LISTS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { isSuccess } from '../engine/request';
import { grade } from '../contract/filter-semantics';
import { filterCombination, FILTER_RULES, mediaTypesAgree, type FilterSpec } from '../rules/filters';
import type { Item } from '../engine/walk';
import { BODY_KINDS, filteredRequest, onBase, reference, seededShuffle } from '../runner/fixtures';
import type { Reference } from '../engine/walk';
import type { Run } from '../runner/run';
import { walkAndJudge } from './walks';
import { sendCase, skipWhereNotRun } from './context';
import type { Phase } from './phase';
import type { Rule } from '../rules/define';
import { settle } from '../engine/settle';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Distinct non-empty values of one field of the items, those absent from the first page first. */
function candidates(ref: Reference, field: (item: Item) => unknown[], index = 0): string[] {
  const firstPage = new Set((ref.walk.pages[0]?.items ?? []).flatMap((item) => field(item).map(text)));
  const all = [...new Set(ref.items.flatMap((item) => text(field(item)[index])).filter(Boolean))].sort();
  return all.sort((a, b) => Number(firstPage.has(a)) - Number(firstPage.has(b)));
}

function enumOf(schema: JsonSchema): string[] | undefined {
  const values = (schema.enum ?? (schema.items as JsonSchema | undefined)?.enum) as unknown[] | undefined;
  return values?.map(String);
}

/** A filter with at most this many distinct values in the list is tried with each. */
const EVERY_VALUE_UP_TO = 6;

/** Pairs of filters tried at least (discriminating ones first). */
const MIN_PAIRS = 3;

/** A text search is tried with a value from each of its first fields (the officials' names come after the codes and names). */
const TEXT_FIELDS_TRIED = 7;

/** The value sets a filter is tried with. */
function valueSets(filter: FilterSpec, ref: Reference, schema: JsonSchema, repeated: boolean): string[][] {
  const listed = enumOf(schema);
  if (listed) return listed.map((v) => [v]);
  const semantics = filter.semantics;
  if (!semantics) return [];
  const values = candidates(ref, semantics.fields);
  switch (semantics.kind) {
    case 'equals': {
      // Few values (countries, type codes): each of them; many (codes, UUIDs): the rarest and the most common.
      const singles = values.length <= EVERY_VALUE_UP_TO ? values : [values[0]!, values[values.length - 1]!];
      // A value inside others (type code `G` in `SG` and `MG`): a match by substring or prefix shows.
      const inside = values.find((v) => !singles.includes(v) && values.some((other) => other !== v && other.toLowerCase().includes(v.toLowerCase())));
      if (inside) singles.push(inside);
      return [...singles.map((v) => [v]), ...(repeated && values.length > 1 ? [values.slice(0, 2)] : [])];
    }
    case 'excludes': {
      const counts = new Map<string, number>();
      for (const item of ref.items) for (const v of semantics.fields(item).map(text)) counts.set(v, (counts.get(v) ?? 0) + 1);
      const frequent = [...counts].filter(([v]) => v).sort((a, b) => b[1] - a[1])[0]?.[0];
      return frequent && counts.size > 1 ? [[frequent]] : [];
    }
    case 'codeOrName':
      // "code or name": both forms, from the same item.
      return [values.slice(0, 1), candidates(ref, semantics.fields, 1).slice(0, 1)].filter((v) => v.length > 0);
    case 'text': {
      // "search over official code, municipality, district, region or official": a value from each field it covers.
      const positions = Math.max(0, ...ref.items.map((item) => Math.min(semantics.fields(item).length, TEXT_FIELDS_TRIED)));
      const perField = Array.from({ length: positions }, (_, index) => candidates(ref, semantics.fields, index)[0]).filter((v): v is string => v !== undefined);
      return [...new Set(perField)].map((v) => [v]);
    }
  }
}

function schemaOf(filter: FilterSpec): { schema: JsonSchema; repeated: boolean } {
  const facts = FACTS[filter.op];
  if (filter.ref.where === 'query') {
    const p = facts.parameters.find((param) => param.in === 'query' && param.name === filter.ref.name)!;
    return { schema: p.schema, repeated: p.repeated };
  }
  const json = facts.bodies.find((b) => b.mediaType === 'application/json')!;
  return { schema: ((json.schema.properties ?? {}) as Record<string, JsonSchema>)[filter.ref.name]!, repeated: false };
}

/** The list request testing `filters`, on the reference's base. */
const filtered = (op: OperationId, ref: Reference, filters: FilterRef[], mediaType?: string) => filteredRequest(op, onBase(ref, filters).filters, mediaType);

async function singleFilters(run: Run, op: OperationId, ref: Reference): Promise<void> {
  const rules = FILTER_RULES.filter((rule) => rule.filter.op === op);
  await settle(
    rules.map(async (rule) => {
      const { schema, repeated } = schemaOf(rule.filter);
      const sets = valueSets(rule.filter, ref, schema, repeated);
      if (sets.length === 0) return run.skip(rule, [op], 'the list as read holds no value to filter by');
      const mediaTypes = rule.filter.ref.where === 'body' ? BODY_KINDS.map(([type]) => type) : ['application/json'];
      await settle(
        sets.flatMap((values, i) =>
          // Each body filter in each media type; an enum's values beyond the first in JSON only.
          mediaTypes.filter((type, m) => m === 0 || i === 0).map((type) => {
            const filters = [{ ...rule.filter.ref, values }];
            return walkAndJudge(run, filters, filtered(op, ref, filters, type), ref);
          }),
        ),
      );
    }),
  );
}

/**
 * Pairs of filters whose values come from one item (for an excluding filter, a value the item
 * does not have): the item must be found, and only what both keep. For every pair of filters,
 * values where each drops something the other keeps, so a deployment that applies only one of
 * them (whichever pair it is) shows it.
 */
async function combinations(run: Run, op: OperationId, ref: Reference): Promise<void> {
  const usable = FILTER_RULES.filter((rule) => rule.filter.op === op && rule.filter.semantics && !rule.filter.choice);
  if (usable.length < 2 || ref.items.length === 0) return run.skip(filterCombination, [op], 'fewer than two published filters or no items to take values from');
  const keptBy = new Map<string, Set<Item>>();
  const kept = (rule: (typeof usable)[number], value: string) => {
    const key = `${rule.name}\u0000${value}`;
    let set = keptBy.get(key);
    if (!set) keptBy.set(key, (set = new Set(ref.items.filter((item) => grade(rule.filter.semantics!, [value], item) !== 'none'))));
    return set;
  };
  const listed = new Map<string, string[]>();
  const valuesInList = (rule: (typeof usable)[number]) => {
    if (!listed.has(rule.name)) listed.set(rule.name, [...new Set(ref.items.flatMap((item) => rule.filter.semantics!.fields(item).map(text)))].filter(Boolean));
    return listed.get(rule.name)!;
  };
  // Values the item passes with certainty: its own, or for an excluding filter those it does not have.
  const values = (rule: (typeof usable)[number], item: Item) => {
    const own = [...new Set(rule.filter.semantics!.fields(item).map(text).filter(Boolean))];
    return (rule.filter.semantics!.kind === 'excludes' ? valuesInList(rule).filter((v) => !own.includes(v)) : own).slice(0, 3);
  };
  const candidates: Array<{ filters: FilterRef[]; discriminating: boolean }> = [];
  // Every pair of filters over the values of a sample of items: a few thousand counts over the list read.
  for (const item of ref.items.slice(0, 40)) {
    for (const [i, a] of usable.entries()) {
      for (const b of usable.slice(i + 1)) {
        for (const va of values(a, item)) {
          for (const vb of values(b, item)) {
            const [ka, kb] = [kept(a, va), kept(b, vb)];
            let both = 0;
            for (const x of ka) if (kb.has(x)) both += 1;
            candidates.push({ filters: [{ ...a.filter.ref, values: [va] }, { ...b.filter.ref, values: [vb] }], discriminating: both < ka.size && both < kb.size });
          }
        }
      }
    }
  }
  // One discriminating pair of values for every pair of filters that has one (a deployment may drop
  // one filter only when another is given), then the others up to MIN_PAIRS.
  const shuffled = seededShuffle(run, `combinations:${op}`, candidates);
  const pairOf = (c: (typeof candidates)[number]) => c.filters.map((f) => f.name).join('\u0000');
  const perPair = new Map<string, (typeof candidates)[number]>();
  for (const c of shuffled) if (c.discriminating && !perPair.has(pairOf(c))) perPair.set(pairOf(c), c);
  const chosen = [...perPair.values(), ...shuffled.filter((c) => !c.discriminating)].slice(0, Math.max(perPair.size, MIN_PAIRS));
  await settle(chosen.map(({ filters }) => walkAndJudge(run, filters, filtered(op, ref, filters), ref)));
}

/** The same search in every media type the operation accepts. */
async function mediaTypes(run: Run, op: OperationId, ref: Reference): Promise<void> {
  const byName = FILTER_RULES.find((rule) => rule.filter.op === op && rule.filter.ref.where === 'body' && rule.filter.semantics?.kind === 'text');
  const value = byName && candidates(ref, byName.filter.semantics!.fields)[0];
  if (!byName || !value) return run.skip(mediaTypesAgree, [op], 'no text to search for in the list as read');
  const filters = [{ ...byName.filter.ref, values: [value] }];
  const answers = await settle(
    BODY_KINDS.map(async ([mediaType]) => {
      const x = await sendCase(run, filtered(op, ref, filters, mediaType));
      const body = x?.json as { count?: number; results?: Item[] } | undefined;
      return { mediaType, status: x?.status ?? 0, count: body?.count, uuids: x && isSuccess(x.status) ? (body?.results ?? []).map((item) => text(item.uuid)) : [] };
    }),
  );
  run.judge(mediaTypesAgree, { answers }, op);
}

export const filters: Phase = {
  area: 'filters',
  name: 'every published filter, alone, repeated and combined',
  async run(run) {
    if (skipWhereNotRun(run, [...FILTER_RULES, filterCombination, mediaTypesAgree] as Array<Rule<never>>)) return;
    await settle(
      LISTS.map(async (op) => {
        const ref = await reference(run, op);
        if (!isSuccess(ref.walk.pages[0]?.x.status ?? 0)) {
          const reason = `the unfiltered list answered ${ref.walk.pages[0]?.x.status}, and none of the ${ref.tried ?? 0} bases tried (listed values of its filters, fragments of its text filters: characters, first letters, words of other lists) answered with items; give a search that finds results as "search" in conformance.config.json`;
          for (const rule of FILTER_RULES.filter((r) => r.filter.op === op)) run.skip(rule, [op], reason);
          run.skip(filterCombination, [op], reason);
          if (FACTS[op].bodies.length > 1) run.skip(mediaTypesAgree, [op], reason);
          return;
        }
        await settle([
          singleFilters(run, op, ref),
          combinations(run, op, ref),
          ...(FACTS[op].bodies.length > 1 ? [mediaTypes(run, op, ref)] : []),
        ]);
      }),
    );
  },
};
