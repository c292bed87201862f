// Pairs of filters on hand-made data: every run sends, for every pair, values that show each way
// of getting the pair wrong that the data can show — an exclusion inside an inclusion, either
// filter dropped, an exact filter matched as a substring beside the other — and a repeated value
// given twice; the seed only picks among values that show the same.
import type { FilterRef } from '../engine/replay-case';
import type { Item, Reference } from '../engine/walk';
import { pairCases } from '../phases/filter-pairs';

const m = (n: number, country: string, status: string, state: [string, string], roles: string[]): Item => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name: `Ort ${n}`,
  official_code: String(1000 + n),
  country_code: country,
  status,
  state_code: state[0],
  state_name: state[1],
  officials: roles.map((relationship_type) => ({ full_name: `Person ${n}`, relationship_type })),
});
const ITEMS = [
  m(1, 'AT', 'SG', ['4', 'Oberösterreich'], ['mayor']),
  m(2, 'AT', 'MG', ['4', 'Oberösterreich'], ['vice_mayor']),
  m(3, 'AT', 'G', ['4', 'Oberösterreich'], ['mayor', 'vice_mayor']),
  m(4, 'DE', 'G', ['09', 'Bayern'], ['mayor']),
  m(5, 'DE', 'KFS', ['09', 'Bayern'], ['vice_mayor']),
  m(6, 'CH', 'PG', ['ZH', 'Zürich'], ['mayor']),
];
const reference: Reference = { walk: { base: { operationId: 'municipalitiesList', purpose: 'all' }, pages: [], backs: [], complete: true, pageSize: 20, foreignLinks: [], broken: [] }, items: ITEMS, complete: true, count: ITEMS.length, base: [] };
const shown = (filters: FilterRef[]) => filters.map((f) => `${f.name}=${f.values.join('|')}`).join(' & ');
const casesFor = (choose: (label: string, n: number) => number) => pairCases('municipalitiesList', reference, choose);
const between = (cases: ReturnType<typeof casesFor>, a: string, b: string) => cases.filter((c) => c.filters[0].name === a && c.filters[1].name === b);

test('an exclusion inside an inclusion: country_code given two countries, country_code_exclude one of them', () => {
  const [pair] = between(casesFor(() => 0), 'country_code', 'country_code_exclude');
  expect(pair!.shows).toEqual(expect.arrayContaining(['country_code dropped', 'country_code_exclude dropped']));
  const [included, excluded] = pair!.filters;
  expect(included.values.length).toBeGreaterThanOrEqual(2);
  expect(included.values).toContain(excluded.values[0]);
});

test('an exact filter beside another: values where a substring match (G in SG and MG) would keep more', () => {
  const cases = casesFor(() => 0);
  const status = cases.filter((c) => c.filters.some((f) => f.name === 'status') && c.shows.includes('status matched as a substring'));
  expect(status.map((c) => shown(c.filters))).not.toEqual([]);
  const role = between(cases, 'official_role', 'state').flatMap((c) => c.shows);
  expect(role).toEqual(expect.arrayContaining(['official_role dropped', 'state dropped', 'official_role matched as a substring']));
});

test('every wrong answer a pair can show is shown, whatever the seed; a repeated parameter gets a value twice', () => {
  for (const pick of [() => 0, (_label: string, n: number) => n - 1, (label: string, n: number) => label.length % n]) {
    const cases = casesFor(pick);
    const shows = (a: string, b: string) => new Set(between(cases, a, b).flatMap((c) => c.shows));
    expect([...shows('country_code', 'official_role')].sort()).toEqual(['a value repeated', 'country_code dropped', 'official_role dropped', 'official_role matched as a substring']);
    const doubled = between(cases, 'country_code', 'official_role').find((c) => c.shows.includes('a value repeated'))!;
    expect(doubled.filters[0].values[0]).toBe(doubled.filters[0].values[doubled.filters[0].values.length - 1]);
    expect(doubled.filters[1].values).toHaveLength(1); // official_role is single-valued
  }
});
