// How Prism's own error answers become the contract's `{error, code}` (no server needed).
import { schemaValidator } from '../protocol/validation';
import { isPublishedAuthorization } from './credentials';
import { describeViolations, fromHttpLayerError, fromProblem, parseViolations, type Violation } from './errors';
import { rewriteError } from './front';

const request = { method: 'GET', path: '/api/v1/nope/', body: Buffer.from('{"name": "x",') };
const isError = schemaValidator('Error');
const violation = (location: string[], message: string, code: string | number = 'x'): Violation => ({
  location,
  message,
  code,
  severity: 'Error',
});

describe('describeViolations', () => {
  test.each<[string, Violation, string]>([
    ['body length', violation(['request', 'body', 'name'], 'Request body property name must NOT have more than 200 characters'), 'name: must NOT have more than 200 characters'],
    ['required property', violation(['request', 'body'], "Request body must have required property 'prompt'", 'required'), 'prompt: is required'],
    ['nested array item', violation(['request', 'body', 'companies', '0'], 'Request body property companies.0 must match format "uuid"'), 'companies.0: must match format "uuid"'],
    ['whole body', violation(['request', 'body'], 'Request body must be object'), 'body: must be object'],
    ['query parameter', violation(['request', 'query', 'page'], 'Request query parameter page must be integer'), 'page (query): must be integer'],
    ['path parameter', violation(['request', 'path', 'uuid'], 'Request path parameter uuid must match format "uuid"'), 'uuid (path): must match format "uuid"'],
    ['no location', violation(['request'], 'Supported content types: application/json', 415), 'request: Supported content types: application/json'],
  ])('%s', (_label, input, expected) => {
    expect(describeViolations([input])).toBe(expected);
  });

  test('joins errors in order and ignores warnings', () => {
    const warning = { ...violation(['request', 'header', 'x'], 'deprecated'), severity: 'Warning' };
    const errors = [violation(['request', 'body', 'a'], 'Request body property a must be string'), warning, violation(['request', 'body', 'b'], 'Request body property b must be boolean')];
    expect(describeViolations(errors)).toBe('a: must be string; b: must be boolean');
  });

  test('an unreadable sl-violations header yields no violations rather than an error', () => {
    expect([parseViolations('not json'), parseViolations(undefined), parseViolations('{"a":1}')]).toEqual([[], [], []]);
  });
});

describe('fromProblem', () => {
  const problem = (type: string, status: number, detail = 'd', title = 't') => ({ type: `https://stoplight.io/prism/errors#${type}`, status, detail, title });

  test.each<[string, number, number, string]>([
    ['NO_PATH_MATCHED_ERROR', 404, 404, 'not_found'],
    ['NO_METHOD_MATCHED_ERROR', 405, 405, 'method_not_allowed'],
    ['NOT_ACCEPTABLE', 406, 406, 'not_acceptable'],
    ['NOT_FOUND', 404, 400, 'mock_prefer_unsupported'],
    ['UNPROCESSABLE_ENTITY', 422, 400, 'mock_prefer_invalid'],
  ])('%s (%i) -> %i %s in the error shape', (type, status, expectedStatus, code) => {
    const reply = fromProblem(problem(type, status), request);
    expect({ status: reply.status, code: reply.body.code, shape: isError(reply.body).valid }).toEqual({ status: expectedStatus, code, shape: true });
  });

  test('an UNKNOWN wrapper is classified by the type named in its title', () => {
    const wrapped = problem('UNKNOWN', 500, '', 'https://stoplight.io/prism/errors#NOT_FOUND: The server cannot find the requested content');
    expect(fromProblem(wrapped, request)).toMatchObject({ status: 400, body: { code: 'mock_prefer_unsupported' } });
  });

  test('an unknown problem type is reported as a defect of the mock, not blamed on the request', () => {
    expect(fromProblem(problem('SCHEMA_TOO_COMPLEX', 500), request)).toMatchObject({ status: 500, body: { code: 'mock_error' } });
  });
});

describe('fromHttpLayerError', () => {
  test('malformed JSON names the parse error', () => {
    const reply = fromHttpLayerError(400, { code: 'invalid_json', message: 'Invalid JSON' }, request);
    expect(reply).toEqual({ status: 400, body: { error: expect.stringMatching(/^Malformed JSON body: .+/), code: 'parse_error' } });
  });
});

describe('rewriteError', () => {
  test('keeps a contract error body that has no violations (e.g. the 401 example)', () => {
    const body = Buffer.from('{"error":"Ungültiges oder abgelaufenes Token","code":"unauthorized"}');
    expect(rewriteError(401, { 'content-type': 'application/json' }, body, request)).toBeUndefined();
  });

  test("replaces the 400 example's message with the request's violations, keeping its code", () => {
    const body = Buffer.from('{"error":"name: Stellen Sie sicher, dass dieses Feld nicht mehr als 200 Zeichen hat.","code":"invalid"}');
    const header = JSON.stringify([violation(['request', 'body', 'name'], 'Request body property name must be string')]);
    expect(rewriteError(400, { 'content-type': 'application/json', 'sl-violations': header }, body, request)).toEqual({
      status: 400,
      body: { error: 'name: must be string', code: 'invalid' },
    });
  });
});

describe('isPublishedAuthorization', () => {
  test.each([
    ['Bearer abc', true],
    ['Token abc', true],
    ['Session abc', true],
    ['bearer abc', true],
    ['Basic abc', false],
    ['Bearer', false],
    ['Bearer a b', false],
    ['abc', false],
    ['sessionid=abc', false],
  ])('%s -> %s', (value, expected) => {
    expect(isPublishedAuthorization(value)).toBe(expected);
  });
});
