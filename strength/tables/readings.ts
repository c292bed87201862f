// Realistic bugs inside the readings a correct deployment may make (the variants of
// conformance/test/support/variants-readings.ts): accent folding on one side only, word prefixes
// cut short, a lenient filter that skips a value instead of finding nothing, filters of a pair
// dropped or loosened beside each other, trimming and booleans given as text read wrong. A
// reading explains what it explains and never excuses a bug: each must fail, whatever the seed.
import {
  bodyOf,
  codePoints,
  formAsJson,
  formField,
  municipalityFilterAs,
  query,
  withJson,
  withoutParameter,
  type MunicipalityRecord,
} from '../edits';
import type { FaultCase, FaultSpec, Seen } from '../faulty';

const isList = (s: Seen) => s.op === 'municipalitiesList';
const isSearch = (s: Seen) => s.op === 'companiesSearch';
/** Postgres `unaccent`: marks dropped, ß as ss. */
const unaccent = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss');
const last = (values: string[]) => values[values.length - 1]!.toLowerCase();
/** A search body field, in whichever media type it came. */
const searchField = (s: Seen, name: string) => (typeof bodyOf(s)[name] === 'string' ? (bodyOf(s)[name] as string) : formField(s, name));
/** The search with a body field changed (a form or multipart body re-sent as JSON). */
const searchWith = (s: Seen, edit: (fields: Record<string, unknown>) => void): Seen =>
  (s.headers.get('content-type') ?? '').startsWith('application/json') ? withJson(s, (b) => void edit(b)) : formAsJson(s, edit);
const LOOSE = ['q', 'state', 'district'];

/** The list's exact filters matched as substrings (an `icontains` lookup) whenever a text filter is given too. */
function exactAsSubstringBesideLoose(): FaultSpec {
  const role = municipalityFilterAs('official_role', (m, values) => m.officials.some((o) => o.relationship_type.includes(last(values))));
  return {
    request: (s, sandbox) => (isList(s) && LOOSE.some((name) => query(s).has(name)) ? role.request!(s, sandbox) : s),
    response: role.response,
  };
}

const fields = (m: MunicipalityRecord, ...names: Array<'state_code' | 'state_name' | 'district_code' | 'district_name'>) => names.map((name) => m[name]).filter((v): v is string => typeof v === 'string');

export const BROKEN_READINGS: FaultCase[] = [
  // Accent folding on one side only: a value with umlauts taken from the data finds none of its own items.
  { name: 'state folded on the stored side only (unaccent(state_name) ILIKE the value): a name with umlauts finds nothing', expect: ['filter_state', 'municipalitiesList', 'fail'],
    spec: municipalityFilterAs('state', (m, values) => fields(m, 'state_code', 'state_name').some((f) => unaccent(f).toLowerCase().includes(last(values)))) },
  { name: 'district folded on the value only (unaccent(value) ILIKE district_name): a name with umlauts finds nothing', expect: ['filter_district', 'municipalitiesList', 'fail'],
    spec: municipalityFilterAs('district', (m, values) => fields(m, 'district_code', 'district_name').some((f) => f.toLowerCase().includes(unaccent(last(values))))) },
  // Word prefixes from edge n-grams of at most 10 characters: a longer word is never found whole.
  { name: 'the search name by word prefixes of at most 10 characters (edge n-grams): a name with a longer word finds nothing', expect: ['search_by_name', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && (searchField(s, 'name') ?? '').split(/[^\p{L}\p{N}]+/u).some((word) => [...word].length > 10) ? searchWith(s, (f) => void (f.name = 'zz-no-such-word-zz')) : s) } },

  // A lenient filter skips a value it does not know instead of finding nothing.
  { name: 'country_code skipped when it names no country the deployment has (the unfiltered list for an unknown or ill-formed code)', expect: ['filter_country_code', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && query(s).has('country_code') && !query(s).getAll('country_code').some((c) => ['AT', 'DE', 'CH'].includes(c)) ? withoutParameter(s, 'country_code') : s) } },
  { name: 'a search name past 512 characters searches for nothing (the filter skipped when its validation fails): every company found', expect: ['search_by_name', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && codePoints(searchField(s, 'name')) > 512 ? searchWith(s, (f) => void delete f.name) : s) } },

  // Filters of a pair, each by its own strictness.
  { name: 'country_code_exclude ignored when country_code is given too (an exclusion applied only to the unfiltered list)', expect: ['filter_combination', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && query(s).has('country_code') ? withoutParameter(s, 'country_code_exclude') : s) } },
  { name: 'official_role matched as a substring whenever q, state or district is given (icontains in the search view)', expect: ['filter_combination', 'municipalitiesList', 'fail'],
    spec: exactAsSubstringBesideLoose() },

  // Stored text and booleans given as text.
  { name: 'name and prompt trimmed at their start only (a hand-written trim without the g flag)', expect: ['watchdog_create_applied', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' ? withJson(s, (b) => {
      for (const field of ['name', 'prompt']) if (typeof b[field] === 'string') b[field] = (b[field] as string).replace(/^\s+|\s+$/, '');
    }) : s) } },
  { name: 'is_active "false" as text taken as true (bool("false"))', expect: ['watchdog_create_applied', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && typeof bodyOf(s).is_active === 'string' && bodyOf(s).is_active !== '' ? withJson(s, (b) => void (b.is_active = true)) : s) } },
];
