// filters: every published filter of each list, in every form the document gives it (one value,
// repeated values, a code or a name, a bound, a boolean), with values from the deployment's own
// data (the rare ones first, so an ignored filter shows; one with letters beyond ASCII and a
// single word, which must find their own items under any reading; a bound at an item's own value
// and between two items' values, at both ends), a value nothing has and one outside what the
// document describes (nothing found, or a refusal: a lenient filter that skips the value shows),
// every enum value, pairs of filters (phases/filter-pairs.ts), and the search in each of its media
// types. Each filtered list is walked and judged like any list. What each filter keeps is the
// contract's declaration (`x-filter`); one without it is a blind area, said on its line.
import type { OperationId } from '../../generated';
import { proven } from '../cases/classify';
import { samplesFor } from '../cases/values';
import type { JsonSchema } from '../contract/document';
import { textOf, type FilterSemantics } from '../contract/filter-semantics';
import { FACTS, LISTS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { isSuccess, type RequestSpec } from '../engine/request';
import { filterCombination, FILTER_RULES, mediaTypesAgree, type FilterSpec } from '../rules/filters';
import type { Item } from '../engine/walk';
import { BODY_KINDS, filteredRequest, onBase, reference, runTag, seededUuid } from '../runner/fixtures';
import type { Reference } from '../engine/walk';
import type { Run } from '../runner/run';
import { filterPairs } from './filter-pairs';
import { walkAndJudge } from './walks';
import { sendCase, skipWhereNotRun } from './context';
import type { Phase } from './phase';
import type { Rule } from '../rules/define';
import { settle } from '../engine/settle';

const text = textOf;

/** Distinct non-empty values of one field of the items (the `index`th each holds), those absent from the first page first. */
function candidates(ref: Reference, field: (item: Item) => unknown[], index = 0): string[] {
  const firstPage = new Set((ref.walk.pages[0]?.items ?? []).flatMap((item) => field(item).map(text)));
  const all = [...new Set(ref.items.flatMap((item) => text(field(item)[index])).filter(Boolean))].sort();
  return all.sort((a, b) => Number(firstPage.has(a)) - Number(firstPage.has(b)));
}

/** The values a bound is tried with, from the items' own (numbers or dates), rarest side first. */
function boundValues(semantics: FilterSemantics, ref: Reference): string[][] {
  const date = semantics.declaration.field === 'date';
  const own = [...new Set(ref.items.flatMap((item) => semantics.fields(item)).filter((v) => (date ? typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) : typeof v === 'number')))];
  const sorted = (own as Array<number | string>).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (sorted.length === 0) return [];
  const at = (i: number) => sorted[Math.max(0, Math.min(sorted.length - 1, i))]!;
  const [lowest, middle, highest] = [at(0), at(Math.floor(sorted.length / 2)), at(sorted.length - 1)];
  // Between the middle value and its neighbour on the side the bound keeps out: the items on either side of it show both edges.
  const neighbour = semantics.kind === 'at-least' ? at(Math.floor(sorted.length / 2) - 1) : at(Math.floor(sorted.length / 2) + 1);
  const between = date ? dateBetween(String(neighbour), String(middle)) : integerBetween(Number(neighbour), Number(middle), semantics.declaration.value === 'integer');
  // At-least: the highest value (its own items only), then inside; at-most: the lowest first.
  const edge = semantics.kind === 'at-least' ? highest : lowest;
  return [...new Set([edge, middle, between].filter((v) => v !== undefined).map(String))].map((v) => [v]);
}

/** A whole number strictly between two values, or (as a number filter) their midpoint; undefined when none lies between. */
function integerBetween(a: number, b: number, integer: boolean): number | undefined {
  const [low, high] = a < b ? [a, b] : [b, a];
  if (!integer) return low === high ? undefined : (low + high) / 2;
  return high - low >= 2 ? Math.floor((low + high) / 2) : undefined;
}

/** A day strictly between two dates (YYYY-MM-DD), or undefined when they are adjacent. */
function dateBetween(a: string, b: string): string | undefined {
  const [low, high] = [Date.parse(a < b ? a : b), Date.parse(a < b ? b : a)];
  const day = 86_400_000;
  if (!Number.isFinite(low) || !Number.isFinite(high) || high - low < 2 * day) return undefined;
  return new Date(low + Math.floor((high - low) / day / 2) * day).toISOString().slice(0, 10);
}

function enumOf(schema: JsonSchema): string[] | undefined {
  const values = (schema.enum ?? (schema.items as JsonSchema | undefined)?.enum) as unknown[] | undefined;
  return values?.map(String);
}

/** A filter with at most this many distinct values in the list is tried with each. */
const EVERY_VALUE_UP_TO = 6;

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
      // The most common value: what it excludes shows (all of the list, where the list holds no other).
      const frequent = [...counts].filter(([v]) => v).sort((a, b) => b[1] - a[1])[0]?.[0];
      return frequent ? [[frequent]] : [];
    }
    case 'code-or-name': {
      // "code or name": both forms, and a name with letters beyond ASCII.
      const codes = candidates(ref, (item) => { const names = semantics.names(item); return semantics.fields(item).filter((v) => !names.includes(v)); });
      const names = candidates(ref, semantics.names);
      return [...new Set([codes[0], names[0], names.find(beyondAscii)].filter((v): v is string => v !== undefined))].map((v) => [v]);
    }
    case 'at-least':
    case 'at-most':
      return boundValues(semantics, ref);
    case 'exists':
      // Both answers, the rarer first (the items with the field, then those without).
      return ref.items.length ? [['true'], ['false']] : [];
    case 'text': {
      // "search over official code, municipality, district, region or official": a value from each field it covers,
      // one with letters beyond ASCII, and a single word of a longer value.
      const positions = Math.max(0, ...ref.items.map((item) => Math.min(semantics.fields(item).length, TEXT_FIELDS_TRIED)));
      const columns = Array.from({ length: positions }, (_, index) => candidates(ref, semantics.fields, index));
      const word = columns.flat().map(wordsOf).find((words) => words.length > 1)?.sort((a, b) => b.length - a.length)[0];
      return [...new Set([...columns.map((column) => column[0]), columns.flat().find(beyondAscii), word].filter((v): v is string => v !== undefined))].map((v) => [v]);
    }
  }
}

const beyondAscii = (value: string) => /[^\u0000-\u007f]/.test(value);
const wordsOf = (value: string) => value.split(/\s+/).map((word) => word.replace(/^\p{P}+|\p{P}+$/gu, '')).filter((word) => word.length > 0);

/** Each letter and digit moved on by one (`AT` → `BU`, `0261` → `1372`): the same shape, another value. */
const shifted = (value: string) => value.replace(/[a-zA-Z0-9]/g, (c) => ({ z: 'a', Z: 'A', '9': '0' })[c] ?? String.fromCharCode(c.charCodeAt(0) + 1));

/**
 * A value no item has, valid as far as the schema says: the filter finds nothing with it (an
 * exclusion drops nothing), or refuses it (whether a value that names nothing is refused is not
 * published). A lenient filter that skips a value it does not know shows.
 */
function unknownValue(run: Run, filter: FilterSpec, ref: Reference, schema: JsonSchema): string | undefined {
  if (enumOf(schema) || !filter.semantics) return undefined;
  const items = (schema.items ?? schema) as JsonSchema;
  if (items.format === 'uuid') return seededUuid(run, `unknown:${filter.op}:${filter.ref.name}`);
  if (filter.semantics.kind === 'text' || filter.semantics.kind === 'code-or-name') return runTag(run, 'unknown');
  // A bound and a boolean have no value that names nothing; equality on a number: one no item has.
  if (filter.semantics.kind === 'at-least' || filter.semantics.kind === 'at-most' || filter.semantics.kind === 'exists') return undefined;
  const known = new Set(ref.items.flatMap((item) => filter.semantics!.fields(item).map(text).map((v) => v.toLowerCase())));
  return candidates(ref, filter.semantics.fields)
    .map(shifted)
    .find((v) => !known.has(v.toLowerCase()) && filteredRequest(filter.op, [{ ...filter.ref, values: [v] }]).expect === 'accept');
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

/**
 * A value outside what the document describes, where refusing it is optional (a pattern made from
 * prose, a search text past its bound): the filter refuses it or finds nothing, never everything.
 */
function outsideValue(run: Run, filter: FilterSpec, ref: Reference, schema: JsonSchema): { tested: FilterRef; spec: RequestSpec } | undefined {
  const ctx = { tag: runTag(run), references: () => undefined, freshUuid: () => seededUuid(run, `outside:${filter.op}:${filter.ref.name}`) };
  for (const sample of samplesFor((schema.items ?? schema) as JsonSchema, filter.ref.name, ctx, { wire: true, filter: true })) {
    if (sample.intent !== 'refuse') continue;
    const tested = { ...filter.ref, values: [String(sample.value)] };
    const spec = filtered(filter.op, ref, [tested]);
    const proof = proven(spec, 'refuse');
    if (proof.refusalOptional) return { tested, spec: { ...spec, ...proof, purpose: `${spec.purpose} (${sample.label})` } };
  }
  return undefined;
}

/** A value a filter's schema takes (its first valid sample), for a filter whose meaning is not declared. */
function typicalFilterValue(run: Run, schema: JsonSchema): string | undefined {
  const ctx = { tag: runTag(run), references: () => undefined, freshUuid: () => seededUuid(run, 'blind') };
  const sample = samplesFor((schema.items ?? schema) as JsonSchema, 'value', ctx, { wire: true, filter: true }).find((s) => s.intent === 'accept');
  return sample === undefined ? undefined : String(sample.value);
}

/** The list request testing `filters`, on the reference's base. */
const filtered = (op: OperationId, ref: Reference, filters: FilterRef[], mediaType?: string) => filteredRequest(op, onBase(ref, filters).filters, mediaType);

async function singleFilters(run: Run, op: OperationId, ref: Reference): Promise<void> {
  const rules = FILTER_RULES.filter((rule) => rule.filter.op === op);
  await settle(
    rules.map(async (rule) => {
      const { schema, repeated } = schemaOf(rule.filter);
      const sets = valueSets(rule.filter, ref, schema, repeated);
      if (sets.length === 0) {
        if (!rule.filter.semantics) {
          // A blind area: accepted and walked with a value its schema allows, its items not judged (rules/filters.ts says so).
          const value = typicalFilterValue(run, schema);
          if (value === undefined) return run.record(rule, op, { outcome: 'warn', message: `a blind area: the contract declares nothing of what ${rule.filter.ref.name} keeps (no x-filter), and its schema gives no value to send` });
          const filters = [{ ...rule.filter.ref, values: [value] }];
          return walkAndJudge(run, filters, filtered(op, ref, filters), ref);
        }
        return run.skip(rule, [op], `the list as read holds no ${rule.filter.semantics.declaration.reads.join(' or ')} to filter by (${ref.items.length} items read)`);
      }
      const mediaTypes = rule.filter.ref.where === 'body' ? BODY_KINDS.map(([type]) => type) : ['application/json'];
      const unknown = unknownValue(run, rule.filter, ref, schema);
      const nothing = unknown === undefined ? [] : [{ ...rule.filter.ref, values: [unknown] }];
      const outside = outsideValue(run, rule.filter, ref, schema);
      await settle([
        ...sets.flatMap((values, i) =>
          // Each body filter in each media type; an enum's values beyond the first in JSON only.
          mediaTypes.filter((type, m) => m === 0 || i === 0).map((type) => {
            const filters = [{ ...rule.filter.ref, values }];
            return walkAndJudge(run, filters, filtered(op, ref, filters, type), ref);
          }),
        ),
        ...nothing.map((filter) => {
          const spec = filtered(op, ref, [filter]);
          return walkAndJudge(run, [filter], { ...spec, purpose: `${spec.purpose} (a value nothing has)`, expect: 'any' }, ref);
        }),
        ...(outside ? [walkAndJudge(run, [outside.tested], outside.spec, ref)] : []),
      ]);
    }),
  );
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
          filterPairs(run, op, ref),
          ...(FACTS[op].bodies.length > 1 ? [mediaTypes(run, op, ref)] : []),
        ]);
      }),
    );
  },
};
