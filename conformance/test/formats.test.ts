// The formats held to their RFCs where ajv-formats is looser (contract/formats.ts): each value
// the RFC refuses and ajv-formats takes is refused here, each the RFC allows is taken, and the
// rule that validates answers (body_matches_schema) names the field.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { responseExamples } from '../contract/document';
import { dateTimeProblem, strictFormatErrors, uuidProblem } from '../contract/formats';
import { FACTS } from '../contract/facts';
import { bodyMatchesSchema } from '../rules/responses';
import { exchange } from './support/exchange';

/** ajv-formats as the generated validators use it (scripts/generate/ajv.ts). */
const ajv = addFormats(new Ajv2020(), ['date-time', 'uuid']);
const ajvTakes = (format: string, value: string) => ajv.validate({ type: 'string', format }, value);

test.each([
  '2025-01-31T23:59:59Z',
  '2025-01-31t23:59:59z',
  '2025-01-31T23:59:59.123456+01:00',
  '2024-02-29T00:00:00-00:00',
  '2016-12-31T23:59:60Z',
  '2017-01-01T00:59:60+01:00',
])('an RFC 3339 date-time is taken: %s', (value) => {
  expect(dateTimeProblem(value)).toBeUndefined();
  expect(ajvTakes('date-time', value)).toBe(true);
});

test.each([
  ['2025-01-31T10:00:00+0100', /offset has no colon/],
  ['2025-01-31T10:00:00+01', /offset has no minutes/],
  ['2025-01-31 10:00:00+00:00', /not separated by "T"/],
  ['2025-01-31\t10:00:00Z', /not separated by "T"/],
])('ajv-formats takes %s, RFC 3339 does not', (value, problem) => {
  expect(ajvTakes('date-time', value)).toBe(true);
  expect(dateTimeProblem(value)).toMatch(problem);
});

test.each([
  ['2025-01-31T10:00:00', /no offset/],
  ['2025-02-29T10:00:00Z', /no such date/],
  ['2025-01-31T24:00:00Z', /no such time/],
  ['2025-01-31T10:00:60Z', /leap second/],
  ['31.01.2025 10:00', /not YYYY-MM-DD/],
])('neither takes %s', (value, problem) => {
  expect(ajvTakes('date-time', value)).toBe(false);
  expect(dateTimeProblem(value)).toMatch(problem);
});

test('a UUID in either case is taken; its URN is not, which ajv-formats takes', () => {
  expect(uuidProblem('3F1C2A9E-8B4D-4E7A-9C21-5D0E6B7A8F10')).toBeUndefined();
  expect(ajvTakes('uuid', 'urn:uuid:3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10')).toBe(true);
  expect(uuidProblem('urn:uuid:3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10')).toMatch(/URN/);
});

test('every value of the contract schema is walked and named by its JSON pointer; null and absent values are the schema’s', () => {
  const schema = { type: 'object', properties: { at: { type: ['string', 'null'], format: 'date-time' }, ids: { type: 'array', items: { type: 'string', format: 'uuid' } } } };
  expect(strictFormatErrors(schema, { at: null, ids: ['3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10'] })).toEqual([]);
  expect(strictFormatErrors(schema, { at: '2025-01-31T10:00:00+0100', ids: ['x'] }).map((e) => e.pointer)).toEqual(['/at', '/ids/0']);
  expect(strictFormatErrors(schema, { at: '2025-01-31T10:00:00+0100', ids: ['x', 'urn:uuid:3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10'] }).map((e) => e.line)).toEqual([
    '/at "2025-01-31T10:00:00+0100" is not an RFC 3339 date-time: its offset has no colon (RFC 3339: ±hh:mm)',
    '/ids/0 "x" is not a UUID (RFC 9562): it is not 8-4-4-4-12 hexadecimal digits',
    '/ids/1 "urn:uuid:3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10" is not a UUID (RFC 9562): it is the URN (urn:uuid:…), not the UUID',
  ]);
});

test('a request value is proven by the same check: a companies item as a URN is not valid', () => {
  const create = FACTS.watchdogsCreate.bodies[0]!;
  expect(create.validate({ name: 'n', prompt: 'p', companies: ['3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10'] }).valid).toBe(true);
  expect(create.validate({ name: 'n', prompt: 'p', companies: ['urn:uuid:3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10'] }).valid).toBe(false);
});

test('body_matches_schema fails a watchdog whose created_at has an offset without its colon', () => {
  const watchdog = responseExamples('watchdogsCreate', 201)[0]!.value as Record<string, unknown>;
  const verdict = bodyMatchesSchema.check(exchange('watchdogsCreate', 201, { ...watchdog, created_at: '2025-01-01T10:00:00+0100' }));
  expect(verdict?.outcome).toBe('fail');
  expect(verdict?.message).toContain('/created_at "2025-01-01T10:00:00+0100" is not an RFC 3339 date-time');
  expect(bodyMatchesSchema.check(exchange('watchdogsCreate', 201, { ...watchdog, created_at: '2025-01-01T10:00:00+01:00' }))?.outcome).toBe('pass');
});
