// What each filter keeps, as the contract declares it (`x-filter`, generated/: the fields of the
// item it reads and how it compares), judged under every reasonable reading: one judging function
// per declared kind. A filter the contract declares nothing of has no semantics here: it is a
// blind area (rules/filters.ts says so on its line), never judged as if it were known.
import type { FilterMatch, OperationId } from '../../generated';
import { filtersOf, valuesAt, type FilterDeclaration } from '../../protocol/meaning';
import { beyondDoubt, matchText, type Comparison, type Grade, type Matched } from './matching';

export type { Grade, Matched } from './matching';

export type Item = Record<string, unknown>;

export type MatchKind = FilterMatch;

export interface FilterSemantics {
  kind: MatchKind;
  declaration: FilterDeclaration;
  /** The item's values the filter compares with. */
  fields(item: Item): unknown[];
  /** code-or-name: the item's names (the codes are the other fields). */
  names(item: Item): unknown[];
  /** The published words it rests on. */
  published: string;
}

/** A value as filters compare it: text as it is, numbers and booleans as JSON writes them. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '');

const semantics = new Map<FilterDeclaration, FilterSemantics>();

/** The judging view of a declared filter (one per declaration). */
export function semanticsOf(declaration: FilterDeclaration): FilterSemantics {
  let known = semantics.get(declaration);
  if (!known) {
    const names = declaration.names ?? [];
    // An item's fields are read once per filter (the same items are graded many times a run).
    const read = new WeakMap<Item, unknown[]>();
    known = {
      kind: declaration.match,
      declaration,
      fields: (item) => {
        let values = read.get(item);
        if (!values) read.set(item, (values = declaration.reads.flatMap((path) => valuesAt(item, path))));
        return values;
      },
      names: (item) => names.flatMap((path) => valuesAt(item, path)),
      published: declaration.words,
    };
    semantics.set(declaration, known);
  }
  return known;
}

/** The semantics of an operation's filter, by where it is given and its name; undefined: not declared (a blind area). */
export function filterSemantics(op: OperationId, where: 'query' | 'body', name: string): FilterSemantics | undefined {
  const declaration = filtersOf(op).find((f) => f.where === where && f.name === name);
  return declaration && semanticsOf(declaration);
}

/** Text kinds compare under the readings of contract/matching.ts; the others by the field's type. */
const COMPARISON: Partial<Record<MatchKind, Comparison>> = { equals: 'exact', excludes: 'exact', 'code-or-name': 'name', text: 'search' };

/** The text kinds' fields compare as text; an equality on a number or boolean field compares values. */
const byText = (s: FilterSemantics) => COMPARISON[s.kind] !== undefined && (s.kind === 'text' || s.kind === 'code-or-name' || ['string', 'uuid', 'date'].includes(s.declaration.field));

const texts = new WeakMap<Item, Map<FilterSemantics, string[]>>();

/** An item's non-empty text values for a filter (computed once per item). */
function fieldsOf(semantics: FilterSemantics, item: Item): string[] {
  let bySemantics = texts.get(item);
  if (!bySemantics) texts.set(item, (bySemantics = new Map()));
  let fields = bySemantics.get(semantics);
  if (!fields) bySemantics.set(semantics, (fields = semantics.fields(item).map(textOf).filter((field) => field.trim() !== '')));
  return fields;
}

/** A number or a date as the bound compares it; undefined for what is no such value. */
function ordered(semantics: FilterSemantics, value: unknown): number | string | undefined {
  if (semantics.declaration.field === 'date') return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Whether the field is there: present, not null, not empty (an empty text or list). */
const present = (value: unknown) => value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

const BOOLEAN: Record<string, boolean> = { true: true, false: false };

/**
 * How a bound or an `exists` fares: `match` (kept, as declared), `none` (never kept), or — for an
 * item whose field is null or absent where the contract does not say what happens to it — `open`:
 * either answer is correct, so it may be kept but need not be.
 */
function decided(semantics: FilterSemantics, values: string[], item: Item): 'match' | 'none' | 'open' {
  const fields = semantics.fields(item);
  if (semantics.kind === 'exists') {
    const wanted = BOOLEAN[values[values.length - 1]!.trim().toLowerCase()];
    if (wanted === undefined) return 'none';
    return fields.some(present) === wanted ? 'match' : 'none';
  }
  const bounds = values.map((v) => ordered(semantics, v));
  const own = fields.map((f) => ordered(semantics, f)).filter((f) => f !== undefined);
  if (own.length === 0) {
    const nulls = semantics.declaration.nulls;
    return nulls === 'included' ? 'match' : nulls === 'excluded' ? 'none' : 'open';
  }
  if (bounds.some((b) => b === undefined)) return 'none';
  const holds = (field: number | string, bound: number | string) => (semantics.kind === 'at-least' ? field >= bound : field <= bound);
  return own.some((field) => bounds.every((bound) => holds(field!, bound!))) ? 'match' : 'none';
}

/** An equality on a number or boolean field: the values as numbers or booleans. */
function sameValue(semantics: FilterSemantics, value: string, field: unknown): boolean {
  if (typeof field === 'boolean') return BOOLEAN[value.trim().toLowerCase()] === field;
  if (typeof field === 'number') return value.trim() !== '' && Number(value) === field;
  return textOf(field) === value;
}

/**
 * How an item fares under a filter with these values, under every reasonable reading
 * (contract/matching.ts): any value may match (a repeated parameter is OR); an excluding filter
 * keeps what no value matches exactly; a bound keeps what lies within it (an item whose field is
 * null where the contract does not say: a match, it may be kept).
 */
export function matchItem(semantics: FilterSemantics, values: string[], item: Item): Matched {
  if (semantics.kind === 'at-least' || semantics.kind === 'at-most' || semantics.kind === 'exists') {
    return { grade: decided(semantics, values, item) === 'none' ? 'none' : 'match' };
  }
  if (!byText(semantics)) {
    const hit = values.some((value) => semantics.fields(item).some((field) => sameValue(semantics, value, field)));
    return { grade: hit === (semantics.kind === 'excludes') ? 'none' : 'match' };
  }
  const fields = fieldsOf(semantics, item);
  const comparison = COMPARISON[semantics.kind]!;
  const each = values.map((value) => matchText(comparison, value, fields));
  if (semantics.kind === 'excludes') return { grade: each.some((m) => m.grade === 'match') ? 'none' : 'match' };
  return each.find((m) => m.grade === 'match') ?? each.find((m) => m.grade === 'partial') ?? { grade: 'none' };
}

export const grade = (semantics: FilterSemantics, values: string[], item: Item): Grade => matchItem(semantics, values, item).grade;

/** Whether an item must be in the result under any reading: a field is exactly the value (taken from the deployment's own data), or within the bound. */
export function mustInclude(semantics: FilterSemantics, values: string[], item: Item): boolean {
  if (semantics.kind === 'at-least' || semantics.kind === 'at-most' || semantics.kind === 'exists') return decided(semantics, values, item) === 'match';
  if (semantics.kind === 'excludes' || !byText(semantics)) return grade(semantics, values, item) === 'match';
  const fields = fieldsOf(semantics, item);
  return values.some((value) => beyondDoubt(COMPARISON[semantics.kind]!, value, fields));
}

/**
 * Whether an item no reading explains is a published violation. A text search may match more
 * than any reading here (stemming, every word on its own, fuzziness): an item it keeps that
 * does not match only warns; a search that ignored its text fails (rules/filters.ts).
 */
export const strict = (semantics: FilterSemantics) => semantics.kind !== 'text';

