// Whether an item matches a filter, under every reasonable reading (contract/matching.ts), on
// hand-made items: the filter's own reading is a match, one only a looser reading explains is
// partial (a warning, naming the reading), one no reading explains is none (a failure); an item
// whose field is exactly the value must be in the answer, whatever the reading.
import type { FilterDeclaration } from '../../generated';
import { filtersOf } from '../../protocol/meaning';
import { matchItem, mustInclude, semanticsOf, type FilterSemantics, type Item } from '../contract/filter-semantics';
import { matchText } from '../contract/matching';

const municipality = (state: [string, string], name = 'Ort', district: [string, string] = ['000', 'Bezirk']): Item => ({
  uuid: '00000000-0000-4000-8000-000000000001',
  name,
  country_code: 'CH',
  status: 'PG',
  state_code: state[0],
  state_name: state[1],
  district_code: district[0],
  district_name: district[1],
  official_code: '0261',
  officials: [{ full_name: 'Anna Müller', relationship_type: 'mayor' }],
});
const company = (name: string, registration_number = 'CHE-109.322.571'): Item => ({ uuid: '00000000-0000-4000-8000-000000000002', name, registration_number, status: 'Active', country: 'CH' });

/** The contract's own declarations (x-filter), by name. */
const declared = (op: 'municipalitiesList' | 'companiesSearch', where: 'query' | 'body'): Record<string, FilterSemantics> =>
  Object.fromEntries(filtersOf(op).filter((f) => f.where === where).map((f) => [f.name, semanticsOf(f)]));
const list = declared('municipalitiesList', 'query');
const search = declared('companiesSearch', 'body');
const zurich = municipality(['ZH', 'Zürich'], 'Zürich', ['112', 'Zürich']);
const gallen = municipality(['SG', 'St. Gallen'], 'St. Gallen', ['1721', 'St. Gallen']);
const strasse = company('Hauptstraße Immobilien AG');

describe.each([
  ['state', list.state!, zurich],
  ['district', list.district!, zurich],
])('a code or a name (%s)', (_name, semantics, item) => {
  test.each([
    ['Zürich', 'match', undefined],
    ['zürich', 'match', undefined],
    ['ZURICH', 'partial', /diacritics folded/],
    ['zurich', 'partial', /exactly, diacritics folded/],
    ['Zuerich', 'partial', /umlauts transliterated/],
    ['Zür', 'partial', /as a prefix/],
    ['rich', 'partial', /as a substring/],
    ['UR', 'partial', /as a substring, diacritics folded/], // 'zurich' holds "ur" once folded: the false alarm of a Postgres unaccent + ILIKE deployment
    ['Bern', 'none', undefined],
  ] as const)('%s: %s', (value, grade, reading) => {
    const matched = matchItem(semantics, [value], item);
    expect(matched.grade).toBe(grade);
    if (reading) expect(matched.reading).toMatch(reading);
  });

  test('punctuation and word prefixes: "St Gallen" and "Gall" for "St. Gallen"', () => {
    expect(matchItem(semantics, ['St Gallen'], gallen)).toEqual({ grade: 'partial', reading: 'exactly, punctuation as spaces' });
    expect(matchItem(semantics, ['Gall'], gallen)).toEqual({ grade: 'partial', reading: 'as a word prefix' });
    expect(matchItem(semantics, ['StGallen'], gallen)).toEqual({ grade: 'partial', reading: 'exactly, punctuation and spaces left out' });
  });

  test('an item whose field is exactly the value must be in the answer; one that matches only loosely need not', () => {
    expect(mustInclude(semantics, ['Zürich'], item)).toBe(true);
    expect(mustInclude(semantics, ['zurich'], item)).toBe(false);
    expect(mustInclude(semantics, ['Zuerich'], municipality(['ZH', 'Zuerich']))).toBe(semantics === list.state);
  });
});

describe('a text search (q, the search name, the registration number)', () => {
  test.each([
    ['q=Zür', list.q!, 'Zür', zurich, 'match', undefined],
    ['q=zurich', list.q!, 'zurich', zurich, 'partial', /diacritics folded/],
    ['q=müller', list.q!, 'müller', zurich, 'match', undefined],
    ['q=Mueller', list.q!, 'Mueller', zurich, 'partial', /umlauts transliterated/],
    ['q=Basel', list.q!, 'Basel', zurich, 'none', undefined],
    ['name=straße', search.name!, 'straße', strasse, 'match', undefined],
    ['name=Strasse', search.name!, 'Strasse', strasse, 'partial', /ß as ss/],
    ['name=HAUPTSTRASSE IMMO', search.name!, 'HAUPTSTRASSE IMMO', strasse, 'partial', /ß as ss/],
    ['name=Bäckerei', search.name!, 'Bäckerei', strasse, 'none', undefined],
    ['registration_number=CHE-109', search.registration_number!, 'CHE-109', strasse, 'match', undefined],
    ['registration_number=CHE109322571', search.registration_number!, 'CHE109322571', strasse, 'partial', /punctuation and spaces left out/],
    ['registration_number=che 109 322', search.registration_number!, 'che 109 322', strasse, 'partial', /punctuation as spaces/],
  ] as const)('%s', (_name, semantics, value, item, grade, reading) => {
    const matched = matchItem(semantics, [value], item);
    expect(matched.grade).toBe(grade);
    if (reading) expect(matched.reading).toMatch(reading);
  });

  test('an item must be in the answer only for a value a field is exactly (a real word of the data)', () => {
    expect(mustInclude(list.q!, ['Zürich'], zurich)).toBe(true);
    expect(mustInclude(list.q!, ['Zür'], zurich)).toBe(false);
    expect(mustInclude(search.name!, ['Hauptstraße Immobilien AG'], strasse)).toBe(true);
  });
});

describe('an exact filter has no looser reading', () => {
  test.each([
    ['status=PG', list.status!, 'PG', 'match'],
    ['status=pg', list.status!, 'pg', 'match'], // codes whatever their case
    ['status=G', list.status!, 'G', 'none'], // a type code inside another
    ['status=PGX', list.status!, 'PGX', 'none'],
    ['official_role=mayor', list.official_role!, 'mayor', 'match'],
    ['official_role=vice_mayor', list.official_role!, 'vice_mayor', 'none'],
    ['country_code=CH', list.country_code!, 'CH', 'match'],
    ['country_code=C', list.country_code!, 'C', 'none'],
    ['country_code_exclude=CH', list.country_code_exclude!, 'CH', 'none'],
    ['country_code_exclude=C', list.country_code_exclude!, 'C', 'match'],
  ] as const)('%s', (_name, semantics, value, grade) => {
    expect(matchItem(semantics, [value], zurich).grade).toBe(grade);
  });

  test('a repeated value keeps an item any of its values matches; an exclusion drops it for any', () => {
    expect(matchItem(list.country_code!, ['AT', 'CH'], zurich).grade).toBe('match');
    expect(matchItem(list.country_code_exclude!, ['AT', 'CH'], zurich).grade).toBe('none');
  });
});

test('an empty or blank value matches nothing', () => {
  expect(matchText('search', ' ', ['Zürich'])).toEqual({ grade: 'none' });
  expect(matchText('name', '.', ['St. Gallen']).grade).not.toBe('match');
});

describe('bounds, booleans and equality on numbers (declared kinds the contract may add)', () => {
  const filter = (declaration: Partial<FilterDeclaration> & Pick<FilterDeclaration, 'match' | 'reads'>): FilterSemantics =>
    semanticsOf({ where: 'query', name: 'f', words: 'hand-made', field: 'integer', value: 'integer', repeated: false, ...declaration });
  const place = (population: number | null, population_as_of: string | null = null, officials: Item[] = []): Item => ({ uuid: 'u', population, population_as_of, officials });
  const atLeast = filter({ match: 'at-least', reads: ['population'] });
  const atMost = filter({ match: 'at-most', reads: ['population'] });

  test.each([
    [atLeast, '100', place(100), 'match', true], // inclusive
    [atLeast, '101', place(100), 'none', false],
    [atMost, '100', place(100), 'match', true],
    [atMost, '99', place(100), 'none', false],
    [atLeast, 'abc', place(100), 'none', false],
  ] as const)('%#: a bound on an integer field', (semantics, value, item, grade, must) => {
    expect(matchItem(semantics, [value], item).grade).toBe(grade);
    expect(mustInclude(semantics, [value], item)).toBe(must);
  });

  test('a null field: kept or not where the contract does not say (either answer is correct), as declared where it does', () => {
    expect([matchItem(atLeast, ['1'], place(null)).grade, mustInclude(atLeast, ['1'], place(null))]).toEqual(['match', false]);
    const excluded = filter({ match: 'at-least', reads: ['population'], nulls: 'excluded' });
    expect([matchItem(excluded, ['1'], place(null)).grade, mustInclude(excluded, ['1'], place(null))]).toEqual(['none', false]);
    const included = filter({ match: 'at-most', reads: ['population'], nulls: 'included' });
    expect([matchItem(included, ['1'], place(null)).grade, mustInclude(included, ['1'], place(null))]).toEqual(['match', true]);
  });

  test('a bound on dates compares them as dates (YYYY-MM-DD)', () => {
    const since = filter({ match: 'at-least', reads: ['population_as_of'], field: 'date', value: 'date' });
    expect(mustInclude(since, ['2024-12-31'], place(1, '2024-12-31'))).toBe(true);
    expect(matchItem(since, ['2025-01-01'], place(1, '2024-12-31')).grade).toBe('none');
  });

  test('exists: true keeps items whose field is present and not empty, false the others', () => {
    const has = filter({ match: 'exists', reads: ['officials'], field: 'string', value: 'boolean' });
    const withOfficials = place(1, null, [{ full_name: 'A' }]);
    expect([mustInclude(has, ['true'], withOfficials), mustInclude(has, ['false'], withOfficials)]).toEqual([true, false]);
    expect([mustInclude(has, ['true'], place(1)), mustInclude(has, ['false'], place(1))]).toEqual([false, true]);
    const population = filter({ match: 'exists', reads: ['population'], value: 'boolean' });
    expect([matchItem(population, ['true'], place(0)).grade, matchItem(population, ['true'], place(null)).grade]).toEqual(['match', 'none']);
  });

  test('equality on an integer or boolean field compares values, an enum inside an array reads every element', () => {
    const population = filter({ match: 'equals', reads: ['population'] });
    expect([matchItem(population, ['100'], place(100)).grade, matchItem(population, ['10'], place(100)).grade]).toEqual(['match', 'none']);
    const verified = filter({ match: 'equals', reads: ['officials[].verification_status'], field: 'string', value: 'string' });
    const item = place(1, null, [{ verification_status: 'unverified' }, { verification_status: 'verified' }]);
    expect([matchItem(verified, ['verified'], item).grade, matchItem(verified, ['disputed'], item).grade]).toEqual(['match', 'none']);
  });
});
