// Filter value choice and verdicts: values are chosen so an ignored filter shows, and a page is
// judged item by item.
import { candidates, codeOrName, judgeFiltered, judgeTextSearch, MUNICIPALITY_FILTERS, searchWord, type Item } from '../checks/filters';

const m = (uuid: string, fields: Partial<Item> = {}): Item => ({
  uuid, name: `Gemeinde ${uuid}`, country_code: 'AT', official_code: `c${uuid}`, status: 'G', district_code: '407', district_name: 'Gmunden',
  state_code: '4', state_name: 'Oberösterreich', officials: [{ relationship_type: 'mayor', full_name: 'Anna Berger', first_name: 'Anna', last_name: 'Berger' }], ...fields,
});

const firstPage = [m('1'), m('2'), m('3', { country_code: 'DE' })];
const sample = { firstPage, all: [...firstPage, m('9', { country_code: 'CH', district_code: '2301', name: 'Zermatt', status: 'EG' })] };
const filter = (rule: string) => MUNICIPALITY_FILTERS.find((f) => f.rule === rule)!.pick(sample)!;

test('values absent from the unfiltered first page come first, then the rarest there', () => {
  expect(candidates(sample, (item) => [String(item.country_code)])).toEqual(['CH', 'DE', 'AT']);
});

test.each([
  ['filter_country_code', [['country_code', 'CH']]],
  ['filter_country_code_exclude', [['country_code_exclude', 'AT']]],
  ['filter_district', [['district', '2301']]],
  ['filter_status', [['status', 'EG']]],
  ['filter_q', [['q', 'zermatt']]],
])('%s takes a value that would show an ignored filter', (rule, query) => {
  expect(filter(rule).query).toEqual(query);
});

test('an ignored filter fails: the unfiltered page comes back', () => {
  const verdict = judgeFiltered(filter('filter_country_code'), { count: 4, items: firstPage }, 4);
  expect(verdict).toMatchObject({ outcome: 'fail', message: 'country_code=CH: item 0 (1, "Gemeinde 1") does not match the filter' });
});

test('a filtered page of matching items passes', () => {
  expect(judgeFiltered(filter('filter_country_code'), { count: 1, items: [sample.all[3]!] }, 4).outcome).toBe('pass');
});

test('a filter that finds nothing, though the sample holds a match, fails', () => {
  expect(judgeFiltered(filter('filter_country_code'), { count: 0, items: [] }, 4).message).toMatch(/nothing found/);
});

test('the uuid filter wants exactly the UUIDs asked for', () => {
  const uuid = filter('filter_uuid');
  const asked = uuid.query.map(([, value]) => value);
  const items = sample.all.filter((item) => asked.includes(String(item.uuid)));
  expect(judgeFiltered(uuid, { count: 2, items }, 4).outcome).toBe('pass');
  expect(judgeFiltered(uuid, { count: 1, items: items.slice(0, 1) }, 4).message).toMatch(/expected exactly/);
});

test('district by code or name: equal matches, a substring only warns', () => {
  expect(codeOrName('gmunden', ['407', 'Gmunden'])).toBe('match');
  expect(codeOrName('gmund', ['407', 'Gmunden'])).toBe('partial');
  expect(codeOrName('Wels', ['417', 'Gmunden'])).toBe('none');
});

test('official_role matches on an official\'s relationship_type', () => {
  const role = filter('filter_official_role');
  expect(role.query).toEqual([['official_role', 'mayor']]);
  expect(role.match(m('5', { officials: [{ relationship_type: 'vice_mayor' }] }))).toBe('none');
});

test('q searches with the longest word of a name', () => {
  expect(searchWord('Sankt Gilgen am Wolfgangsee')).toBe('Wolfgangsee');
});

describe('company text search', () => {
  const items = [{ uuid: 'a', name: 'Bäckerei Hofbauer GmbH' }, { uuid: 'b', name: 'Traunsee Beton GmbH' }];
  test('all results contain the name: pass', () => expect(judgeTextSearch('name', 'hofbauer', { count: 1, items: items.slice(0, 1) }, 60).outcome).toBe('pass'));
  test('some results do not, but fewer than all: warn (matching is not published)', () =>
    expect(judgeTextSearch('name', 'hofbauer', { count: 2, items }, 60).outcome).toBe('warn'));
  test('the search ignored the name: fail', () =>
    expect(judgeTextSearch('name', 'hofbauer', { count: 60, items }, 60).message).toMatch(/the search ignored it/));
});
