// What each published filter means for the items it keeps, from the prose of the published
// document (the one contract fact a schema cannot carry). A filter without an entry is still
// exercised (valid values accepted, invalid refused, its walk judged); only its items are not.
import type { OperationId } from '../../generated';
import { isObject } from '../engine/request';
import { beyondDoubt, matchText, type Comparison, type Grade, type Matched } from './matching';

export type { Grade, Matched } from './matching';

export type Item = Record<string, unknown>;

/**
 * equals: an item has the value in one of the fields, exactly (whatever its case: codes and
 * UUIDs); a repeated parameter keeps items with any of its values. excludes: no field has any
 * value. codeOrName: equal to a code or a name ("district code or name"); a match that only a
 * looser reading explains (a prefix, a substring, diacritics folded) only warns, since how names
 * are compared is not published. text: a search over the fields, as a substring; a looser
 * reading only warns, an item no reading explains only warns (the search's matching rule is not
 * published), a search that evidently ignored the text fails.
 */
export type MatchKind = 'equals' | 'excludes' | 'codeOrName' | 'text';

export interface FilterSemantics {
  kind: MatchKind;
  /** The item's values the filter compares with. */
  fields(item: Item): unknown[];
  /** The published words it rests on. */
  published: string;
}

const officials = (item: Item): Item[] => (Array.isArray(item.officials) ? item.officials.filter(isObject) : []);

export const FILTER_SEMANTICS: Partial<Record<OperationId, Record<string, FilterSemantics>>> = {
  municipalitiesList: {
    country_code: { kind: 'equals', fields: (m) => [m.country_code], published: 'ISO 3166-1 alpha-2 country codes' },
    country_code_exclude: { kind: 'excludes', fields: (m) => [m.country_code], published: 'excluded country codes' },
    district: { kind: 'codeOrName', fields: (m) => [m.district_code, m.district_name], published: 'district code or name' },
    official_code: { kind: 'equals', fields: (m) => [m.official_code], published: 'official municipality codes' },
    official_role: { kind: 'equals', fields: (m) => officials(m).map((o) => o.relationship_type), published: 'current municipal role' },
    q: {
      kind: 'text',
      fields: (m) => [m.name, m.official_code, m.district_code, m.district_name, m.state_code, m.state_name, ...officials(m).flatMap((o) => [o.full_name, o.first_name, o.last_name])],
      published: 'search over official code, municipality, district, region or official',
    },
    state: { kind: 'codeOrName', fields: (m) => [m.state_code, m.state_name], published: 'state or region code or name' },
    status: { kind: 'equals', fields: (m) => [m.status], published: 'national municipality type code' },
    uuid: { kind: 'equals', fields: (m) => [m.uuid], published: 'municipality UUIDs' },
  },
  companiesSearch: {
    name: { kind: 'text', fields: (c) => [c.name], published: 'searched by name' },
    registration_number: { kind: 'text', fields: (c) => [c.registration_number], published: 'searched by local registry number' },
    status: { kind: 'equals', fields: (c) => [c.status], published: 'company status values' },
    country: { kind: 'equals', fields: (c) => [c.country], published: 'a country filter by country code (AT, DE, CH and others)' },
  },
};

const COMPARISON: Record<MatchKind, Comparison> = { equals: 'exact', excludes: 'exact', codeOrName: 'name', text: 'search' };

const texts = new WeakMap<Item, Map<FilterSemantics, string[]>>();

/** An item's non-empty text values for a filter (computed once per item). */
function fieldsOf(semantics: FilterSemantics, item: Item): string[] {
  let bySemantics = texts.get(item);
  if (!bySemantics) texts.set(item, (bySemantics = new Map()));
  let fields = bySemantics.get(semantics);
  if (!fields) bySemantics.set(semantics, (fields = semantics.fields(item).filter((field): field is string => typeof field === 'string' && field.trim() !== '')));
  return fields;
}

/**
 * How an item fares under a filter with these values, under every reasonable reading
 * (contract/matching.ts): any value may match (a repeated parameter is OR); an excluding filter
 * keeps what no value matches exactly.
 */
export function matchItem(semantics: FilterSemantics, values: string[], item: Item): Matched {
  const fields = fieldsOf(semantics, item);
  const comparison = COMPARISON[semantics.kind];
  const each = values.map((value) => matchText(comparison, value, fields));
  if (semantics.kind === 'excludes') return { grade: each.some((m) => m.grade === 'match') ? 'none' : 'match' };
  return each.find((m) => m.grade === 'match') ?? each.find((m) => m.grade === 'partial') ?? { grade: 'none' };
}

export const grade = (semantics: FilterSemantics, values: string[], item: Item): Grade => matchItem(semantics, values, item).grade;

/** Whether an item must be in the result under any reading: a field is exactly the value (taken from the deployment's own data). */
export function mustInclude(semantics: FilterSemantics, values: string[], item: Item): boolean {
  if (semantics.kind === 'excludes') return grade(semantics, values, item) === 'match';
  const fields = fieldsOf(semantics, item);
  return values.some((value) => beyondDoubt(COMPARISON[semantics.kind], value, fields));
}

/**
 * Whether an item no reading explains is a published violation. A text search may match more
 * than any reading here (stemming, every word on its own, fuzziness): an item it keeps that
 * does not match only warns; a search that ignored its text fails (rules/filters.ts).
 */
export const strict = (semantics: FilterSemantics) => semantics.kind !== 'text';
