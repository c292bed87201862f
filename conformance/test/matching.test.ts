// Whether an item matches a filter, under every reasonable reading (contract/matching.ts), on
// hand-made items: the filter's own reading is a match, one only a looser reading explains is
// partial (a warning, naming the reading), one no reading explains is none (a failure); an item
// whose field is exactly the value must be in the answer, whatever the reading.
import { FILTER_SEMANTICS, matchItem, mustInclude, type Item } from '../contract/filter-semantics';
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

const list = FILTER_SEMANTICS.municipalitiesList!;
const search = FILTER_SEMANTICS.companiesSearch!;
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
