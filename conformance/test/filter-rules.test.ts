// The filter verdict on hand-made lists: items must match; with the whole list read, count must
// be the filtered total and nothing that matches may be missing; a text search that ignored its
// text fails, one that matches loosely only warns.
import type { FilterRef } from '../engine/replay-case';
import { judgeFiltered } from '../rules/filters';
import { toPage, type Reference, type Walk } from '../engine/walk';
import { exchange } from './support/exchange';

const m = (n: number, country: string, district: [string, string], name = `Ort ${n}`) => ({
  uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  name,
  country_code: country,
  district_code: district[0],
  district_name: district[1],
});
const ALL: Array<ReturnType<typeof m>> = [m(1, 'AT', ['407', 'Gmunden'], 'Hallstatt'), m(2, 'AT', ['401', 'Linz'], 'Linz'), m(3, 'DE', ['08221', 'Heidelberg']), m(4, 'CH', ['2301', 'Visp'], 'Zermatt'), m(5, 'AT', ['407', 'Gmunden'], 'Gosau')];

function walkOf(items: object[], count = items.length, complete = true): Walk {
  const x = exchange('municipalitiesList', 200, { count, next: complete ? null : 'http://h/?page=2', previous: null, results: items });
  return { base: { operationId: 'municipalitiesList', purpose: 'filtered' }, pages: [toPage(x, 1, 'first')], backs: [], complete, pageSize: items.length, foreignLinks: [], broken: [] };
}

const reference = (items: object[], complete = true): Reference => ({ walk: walkOf(items), items: items as Array<Record<string, unknown>>, complete, count: ALL.length, base: [] });
const q = (name: string, ...values: string[]): FilterRef[] => [{ where: 'query', name, values }];
const judged = (filters: FilterRef[], items: object[], count?: number, ref = reference(ALL)) => judgeFiltered({ filters, walk: walkOf(items, count), reference: ref });

test.each([
  ['exactly the matching items', q('country_code', 'AT'), [ALL[0]!, ALL[1]!, ALL[4]!], undefined, 'pass'],
  ['a non-matching item fails', q('country_code', 'AT'), [ALL[0]!, ALL[2]!], undefined, 'fail'],
  ['a missing matching item fails (count and items)', q('country_code', 'AT'), [ALL[0]!, ALL[1]!], undefined, 'fail'],
  ['a count that is not the filtered total fails', q('country_code', 'AT'), [ALL[0]!, ALL[1]!, ALL[4]!], 5, 'fail'],
  ['repeated values keep either', q('country_code', 'DE', 'CH'), [ALL[2]!, ALL[3]!], undefined, 'pass'],
  ['an excluded value must be gone', q('country_code_exclude', 'AT'), [ALL[2]!, ALL[3]!, ALL[4]!], undefined, 'fail'],
  ['district by its name', q('district', 'gmunden'), [ALL[0]!, ALL[4]!], undefined, 'pass'],
  ['district matching only as a substring warns', q('district', 'Gmund'), [ALL[0]!, ALL[4]!], undefined, 'warn'],
  ['a text search finding the exact name passes', q('q', 'Hallstatt'), [ALL[0]!], undefined, 'pass'],
  ['a text search that misses the exact name fails', q('q', 'Hallstatt'), [ALL[1]!], undefined, 'fail'],
  ['a text search that ignored the text fails', q('q', 'Hallstatt'), ALL, undefined, 'fail'],
] as Array<[string, FilterRef[], object[], number | undefined, string]>)('%s', (_name, filters, items, count, outcome) => {
  expect(judged(filters, items, count).outcome).toBe(outcome);
});

test('without the whole list read, only what the pages show is judged', () => {
  const partial = reference(ALL.slice(0, 2), false);
  expect(judged(q('country_code', 'AT'), [ALL[0]!, ALL[1]!], 3, partial).outcome).toBe('pass');
  expect(judged(q('country_code', 'AT'), [ALL[0]!, ALL[2]!], 2, partial).outcome).toBe('fail');
});

test('two filters keep what both keep', () => {
  const both: FilterRef[] = [...q('country_code', 'AT'), ...q('district', '407')];
  expect(judged(both, [ALL[0]!, ALL[4]!]).outcome).toBe('pass');
  expect(judged(both, [ALL[0]!, ALL[1]!, ALL[4]!]).outcome).toBe('fail');
});
