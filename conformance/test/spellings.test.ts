// spelling_answered_alike on hand-made pairs: a read in another spelling that succeeds answers the
// same count and items as the read as published; a refusal is left to the other rules.
import { spellingAnsweredAlike } from '../rules/inputs';
import { exchange } from './support/exchange';

const page = (count: number, uuids: string[]) => ({ count, next: null, previous: null, results: uuids.map((uuid) => ({ uuid })) });
const base = exchange('companiesSearch', 200, page(0, []));
const spelled = (status: number, body: unknown) => exchange('companiesSearch', status, body, { spec: { purpose: 'companiesSearch: the body as multipart with a quoted boundary' } });

test.each([
  ['the same count and items', spelled(200, page(0, [])), 'pass'],
  ['the same items in another order', exchange('municipalitiesList', 200, page(2, ['b', 'a'])), 'pass'],
  ['more items: fields were lost', spelled(200, page(3, ['a', 'b', 'c'])), 'fail'],
  ['a refusal', spelled(415, { error: 'Unsupported media type', code: 'unsupported_media_type' }), undefined],
] as const)('%s', (_name, x, outcome) => {
  const published = x.spec.operationId === 'municipalitiesList' ? exchange('municipalitiesList', 200, page(2, ['a', 'b'])) : base;
  const verdict = spellingAnsweredAlike.check({ base: published, x });
  expect(verdict?.outcome).toBe(outcome);
  if (outcome === 'fail') expect(verdict?.message).toBe('companiesSearch: the body as multipart with a quoted boundary: answered 200, count 3, 3 item(s) on the page: a, b, c; the same request as published answered 200, count 0, 0 item(s) on the page');
});
