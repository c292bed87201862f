// The exchange rules on hand-made responses: one row per rule and case, with the outcome a
// deployment should get and the message that explains it.
import { publishedErrors } from '../../generated';
import { responseExamples } from '../contract/document';
import type { Outcome } from '../engine/types';
import { credentialFormAccepted, credentialsExact, credentialSpellingAccepted, forbiddenLimitedKey, unauthorizedInvalidCredentials, unauthorizedWithoutCredentials } from '../rules/auth';
import type { Rule } from '../rules/define';
import { errorStringsMeaningful, jsonAnswer } from '../rules/bodies';
import { undeclaredMethodRefused } from '../rules/inputs';
import {
  addressedResourceAnswered,
  bodyMatchesSchema,
  contentTypeJson,
  errorBodyShape,
  invalidRequestRefused,
  listedFieldPresent,
  noServerError,
  statusDeclared,
  validRequestAccepted,
} from '../rules/responses';
import { proven } from '../cases/classify';
import type { Exchange, RequestSpec } from '../engine/request';
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
const page = { count: 0, next: null, previous: null, results: [] };
const example = responseExamples('municipalitiesList', 200)[0]!.value as { results: Array<Record<string, unknown>> };
const withPopulation = (population: unknown) => ({ ...example, results: [{ ...example.results[0], population }, ...example.results.slice(1)] });
const search = responseExamples('companiesSearch', 200)[0]!.value as { results: Array<Record<string, unknown>> };
const accept = { spec: { expect: 'accept' as const } };
const refuse = { spec: { expect: 'refuse' as const } };
const bearer = { scheme: 'bearerAuth' as const, secret: 'token' as const };
const cookie = { scheme: 'sessionCookieAuth' as const, secret: 'session' as const };
const query = { scheme: 'sessionQueryAuth' as const, secret: 'session' as const };
const limitedBearer = { scheme: 'bearerAuth' as const, secret: 'limited' as const };
const limitedToken = { scheme: 'tokenAuth' as const, secret: 'limited' as const };

const cases: Array<[string, Rule<Exchange>, Exchange, Outcome | undefined, RegExp?]> = [
  ['declared status passes', statusDeclared, exchange('watchdogsCreate', 201, watchdog), 'pass'],
  ['5xx fails', statusDeclared, exchange('municipalitiesList', 502, { error: 'x', code: 'y' }), 'fail', /5xx is never acceptable/],
  ['undeclared 2xx fails', statusDeclared, exchange('watchdogsCreate', 200, watchdog), 'fail', /published success status is 201/],
  ['undeclared 2xx of company search only warns', statusDeclared, exchange('companiesSearch', 201, page), 'warn', /modelling choice/],
  ['undeclared 4xx only warns', statusDeclared, exchange('watchdogsCreate', 422, { error: 'x', code: 'invalid' }), 'warn'],
  ['a redirect fails (the base URL is wrong)', statusDeclared, exchange('municipalitiesList', 301, undefined, { headers: { location: 'https://x/' } }), 'fail', /redirect/],
  ['429 only warns', statusDeclared, exchange('municipalitiesList', 429, { error: 'x', code: 'throttled' }), 'warn', /rate limiting/],
  ['an undeclared method is not judged by the statuses', statusDeclared, exchange('municipalitiesList', 405, {}, { spec: { method: 'DELETE' } }), undefined],
  ['no 5xx passes a 4xx', noServerError, exchange('municipalitiesList', 404, { error: 'x', code: 'y' }), 'pass'],
  ['a 500 fails', noServerError, exchange('municipalitiesList', 500, {}), 'fail'],
  ['JSON content type passes', contentTypeJson, exchange('municipalitiesList', 200, page), 'pass'],
  ['HTML fails', contentTypeJson, exchange('municipalitiesList', 200, undefined, { mediaType: 'text/html', text: '<p>' }), 'fail', /text\/html/],
  ['a 4xx as problem+json fails', contentTypeJson, exchange('municipalitiesList', 400, {}, { mediaType: 'application/problem+json' }), 'fail'],
  ['a 4xx without a body still needs application/json', contentTypeJson, exchange('municipalitiesList', 405, undefined, { text: '' }), 'fail', /\(none\)/],
  ['an empty 2xx: not applicable', contentTypeJson, exchange('municipalitiesList', 204, undefined), undefined],
  ['valid body passes', bodyMatchesSchema, exchange('watchdogsCreate', 201, watchdog), 'pass'],
  ['the contract example passes', bodyMatchesSchema, exchange('municipalitiesList', 200, example), 'pass'],
  ['population -1 fails with the pointer', bodyMatchesSchema, exchange('municipalitiesList', 200, withPopulation(-1)), 'fail', /^200 body violates .*\/results\/0\/population must be >= 0$/],
  ['population as a string fails', bodyMatchesSchema, exchange('municipalitiesList', 200, withPopulation('746')), 'fail', /\/results\/0\/population must be integer/],
  ['non-JSON body of a declared status fails', bodyMatchesSchema, exchange('municipalitiesList', 200, undefined, { text: 'oops' }), 'fail', /not JSON/],
  ['undeclared status: no schema', bodyMatchesSchema, exchange('municipalitiesList', 418, {}), undefined],
  ['error shape passes', errorBodyShape, exchange('municipalitiesList', 401, publishedErrors['401']), 'pass'],
  ['a framework detail body fails', errorBodyShape, exchange('municipalitiesList', 401, { detail: 'no' }), 'fail', /\{error: string, code: string\}/],
  ['2xx: not applicable', errorBodyShape, exchange('municipalitiesList', 200, page), undefined],
  ['search items with every listed field pass', listedFieldPresent, exchange('companiesSearch', 200, search), 'pass'],
  ['a search item without a listed field warns and names it', listedFieldPresent, exchange('companiesSearch', 200, { ...search, results: [{ ...search.results[0], status: undefined }] }), 'warn', /\/results\/\*\/status/],
  ['the published success status passes', validRequestAccepted, exchange('watchdogsCreate', 201, watchdog, accept), 'pass'],
  ['200 for create fails', validRequestAccepted, exchange('watchdogsCreate', 200, watchdog, accept), 'fail', /published success status is 201/],
  ['201 for company search warns (its status is a modelling choice)', validRequestAccepted, exchange('companiesSearch', 201, page, accept), 'warn'],
  ['a valid request refused fails', validRequestAccepted, exchange('municipalitiesList', 400, { error: 'x', code: 'invalid' }, accept), 'fail', /valid, authorised request answered 400/],
  ['refused while leaving out fields of unknown required-ness: a warning', validRequestAccepted, exchange('watchdogsActivate', 400, { error: 'x', code: 'invalid' }, { spec: { expect: 'accept', openFields: ['prompt'] } }), 'warn', /leaves out prompt/],
  ['a 404 for a made-up event: a warning', validRequestAccepted, exchange('watchdogsEventsPartialUpdate', 404, { error: 'x', code: 'not_found' }, { spec: { expect: 'accept', madeUp: ['path/event_uuid'] } }), 'warn'],
  ['a 400 with a made-up path value is not excused', validRequestAccepted, exchange('watchdogsEventsPartialUpdate', 400, { error: 'x', code: 'invalid' }, { spec: { expect: 'accept', madeUp: ['path/event_uuid'] } }), 'fail'],
  ['a 409 from deactivate: a warning (from which states it may start is not published)', validRequestAccepted, exchange('watchdogsDeactivate', 409, { error: 'x', code: 'conflict' }, accept), 'warn', /may start is not published/],
  ['a 400 from deactivate (the state refused as a validation error): a warning', validRequestAccepted, exchange('watchdogsDeactivate', 400, { error: 'x', code: 'invalid' }, accept), 'warn', /may start is not published/],
  ['a 400 from deactivate in a state proven to accept it fails', validRequestAccepted, exchange('watchdogsDeactivate', 400, { error: 'x', code: 'invalid' }, { spec: { expect: 'accept', stateProven: true } }), 'fail'],
  ['a 415 from deactivate is no state refusal: it fails', validRequestAccepted, exchange('watchdogsDeactivate', 415, { error: 'x', code: 'unsupported' }, accept), 'fail'],
  ['a 409 from a write that is no transition fails', validRequestAccepted, exchange('watchdogsSubscribe', 409, { error: 'x', code: 'conflict' }, accept), 'fail'],
  ['no expectation: not applicable', validRequestAccepted, exchange('municipalitiesList', 400, {}), undefined],
  ['a proven-invalid request refused passes', invalidRequestRefused, exchange('watchdogsCreate', 400, { error: 'x', code: 'invalid' }, refuse), 'pass'],
  ['a proven-invalid request accepted fails', invalidRequestRefused, exchange('watchdogsCreate', 201, watchdog, refuse), 'fail', /accepted with 201/],
  ['invalid only under a modelling choice: a warning', invalidRequestRefused, exchange('companiesSearch', 200, page, { spec: { expect: 'refuse', choice: true } }), 'warn'],
  ['an undeclared method refused passes', undeclaredMethodRefused, exchange('municipalitiesList', 405, {}, { spec: { method: 'DELETE', probe: 'undeclared-method' } }), 'pass'],
  ['an undeclared method answered 2xx only warns', undeclaredMethodRefused, exchange('municipalitiesList', 200, {}, { spec: { method: 'DELETE', probe: 'undeclared-method' } }), 'warn'],
  ['missing credentials: the published 401 passes', unauthorizedWithoutCredentials, exchange('watchdogsCreate', 401, publishedErrors['401'], { spec: { probe: 'missing-credentials' } }), 'pass'],
  ['missing credentials: another 401 body fails', unauthorizedWithoutCredentials, exchange('watchdogsCreate', 401, { error: 'Invalid token.', code: 'unauthorized' }, { spec: { probe: 'missing-credentials' } }), 'fail', /expected the published/],
  ['missing credentials: a 403 fails', unauthorizedWithoutCredentials, exchange('watchdogsCreate', 403, publishedErrors['403'], { spec: { probe: 'missing-credentials' } }), 'fail', /expected 401/],
['an unknown key taken fails', unauthorizedInvalidCredentials, exchange('watchdogsCreate', 201, watchdog, { spec: { probe: 'invalid-credentials', credential: { scheme: 'bearerAuth', literal: 'conformance-unknown-key' } } }), 'fail', /expected 401/],
  ['a near miss refused with the published 401 passes', credentialsExact, exchange('municipalitiesList', 401, publishedErrors['401'], { spec: { probe: 'near-miss', credential: { ...bearer, nearMiss: 'prefix' } } }), 'pass'],
  ['the key in swapped case taken fails, naming what the compare does wrong', credentialsExact, exchange('watchdogsCreate', 201, watchdog, { spec: { probe: 'near-miss', credential: { ...bearer, nearMiss: 'case-swapped' } } }), 'fail', /expected 401: the near miss was taken for the secret — is it compared without case/],
  ['the key with a letter appended refused with a 403 fails (taken for the limited key)', credentialsExact, exchange('watchdogsSubscribe', 403, publishedErrors['403'], { spec: { probe: 'near-miss', credential: { ...bearer, nearMiss: 'letter-appended' } } }), 'fail', /expected 401: the near miss was taken/],
  ['a near miss refused with another 401 body fails', credentialsExact, exchange('municipalitiesList', 401, { error: 'Invalid token.', code: 'unauthorized' }, { spec: { probe: 'near-miss', credential: { ...bearer, nearMiss: 'first-removed' } } }), 'fail', /expected the published/],
  ['a near miss without its probe is not judged', credentialsExact, exchange('municipalitiesList', 200, page, { spec: { credential: { ...bearer, nearMiss: 'prefix' } } }), undefined],
  ['a form refused where it is shown fails', credentialFormAccepted, exchange('municipalitiesList', 401, publishedErrors['401'], { spec: { probe: 'credential-form', credential: cookie } }), 'fail', /shows this form on municipalitiesList/],
  ['a form refused where it is not shown warns', credentialFormAccepted, exchange('companiesSearch', 401, publishedErrors['401'], { spec: { probe: 'credential-form', credential: query } }), 'warn'],
  ['a 400 for a body is no refusal of the form', credentialFormAccepted, exchange('watchdogsActivate', 400, { error: 'x', code: 'invalid' }, { spec: { probe: 'credential-form', credential: bearer } }), 'pass'],
  ['the limited key: the published 403 passes', forbiddenLimitedKey, exchange('watchdogsSubscribe', 403, publishedErrors['403'], { spec: { probe: 'limited-key', resource: 'existing' } }), 'pass'],
  ['the limited key accepted fails', forbiddenLimitedKey, exchange('watchdogsSubscribe', 200, watchdog, { spec: { probe: 'limited-key', resource: 'existing' } }), 'fail', /expected 403/],
  ['the limited key on a made-up watchdog: a 404 warns', forbiddenLimitedKey, exchange('watchdogsSubscribe', 404, { error: 'x', code: 'not_found' }, { spec: { probe: 'limited-key', resource: 'unknown' } }), 'warn'],
  ['the limited key in the Token form: a 401 passes (the form is not taken)', forbiddenLimitedKey, exchange('watchdogsSubscribe', 401, publishedErrors['401'], { spec: { probe: 'limited-key', resource: 'existing', credential: limitedToken } }), 'pass'],
  ['the limited key in the Token form writing fails', forbiddenLimitedKey, exchange('watchdogsSubscribe', 200, watchdog, { spec: { probe: 'limited-key', resource: 'existing', credential: limitedToken } }), 'fail', /without write permission wrote/],
  ['the limited key spelled "bearer" writing fails', forbiddenLimitedKey, exchange('watchdogsActivate', 200, watchdog, { spec: { probe: 'limited-key', resource: 'existing', credential: { ...limitedBearer, spelling: 'bearer ' } } }), 'fail'],
  ['the limited key as published: a 401 fails', forbiddenLimitedKey, exchange('watchdogsActivate', 401, publishedErrors['401'], { spec: { probe: 'limited-key', resource: 'existing', credential: limitedBearer } }), 'fail', /expected 403/],
  ['a scheme in lower case refused only warns', credentialSpellingAccepted, exchange('watchdogsCreate', 401, publishedErrors['401'], { spec: { probe: 'credential-spelling', credential: { ...bearer, spelling: 'bearer ' } } }), 'warn', /RFC 9110/],
  ['a scheme in lower case accepted passes', credentialSpellingAccepted, exchange('watchdogsCreate', 201, watchdog, { spec: { probe: 'credential-spelling', credential: { ...bearer, spelling: 'bearer ' } } }), 'pass'],
  ['HEAD on a GET path answered 200 passes (HTTP defines it)', undeclaredMethodRefused, { ...exchange('municipalitiesList', 200, undefined, { spec: { method: 'HEAD', probe: 'undeclared-method' } }), method: 'HEAD' }, 'pass', /RFC 9110/],
  ['OPTIONS answered 204 passes', undeclaredMethodRefused, { ...exchange('watchdogsSubscribe', 204, undefined, { spec: { method: 'OPTIONS', probe: 'undeclared-method' } }), method: 'OPTIONS' }, 'pass'],
  ['HEAD on a POST path answered 200 only warns', undeclaredMethodRefused, { ...exchange('watchdogsCreate', 200, undefined, { spec: { method: 'HEAD', probe: 'undeclared-method' } }), method: 'HEAD' }, 'warn'],
  ['a HEAD 405 has no body to judge', errorBodyShape, { ...exchange('watchdogsCreate', 405, undefined, { spec: { method: 'HEAD', probe: 'undeclared-method' } }), method: 'HEAD' }, undefined],
  ['a path without its trailing slash: the 404 page is not judged', errorBodyShape, exchange('watchdogsCreate', 404, undefined, { text: '<h1>Not Found</h1>', mediaType: 'text/html', spec: { trailingSlash: false, probe: 'path-spelling' } }), undefined],
  ['a path without its trailing slash answered 201: not the published operation', bodyMatchesSchema, exchange('watchdogsCreate', 201, { uuid: 'x' }, { spec: { trailingSlash: false, probe: 'path-spelling' } }), undefined],
  ['an upper-case UUID in the path refused by the router: its 404 page is not judged', errorBodyShape, exchange('watchdogsSubscribe', 404, undefined, { text: '<h1>Not Found</h1>', mediaType: 'text/html', spec: { probe: 'path-spelling' } }), undefined],
  ['an upper-case UUID in the path answered: the body is judged', bodyMatchesSchema, exchange('watchdogsSubscribe', 200, { uuid: watchdog.uuid }, { spec: { probe: 'path-spelling' } }), 'fail'],
  ['a successful OPTIONS in text/plain (Express) is HTTP\'s to shape', contentTypeJson, { ...exchange('municipalitiesList', 200, undefined, { text: 'GET,HEAD', mediaType: 'text/plain', spec: { method: 'OPTIONS', probe: 'undeclared-method' } }), method: 'OPTIONS' }, undefined],
  ['a refused OPTIONS is in the published error shape', errorBodyShape, { ...exchange('municipalitiesList', 405, undefined, { text: '', spec: { method: 'OPTIONS', probe: 'undeclared-method' } }), method: 'OPTIONS' }, 'fail'],
  ['a path without its trailing slash: a redirect is no failure', statusDeclared, exchange('watchdogsCreate', 301, undefined, { spec: { trailingSlash: false, probe: 'path-spelling' } }), undefined],
  ['one JSON text passes', jsonAnswer, exchange('municipalitiesList', 200, page), 'pass'],
  ['a trailing comma fails, with the parser\'s words', jsonAnswer, exchange('municipalitiesList', 200, undefined, { text: '{"count": 1, "results": [{"a": 1},]}' }), 'fail', /does not parse as JSON/],
  ['something after the JSON fails', jsonAnswer, exchange('municipalitiesList', 200, undefined, { text: `${JSON.stringify(page)}\n<!-- debug -->` }), 'fail', /does not parse as JSON/],
  ['a byte-order mark before the JSON fails (RFC 8259 §8.1), whatever a lenient client reads', jsonAnswer, exchange('companiesSearch', 200, page, { text: `\ufeff${JSON.stringify(page)}` }), 'fail', /byte-order mark.*RFC 8259 §8\.1/],
  ['an HTML error page fails, whatever it is labelled', jsonAnswer, exchange('watchdogsCreate', 400, undefined, { text: '<pre>SyntaxError</pre>', mediaType: 'text/html' }), 'fail', /400 text\/html: it does not parse as JSON: .*; the body begins "<pre>/],
  ['a 4xx without a body fails', jsonAnswer, exchange('watchdogsCreate', 404, undefined, { text: '' }), 'fail', /the body is empty/],
  ['a 2xx without a body is not judged', jsonAnswer, exchange('watchdogsCreate', 204, undefined, { text: '' }), undefined],
  ['a 429 that is not JSON only warns', jsonAnswer, exchange('municipalitiesList', 429, undefined, { text: 'Too Many Requests', mediaType: 'text/plain' }), 'warn', /rate-limit responses are not published/],
  ['a HEAD answer has no body to judge', jsonAnswer, { ...exchange('municipalitiesList', 404, undefined, { text: '' }), method: 'HEAD' }, undefined],
  ['an error with a message and a code passes', errorStringsMeaningful, exchange('watchdogsCreate', 400, { error: 'name: at most 200 characters', code: 'invalid' }), 'pass'],
  ['an empty message fails', errorStringsMeaningful, exchange('watchdogsActivate', 404, { error: '', code: 'not_found' }), 'fail', /404 with "error" empty: the contract's error is the human-readable message/],
  ['a blank code fails', errorStringsMeaningful, exchange('watchdogsCreate', 400, { error: 'bad', code: ' \u200b' }), 'fail', /"code" blank/],
  ['a 401 with another code than the published one fails', errorStringsMeaningful, exchange('municipalitiesList', 401, { error: 'Invalid token.', code: 'not_authenticated' }), 'fail', /publishes "unauthorized" for 401/],
  ['a 403 with another code only warns (a condition the document does not show)', errorStringsMeaningful, exchange('watchdogsCreate', 403, { error: 'CSRF Failed', code: 'csrf_failed' }), 'warn', /publishes "forbidden" for 403/],
  ['a 403 to the limited key with another code fails', errorStringsMeaningful, exchange('watchdogsCreate', 403, { error: 'no', code: 'permission_denied' }, { spec: { probe: 'limited-key' } }), 'fail'],
  ['a published code for another status fails: it names another condition', errorStringsMeaningful, exchange('watchdogsDeactivate', 404, { error: 'No such watchdog', code: 'unauthorized' }), 'fail', /publishes for 401 \(unauthorized\)/],
  ['a code that is a number only warns (codes beyond the published ones are not published)', errorStringsMeaningful, exchange('watchdogsCreate', 400, { error: 'bad', code: '400' }), 'warn', /reads as a number/],
  ['a code that is words only warns', errorStringsMeaningful, exchange('watchdogsCreate', 422, { error: 'bad', code: 'Bad Request' }), 'warn', /reads as words/],
  ['a blank message on a 429 only warns', errorStringsMeaningful, exchange('municipalitiesList', 429, { error: '', code: 'throttled' }), 'warn'],
  ['a body that is not {error, code} is error_body_shape\'s', errorStringsMeaningful, exchange('municipalitiesList', 400, { detail: 'x' }), 'pass'],
  ['the watchdog addressed answered passes', addressedResourceAnswered, exchange('watchdogsSubscribe', 200, watchdog, { spec: { params: { uuid: watchdog.uuid.toUpperCase() } } }), 'pass'],
  ['another watchdog answered fails', addressedResourceAnswered, exchange('watchdogsSubscribe', 200, watchdog, { spec: { params: { uuid: '0b7e1a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b' } } }), 'fail', /addressed 0b7e1a52-.* answered 3f1c2a9e-/],
  ['a refusal answers no watchdog', addressedResourceAnswered, exchange('watchdogsSubscribe', 404, { error: 'x', code: 'not_found' }, { spec: { params: { uuid: '0b7e1a52-3c4d-4e5f-8a9b-0c1d2e3f4a5b' } } }), undefined],
];

test.each(cases.map(([name, rule, x, outcome, message]) => ({ name, rule, x, outcome, message })))('$name', ({ rule, x, outcome, message }) => {
  const verdict = rule.check(x);
  expect(verdict?.outcome).toBe(outcome);
  if (message) expect(verdict?.message).toMatch(message);
});

test('a failing verdict says what was received against what is declared', () => {
  expect(statusDeclared.check(exchange('watchdogsCreate', 200, watchdog))).toMatchObject({ received: 200, expected: [201, 400, 401, 403] });
  expect(invalidRequestRefused.check(exchange('watchdogsCreate', 201, watchdog, refuse))).toMatchObject({ received: 201, expected: '4xx' });
});

describe('a request invalid only where refusing is optional (cases/refusal.ts), from the request as sent to the verdict', () => {
  const sent = (operationId: RequestSpec['operationId'], rest: Partial<RequestSpec>): RequestSpec => {
    const spec = { operationId, purpose: 'case', ...rest };
    return { ...spec, ...proven(spec, 'refuse') };
  };
  const list = (...query: Array<[string, string]>) => sent('municipalitiesList', { query });
  const at = example.results.filter((m) => m.country_code === 'AT');
  const answered = (spec: RequestSpec, status: number, json: unknown) => invalidRequestRefused.check(exchange(spec.operationId, status, json, { spec }));
  const listOf = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

  test.each([
    ['an unknown country code refused', list(['country_code', 'conformance-x']), 400, { error: 'x', code: 'invalid' }, 'pass', /refused with 400/],
    ['an unknown country code answered with an empty list: the leniency named', list(['country_code', 'conformance-x']), 200, listOf([]), 'warn', /answered 200 and an empty list: query\/country_code: the value is not ISO 3166-1 alpha-2.*refusing it is optional/],
    ['beside a real code, answered with that code\'s items', list(['country_code', 'AT'], ['country_code', '%00']), 200, listOf(at), 'warn', /matching item/],
    ['answered with the unfiltered list: the filter was skipped', list(['country_code', 'conformance-x']), 200, listOf(example.results), 'fail', /refusing was optional.*does not match country_code under any reading/],
    ['a 513-character search name answered with no company', sent('companiesSearch', { body: { kind: 'json', value: { name: 'x'.repeat(513) } } }), 200, listOf([]), 'warn', /maxLength 512/],
    ['a server error is never a correct answer', list(['country_code', 'conformance-x']), 500, { error: 'x' }, 'fail', /server error/],
  ] as Array<[string, RequestSpec, number, unknown, string, RegExp]>)('%s', (_name, spec, status, json, outcome, message) => {
    expect(spec.refusalOptional).toBeDefined();
    const verdict = answered(spec, status, json);
    expect(verdict).toMatchObject({ outcome });
    expect(verdict?.message).toMatch(message);
  });

  test.each([
    ['a uuid filter that is no UUID', list(['uuid', 'not-a-uuid']), listOf([])],
    ['an official_role outside the enum', list(['official_role', 'emperor']), listOf([])],
    ['page=abc', list(['page', 'abc']), listOf(example.results)],
    ['a 201-character watchdog name', sent('watchdogsCreate', { body: { kind: 'json', value: { name: 'x'.repeat(201), prompt: 'p' } } }), watchdog],
  ] as Array<[string, RequestSpec, unknown]>)('a refusal rule: %s accepted fails', (_name, spec, json) => {
    expect(spec.refusalOptional).toBeUndefined();
    const verdict = answered(spec, spec.operationId === 'watchdogsCreate' ? 201 : 200, json);
    expect(verdict).toMatchObject({ outcome: 'fail' });
    expect(verdict?.message).toMatch(/the contract makes this request invalid/);
  });
});
