// Filter rules as data: how each published municipality filter takes its values from a sample
// of the list, and what an item must satisfy to match. Values are chosen so that an ignored
// filter shows: preferably one that does not occur on the unfiltered first page.
import { isObject } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';

export type Item = Record<string, unknown>;
/** match: satisfies the filter; partial: only a looser reading of it (e.g. substring); none: violates it. */
export type Match = 'match' | 'partial' | 'none';

export interface Sample {
  /** Every distinct item the walk saw. */
  all: Item[];
  /** The unfiltered first page. */
  firstPage: Item[];
}

export interface FilterCase {
  query: Array<[string, string]>;
  match(item: Item): Match;
  /** Exactly these UUIDs must come back (the uuid filter). */
  exactly?: string[];
}

export interface MunicipalityFilter {
  rule: string;
  pick(sample: Sample): FilterCase | undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const lower = (value: unknown) => text(value).toLowerCase();
const officials = (item: Item): Item[] => (Array.isArray(item.officials) ? item.officials.filter(isObject) : []);

/** Distinct non-empty values, the ones absent from the first page first, then the rarest there. */
export function candidates(sample: Sample, values: (item: Item) => string[]): string[] {
  const onFirst = new Map<string, number>();
  for (const item of sample.firstPage) for (const value of values(item)) onFirst.set(value, (onFirst.get(value) ?? 0) + 1);
  const all = [...new Set(sample.all.flatMap(values).filter((value) => value.length > 0))].sort();
  return all.sort((a, b) => (onFirst.get(a) ?? 0) - (onFirst.get(b) ?? 0));
}

/** Equal (case-insensitive) to one of the fields: match; contained in one: partial. */
export function codeOrName(value: string, fields: unknown[]): Match {
  const v = value.toLowerCase();
  if (fields.some((field) => lower(field) === v)) return 'match';
  return fields.some((field) => lower(field).includes(v)) ? 'partial' : 'none';
}

const one = (name: string, value: string): Array<[string, string]> => [[name, value]];

/** The longest word of a name (at least 4 letters), so word-based and substring search agree. */
export function searchWord(name: string): string {
  const words = name.split(/[\s,.()/&-]+/).filter((word) => word.length >= 4);
  return words.sort((a, b) => b.length - a.length)[0] ?? name;
}

export const MUNICIPALITY_FILTERS: MunicipalityFilter[] = [
  {
    rule: 'filter_country_code',
    pick: (sample) => {
      const [code] = candidates(sample, (item) => [text(item.country_code)]);
      return code === undefined ? undefined : { query: one('country_code', code), match: (item) => (lower(item.country_code) === code.toLowerCase() ? 'match' : 'none') };
    },
  },
  {
    rule: 'filter_country_code_exclude',
    pick: (sample) => {
      // The code most frequent on the first page: excluding it must change that page.
      const codes = candidates(sample, (item) => [text(item.country_code)]);
      const code = codes.pop();
      // With a single country in the sample, excluding it would rightly leave nothing to judge.
      return code === undefined || codes.length === 0 ? undefined : { query: one('country_code_exclude', code), match: (item) => (lower(item.country_code) === code.toLowerCase() ? 'none' : 'match') };
    },
  },
  {
    rule: 'filter_district',
    pick: (sample) => {
      const [code] = candidates(sample, (item) => [text(item.district_code)]);
      return code === undefined ? undefined : { query: one('district', code), match: (item) => codeOrName(code, [item.district_code, item.district_name]) };
    },
  },
  {
    rule: 'filter_state',
    pick: (sample) => {
      const [code] = candidates(sample, (item) => [text(item.state_code)]);
      return code === undefined ? undefined : { query: one('state', code), match: (item) => codeOrName(code, [item.state_code, item.state_name]) };
    },
  },
  {
    rule: 'filter_official_code',
    pick: (sample) => {
      const codes = candidates(sample, (item) => [text(item.official_code)]).slice(0, 2);
      if (codes.length === 0) return undefined;
      return { query: codes.map((code) => ['official_code', code] as [string, string]), match: (item) => (codes.includes(text(item.official_code)) ? 'match' : 'none') };
    },
  },
  {
    rule: 'filter_official_role',
    pick: (sample) => {
      const roles = new Set(['mayor', 'vice_mayor', 'municipal_office_director', 'municipal_councillor', 'municipal_official']);
      const [role] = candidates(sample, (item) => officials(item).map((o) => text(o.relationship_type)).filter((r) => roles.has(r)));
      return role === undefined
        ? undefined
        : { query: one('official_role', role), match: (item) => (officials(item).some((o) => o.relationship_type === role) ? 'match' : 'none') };
    },
  },
  {
    rule: 'filter_q',
    pick: (sample) => {
      const [name] = candidates(sample, (item) => [text(item.name)]);
      if (name === undefined) return undefined;
      const word = searchWord(name).toLowerCase();
      const fields = (item: Item) => [
        item.official_code, item.name, item.district_code, item.district_name, item.state_code, item.state_name,
        ...officials(item).flatMap((o) => [o.full_name, o.first_name, o.last_name]),
      ];
      return { query: one('q', word), match: (item) => (fields(item).some((field) => lower(field).includes(word)) ? 'match' : 'none') };
    },
  },
  {
    rule: 'filter_status',
    pick: (sample) => {
      const [status] = candidates(sample, (item) => [text(item.status)]);
      return status === undefined ? undefined : { query: one('status', status), match: (item) => (item.status === status ? 'match' : 'none') };
    },
  },
  {
    rule: 'filter_uuid',
    pick: (sample) => {
      const ids = candidates(sample, (item) => [text(item.uuid)]).slice(0, 2);
      if (ids.length === 0) return undefined;
      return { query: ids.map((id) => ['uuid', id] as [string, string]), match: (item) => (ids.includes(text(item.uuid)) ? 'match' : 'none'), exactly: ids };
    },
  },
];

const describe = (query: Array<[string, string]>) => query.map(([name, value]) => `${name}=${value}`).join('&');

/** The verdict on one filtered page: every item matches, something was found, and no more than unfiltered. */
export function judgeFiltered(
  filter: FilterCase,
  page: { count?: number; items: Item[] },
  unfilteredCount: number | undefined,
): Verdict {
  const q = describe(filter.query);
  const offender = page.items.findIndex((item) => filter.match(item) === 'none');
  if (offender >= 0) {
    const item = page.items[offender]!;
    return fail(`${q}: item ${offender} (${text(item.uuid)}, "${text(item.name)}") does not match the filter`);
  }
  if (page.count === 0 || page.items.length === 0) return fail(`${q}: nothing found, though the unfiltered list holds a matching item`);
  if (filter.exactly) {
    const got = page.items.map((item) => text(item.uuid)).sort().join(', ');
    const want = [...filter.exactly].sort().join(', ');
    if (got !== want) return fail(`${q}: expected exactly ${want}, got ${got}`);
  }
  if (page.count !== undefined && unfilteredCount !== undefined && page.count > unfilteredCount) {
    return fail(`${q}: count ${page.count} exceeds the unfiltered count ${unfilteredCount}`);
  }
  const partial = page.items.filter((item) => filter.match(item) === 'partial').length;
  if (partial > 0) return warn(`${q}: ${partial} item(s) match only as a substring (exact or substring matching is not published)`);
  return pass(`${q}: ${page.items.length} item(s) on page 1, all matching (count ${page.count})`);
}

/** Text search over companies: a result that does not contain the text is suspect, a search that ignored it is wrong. */
export function judgeTextSearch(
  field: 'name' | 'registration_number',
  value: string,
  page: { count?: number; items: Item[] },
  unfilteredCount: number | undefined,
): Verdict {
  const v = value.toLowerCase().replace(/\s+/g, ' ');
  const misses = page.items.filter((item) => !lower(item[field]).replace(/\s+/g, ' ').includes(v));
  if (page.items.length === 0) return fail(`${field}="${value}": nothing found, though a company with that ${field} is in the unfiltered results`);
  if (misses.length === 0) return pass(`${field}="${value}": ${page.items.length} result(s), all containing it`);
  const first = misses[0]!;
  const detail = `${misses.length} of ${page.items.length} result(s) do not contain it (e.g. ${text(first.uuid)} "${text(first[field])}")`;
  if (page.count !== undefined && unfilteredCount !== undefined && page.count >= unfilteredCount) {
    return fail(`${field}="${value}": the search ignored it: count ${page.count} equals the unfiltered count and ${detail}`);
  }
  return warn(`${field}="${value}": ${detail}; the matching rule of the search is not published`);
}
