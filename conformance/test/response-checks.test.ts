// The response rules on hand-made responses: one row per rule and case, with the outcome a
// deployment should get.
import {
  bodyMatchesSchema,
  contentTypeJson,
  errorBodyShape,
  noServerError,
  statusDeclared,
  successStatusAsPublished,
  type ResponseCheck,
} from '../checks/response';
import type { Outcome } from '../engine/types';
import { responseExamples } from '../engine/contract';
import { exchange } from './support/exchange';

const watchdog = {
  uuid: '3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10',
  name: 'n',
  prompt: 'p',
  monitored_company_count: 0,
  monitored_companies: [],
  last_signal: {},
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const unauthorized = { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' };
const page = { count: 0, next: null, previous: null, results: [] };
const example = responseExamples('municipalitiesList', 200)[0]!.value as { results: Array<Record<string, unknown>> };
const withPopulation = (population: unknown) => ({ ...example, results: [{ ...example.results[0], population }, ...example.results.slice(1)] });

const cases: Array<[string, ResponseCheck, ReturnType<typeof exchange>, Outcome | undefined, RegExp?]> = [
  ['declared status passes', statusDeclared, exchange('watchdogsCreate', 201, watchdog), 'pass'],
  ['5xx fails', statusDeclared, exchange('municipalitiesList', 502, { error: 'x', code: 'y' }), 'fail', /5xx is never acceptable/],
  ['undeclared 2xx fails', statusDeclared, exchange('watchdogsCreate', 200, watchdog), 'fail', /published success status is 201/],
  ['undeclared 2xx of company search only warns', statusDeclared, exchange('companiesSearch', 201, page), 'warn', /modelling choice/],
  ['undeclared 4xx only warns', statusDeclared, exchange('watchdogsCreate', 422, { error: 'x', code: 'invalid' }), 'warn'],
  ['429 only warns', statusDeclared, exchange('municipalitiesList', 429, { error: 'x', code: 'throttled' }), 'warn', /rate limiting/],
  ['no 5xx passes a 4xx', noServerError, exchange('municipalitiesList', 404, { error: 'x', code: 'y' }), 'pass'],
  ['a 500 fails', noServerError, exchange('municipalitiesList', 500, {}), 'fail'],
  ['JSON content type passes', contentTypeJson, exchange('municipalitiesList', 200, page), 'pass'],
  ['HTML fails', contentTypeJson, exchange('municipalitiesList', 200, undefined, { mediaType: 'text/html', text: '<p>' }), 'fail', /text\/html/],
  ['problem+json only warns', contentTypeJson, exchange('municipalitiesList', 400, {}, { mediaType: 'application/problem+json' }), 'warn'],
  ['empty body: not applicable', contentTypeJson, exchange('municipalitiesList', 204, undefined), undefined],
  ['valid body passes', bodyMatchesSchema, exchange('watchdogsCreate', 201, watchdog), 'pass'],
  ['the contract example passes', bodyMatchesSchema, exchange('municipalitiesList', 200, example), 'pass'],
  ['population -1 fails with the pointer', bodyMatchesSchema, exchange('municipalitiesList', 200, withPopulation(-1)), 'fail', /^200 body violates .*\/results\/0\/population must be >= 0$/],
  ['population as a string fails', bodyMatchesSchema, exchange('municipalitiesList', 200, withPopulation('746')), 'fail', /\/results\/0\/population must be integer/],
  ['missing count fails', bodyMatchesSchema, exchange('municipalitiesList', 200, { next: null, previous: null, results: [] }), 'fail', /\/count/],
  ['non-JSON body of a declared status fails', bodyMatchesSchema, exchange('municipalitiesList', 200, undefined, { text: 'oops' }), 'fail', /not JSON/],
  ['undeclared status: no schema', bodyMatchesSchema, exchange('municipalitiesList', 418, {}), undefined],
  ['published success passes', successStatusAsPublished, exchange('watchdogsCreate', 201, watchdog, { expectSuccess: true }), 'pass'],
  ['200 for create fails', successStatusAsPublished, exchange('watchdogsCreate', 200, watchdog, { expectSuccess: true }), 'fail', /published success status is 201/],
  ['201 for company search warns', successStatusAsPublished, exchange('companiesSearch', 201, page, { expectSuccess: true }), 'warn'],
  ['a valid request refused fails', successStatusAsPublished, exchange('municipalitiesList', 400, { error: 'x', code: 'invalid' }, { expectSuccess: true }), 'fail', /expected 200/],
  ['a request not expected to succeed: not applicable', successStatusAsPublished, exchange('municipalitiesList', 400, {}), undefined],
  ['error shape passes', errorBodyShape, exchange('municipalitiesList', 401, unauthorized), 'pass'],
  ['DRF detail body fails', errorBodyShape, exchange('municipalitiesList', 401, { detail: 'no' }), 'fail', /\{error: string, code: string\}/],
  ['2xx: not applicable', errorBodyShape, exchange('municipalitiesList', 200, page), undefined],
];

describe('response checks', () => {
  test.each(cases.map(([name, check, x, outcome, message]) => ({ name, check, x, outcome, message })))('$name', ({ check, x, outcome, message }) => {
    const verdict = check(x);
    expect(verdict?.outcome).toBe(outcome);
    if (message) expect(verdict?.message).toMatch(message);
  });
});
