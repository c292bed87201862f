// What each published filter means for the items it keeps, from the prose of the published
// document (the one contract fact a schema cannot carry). A filter without an entry is still
// exercised (valid values accepted, invalid refused, its walk judged); only its items are not.
import type { OperationId } from '../../generated';
import { isObject } from '../engine/request';

export type Item = Record<string, unknown>;

/**
 * equals: an item has the value in one of the fields (case-insensitive); a repeated parameter
 * keeps items with any of its values. excludes: no field has any value. codeOrName: equal to a
 * code or a name ("district code or name"); a substring match only warns, since exact or
 * substring matching is not published. text: a search over the fields; an item that does not
 * contain the text only warns (the search's matching rule is not published), a search that
 * evidently ignored the text fails.
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

export type Grade = 'match' | 'partial' | 'none';

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase().replace(/\s+/g, ' ').trim() : '');

const normalised = new WeakMap<Item, Map<FilterSemantics, string[]>>();

/** An item's values for a filter, lower-cased with whitespace collapsed (computed once per item). */
function fieldsOf(semantics: FilterSemantics, item: Item): string[] {
  let bySemantics = normalised.get(item);
  if (!bySemantics) normalised.set(item, (bySemantics = new Map()));
  let fields = bySemantics.get(semantics);
  if (!fields) bySemantics.set(semantics, (fields = semantics.fields(item).map(lower).filter((field) => field !== '')));
  return fields;
}

/** How an item fares under a filter with these values (any value may match: a repeated parameter is OR). */
export function grade(semantics: FilterSemantics, values: string[], item: Item): Grade {
  const fields = fieldsOf(semantics, item);
  const wanted = values.map(lower);
  const equal = wanted.some((v) => fields.includes(v));
  switch (semantics.kind) {
    case 'equals':
      return equal ? 'match' : 'none';
    case 'excludes':
      return equal ? 'none' : 'match';
    case 'codeOrName':
      return equal ? 'match' : wanted.some((v) => fields.some((f) => f.includes(v))) ? 'partial' : 'none';
    case 'text':
      return wanted.some((v) => fields.some((f) => f.includes(v))) ? 'match' : 'none';
  }
}

/** Whether an item must be in the result: it matches beyond doubt (for a text search: a field equals the text). */
export function mustInclude(semantics: FilterSemantics, values: string[], item: Item): boolean {
  if (semantics.kind === 'text') {
    const fields = fieldsOf(semantics, item);
    return values.map(lower).some((v) => fields.includes(v));
  }
  return grade(semantics, values, item) === 'match';
}

/** Whether a non-matching item in the result is a published violation (else only a warning). */
export const strict = (semantics: FilterSemantics) => semantics.kind !== 'text';
