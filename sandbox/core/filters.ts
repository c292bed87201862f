// The sandbox's reading of every filter kind the contract declares (`x-filter`, generated/): one
// reading per kind, where the suite accepts every reasonable one. Each item's fields are read and
// normalised once per filter at start (the index), so a request only compares. Semantics the
// contract leaves open, and the reading chosen, are listed in sandbox/README.md.
import type { OperationId } from '../../generated';
import { filtersOf, valuesAt, type FilterDeclaration } from '../../protocol/meaning';

/** An item as served (its JSON once), with each filter's fields read and normalised. */
export interface IndexedItem<T = Record<string, unknown>> {
  record: T;
  json: string;
  /** By filter key (`query country_code`, `body name`): the fields it reads, normalised for its kind. */
  reads: ReadonlyMap<string, readonly Normalized[]>;
}

type Normalized = string | number | boolean | null;

export const filterKey = (filter: Pick<FilterDeclaration, 'where' | 'name'>) => `${filter.where} ${filter.name}`;

/** Text compared whatever its case; a text search also without spaces and separators (`CHE-109.322.571` ~ `che109322`). */
const folded = (text: string) => text.toLowerCase();
const searchable = (text: string) => text.toLowerCase().replace(/[\s.\-/]/g, '');

/** A field's value as a filter of this kind compares it; null for what is absent or null. */
function normalise(filter: FilterDeclaration, value: unknown): Normalized {
  if (value === null || value === undefined) return null;
  if (filter.match === 'exists') return !(value === '' || (Array.isArray(value) && value.length === 0));
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value !== 'string') return JSON.stringify(value);
  return filter.match === 'text' ? searchable(value) : filter.field === 'date' ? value : folded(value);
}

/** The fields of an item a filter reads, normalised (an absent `exists` field reads as not present). */
function read(filter: FilterDeclaration, record: unknown): Normalized[] {
  const values = filter.reads.flatMap((path) => valuesAt(record, path)).map((value) => normalise(filter, value));
  return filter.match === 'exists' && values.length === 0 ? [false] : values;
}

/** Every item indexed for every filter of the list that serves it. */
export function indexItems<T extends object>(op: OperationId, records: readonly T[]): Array<IndexedItem<T>> {
  const filters = filtersOf(op);
  return records.map((record) => ({ record, json: JSON.stringify(record), reads: new Map(filters.map((f) => [filterKey(f), read(f, record)])) }));
}

/** A value given to a filter, as its kind compares it. */
function wanted(filter: FilterDeclaration, value: string): Normalized {
  if (filter.value === 'integer' || filter.value === 'number') return Number(value);
  if (filter.value === 'boolean') return value.toLowerCase() === 'true';
  if (filter.match === 'text') return searchable(value);
  return filter.field === 'integer' || filter.field === 'number' ? Number(value) : filter.field === 'boolean' ? value.toLowerCase() === 'true' : filter.value === 'date' ? value : folded(value);
}

type Keep = (fields: readonly Normalized[]) => boolean;

/** A field equal to one of the values (text already folded). */
const anyEqual = (values: Normalized[]): Keep => (fields) => fields.some((field) => field !== null && values.includes(field));

/** The one reading of each kind, over the values given (already without empty ones). */
const READINGS: Record<FilterDeclaration['match'], (filter: FilterDeclaration, values: Normalized[]) => Keep> = {
  equals: (_f, values) => anyEqual(values),
  excludes: (_f, values) => (fields) => !anyEqual(values)(fields),
  // A code or a name: the fields read hold both, each compared whole.
  'code-or-name': (_f, values) => anyEqual(values),
  text: (_f, values) => (fields) => values.every((value) => fields.some((field) => typeof field === 'string' && field.includes(String(value)))),
  // A bound keeps items whose field lies within it; a null field only where the contract says so (the sandbox's choice otherwise: not kept).
  'at-least': (f, values) => (fields) => within(f, fields, (field) => values.every((v) => v !== null && field >= v)),
  'at-most': (f, values) => (fields) => within(f, fields, (field) => values.every((v) => v !== null && field <= v)),
  exists: (_f, values) => (fields) => fields.some((field) => field === true) === values[values.length - 1],
};

function within(filter: FilterDeclaration, fields: readonly Normalized[], holds: (field: string | number | boolean) => boolean): boolean {
  const present = fields.filter((field): field is string | number | boolean => field !== null);
  return present.length === 0 ? filter.nulls === 'included' : present.some(holds);
}

/**
 * The test one filter makes of an indexed item, from the values a request gives it: a repeated
 * parameter keeps any of its values (an exclusion: none of them), a single one reads its last
 * value (as Django's QueryDict.get does).
 */
export function filterTest(filter: FilterDeclaration, given: readonly string[]): (item: IndexedItem<unknown>) => boolean {
  const values = (filter.repeated ? given : given.slice(-1)).map((value) => wanted(filter, value));
  const keep = READINGS[filter.match](filter, values);
  const key = filterKey(filter);
  return (item) => keep(item.reads.get(key) ?? []);
}
