// A negative case only when the request is invalid as sent under every combination of the
// lenient readings servers make (trim, empty as absent, text as number, case folding, the last
// of repeated values); a positive one only when it is valid under all of them. The request is serialised the way it
// goes on the wire (query and form encoding, JSON, multipart) before it is judged.
import { classify, proven } from '../cases/classify';
import { ofLength, samplesFor } from '../cases/values';
import type { JsonSchema } from '../contract/document';
import { FACTS } from '../contract/facts';
import type { RequestSpec } from '../engine/request';

const U = 'd290f1ee-6c54-4b01-90e6-d701748f0851';
const json = (value: unknown) => ({ kind: 'json' as const, value });
const spec = (operationId: RequestSpec['operationId'], rest: Partial<RequestSpec>): RequestSpec => ({ operationId, purpose: 'case', ...rest });
const create = (fields: Record<string, unknown>) => spec('watchdogsCreate', { body: json({ name: 'a', prompt: 'p', ...fields }) });

test.each([
  ['a name of 200 characters', create({ name: 'x'.repeat(200) }), 'valid'],
  ['a name of 200 astral characters (400 UTF-16 units)', create({ name: '𝔄'.repeat(200) }), 'valid'],
  ['a name of 201 characters', create({ name: 'x'.repeat(201) }), 'invalid'],
  ['a name of 200 characters and a trailing space (trimmed by lenient servers)', create({ name: `${'x'.repeat(200)} ` }), 'open'],
  ['a name that is a number (lenient servers take it as text)', create({ name: 123 }), 'open'],
  ['a name that is true', create({ name: true }), 'invalid'],
  ['no name', spec('watchdogsCreate', { body: json({ prompt: 'p' }) }), 'invalid'],
  ['a body that is an array', spec('watchdogsCreate', { body: json([]) }), 'invalid'],
  ['a null body where a body is required', spec('watchdogsCreate', { body: json(null) }), 'invalid'],
  ['a null body where a body is optional (lenient servers read no body)', spec('watchdogsSubscribe', { params: { uuid: U }, body: json(null) }), 'open'],
  ['malformed JSON', spec('watchdogsCreate', { body: { kind: 'raw', contentType: 'application/json', text: '{"name": "x' } }), 'invalid'],
  ['a JSON body labelled text/plain', spec('watchdogsCreate', { body: { kind: 'raw', contentType: 'text/plain', text: '{}' } }), 'open'],
  ['a null in companies', create({ companies: [null] }), 'invalid'],
  ['a number in companies (a UUID field may read an integer)', create({ companies: [123] }), 'open'],
  ['is_active "yes" (lenient servers read true)', create({ is_active: 'yes' }), 'open'],
  ['is_active "maybe"', create({ is_active: 'maybe' }), 'invalid'],
  ['a path UUID that is a word', spec('watchdogsActivate', { params: { uuid: 'not-a-uuid' }, body: json({}) }), 'invalid'],
  ['deactivate without a body', spec('watchdogsDeactivate', { params: { uuid: U } }), 'invalid'],
  ['page=abc', spec('municipalitiesList', { query: [['page', 'abc']] }), 'invalid'],
  ['page=1.0 (lenient servers read 1)', spec('municipalitiesList', { query: [['page', '1.0']] }), 'open'],
  ['page=1.7e+21 (an integer to servers that read numbers with Number())', spec('municipalitiesList', { query: [['page', '1.730535178414876e+21']] }), 'open'],
  ['page=1.5', spec('municipalitiesList', { query: [['page', '1.5']] }), 'invalid'],
  ['an empty official_role (filters ignore empty values)', spec('municipalitiesList', { query: [['official_role', '']] }), 'open'],
  ['an official_role of one space (trimmed, then ignored as empty)', spec('municipalitiesList', { query: [['official_role', ' ']] }), 'open'],
  ['official_role in upper case (servers may fold the case of enum values)', spec('municipalitiesList', { query: [['official_role', 'MAYOR']] }), 'open'],
  ['official_role outside the enum in any case, trimmed or not', spec('municipalitiesList', { query: [['official_role', ' Emperor ']] }), 'invalid'],
  ['a form search with an empty status (an empty form field ignored)', spec('companiesSearch', { body: { kind: 'form', fields: [['status', '']] } }), 'open'],
  ['a multipart search with a status of spaces (trimmed, then ignored)', spec('companiesSearch', { body: { kind: 'multipart', fields: [['status', '  ']] } }), 'open'],
  ['a JSON search with status "active" (case folded)', spec('companiesSearch', { body: json({ status: 'active' }) }), 'open'],
  ['page=" 2 " (trimmed, then a number)', spec('municipalitiesList', { query: [['page', ' 2 ']] }), 'open'],
  ['official_role outside the enum', spec('municipalitiesList', { query: [['official_role', 'emperor']] }), 'invalid'],
  ['a uuid filter that is no UUID', spec('municipalitiesList', { query: [['uuid', 'nope']] }), 'invalid'],
  ['a search name of 513 characters, form-encoded', spec('companiesSearch', { body: { kind: 'form', fields: [['name', 'x'.repeat(513)]] } }), 'invalid'],
  ['a search status outside the enum, multipart', spec('companiesSearch', { body: { kind: 'multipart', fields: [['status', 'Zombie']] } }), 'invalid'],
  ['a form field sent twice (which value counts is not fixed)', spec('companiesSearch', { body: { kind: 'form', fields: [['status', 'Active'], ['status', 'Zombie']] } }), 'open'],
  ['a country code (its type is not published: no value is proven valid)', spec('companiesSearch', { body: json({ country: 'AT' }) }), 'open'],
  ['a number for the country (its type is a modelling choice)', spec('companiesSearch', { body: json({ country: 5 }) }), 'open'],
] as Array<[string, RequestSpec, string]>)('%s: %s', (_name, request, validity) => {
  expect(classify(request).validity).toBe(validity);
});

test('a number sent in a form is text on the wire: never a wrong-type case', () => {
  expect(classify(spec('companiesSearch', { body: { kind: 'form', fields: [['name', '123']] } })).validity).toBe('valid');
});

test('a lone surrogate in a query value arrives as U+FFFD, as every encoder sends it', () => {
  expect(classify(spec('municipalitiesList', { query: [['q', '\ud800']] })).validity).toBe('valid');
});

test('a refusal that rests only on a modelling choice is marked so (it can only warn)', () => {
  expect(classify(spec('companiesSearch', { query: [['status', 'Zombie']] }))).toMatchObject({ validity: 'invalid', choice: true });
  expect(classify(spec('municipalitiesList', { query: [['official_role', 'emperor']] }))).toMatchObject({ validity: 'invalid', choice: false });
});

test('fields left out whose required-ness is not published are named', () => {
  expect(classify(spec('watchdogsActivate', { params: { uuid: U }, body: json({ name: 'n' }) })).openFields).toEqual(['prompt', 'companies', 'tags', 'is_active']);
  expect(classify(create({})).openFields).toEqual([]);
});

test('an intended case keeps its expectation only when proven', () => {
  expect(proven(create({ name: 'x'.repeat(201) }), 'refuse')).toEqual({ expect: 'refuse', choice: false });
  expect(proven(create({ name: 123 }), 'refuse')).toEqual({ expect: 'any' });
  expect(proven(create({ name: 'x'.repeat(200) }), 'accept')).toEqual({ expect: 'accept', choice: undefined });
  expect(proven(create({ name: true }), 'any')).toEqual({ expect: 'refuse', choice: false });
});

describe('what must be refused: a refusal rule, or only a description in prose or a read input\'s value domain', () => {
  const list = (...query: Array<[string, string]>) => spec('municipalitiesList', { query });
  test.each([
    ['a uuid filter that is no UUID (a format of a typed field)', list(['uuid', 'not-a-uuid'])],
    ['an official_role outside the enum', list(['official_role', 'emperor'])],
    ['page=abc (an integer page)', list(['page', 'abc'])],
    ['a 201-character watchdog name (a bound of a stored field)', create({ name: 'x'.repeat(201) })],
    ['a search status outside the enum', spec('companiesSearch', { body: json({ status: 'Zombie' }) })],
    ['a search name of the wrong JSON type', spec('companiesSearch', { body: json({ name: true }) })],
    ['a country code beside page=abc (one refusal rule is enough)', list(['country_code', 'conformance-x'], ['page', 'abc'])],
  ] as Array<[string, RequestSpec]>)('%s: required', (_name, request) => {
    expect(classify(request)).toMatchObject({ validity: 'invalid' });
    expect(classify(request).optional).toBeUndefined();
    expect(proven(request, 'refuse')).toEqual({ expect: 'refuse', choice: false });
  });

  test.each([
    ['a country code that is no ISO 3166-1 alpha-2 code (a pattern made from prose)', list(['country_code', 'conformance-x']), /query\/country_code: the value is not ISO 3166-1 alpha-2, which the document states in prose/],
    ['a NUL as a country code', list(['country_code', '\u0000']), /not ISO 3166-1 alpha-2/],
    ['a search name of 513 characters (a bound of a search input: nothing is stored)', spec('companiesSearch', { body: json({ name: 'x'.repeat(513) }) }), /body: name breaks maxLength 512 of an input the operation only reads/],
    ['a registration number of 101 characters, multipart', spec('companiesSearch', { body: { kind: 'multipart', fields: [['registration_number', 'x'.repeat(101)]] } }), /maxLength 100/],
  ] as Array<[string, RequestSpec, RegExp]>)('%s: optional', (_name, request, why) => {
    expect(classify(request).validity).toBe('invalid');
    expect(classify(request).optional).toMatch(why);
    expect(proven(request, 'refuse')).toEqual({ expect: 'refuse', choice: false, refusalOptional: expect.stringMatching(why) });
  });

  test('the prose the contract marks is read from generated/ (x-from-prose), not from a list of names', () => {
    const items = FACTS.municipalitiesList.parameters.find((p) => p.name === 'country_code')!.schema.items as JsonSchema;
    expect(items['x-from-prose']).toMatchObject({ keywords: ['pattern', 'minLength', 'maxLength'] });
  });
});

describe('samples from a schema', () => {
  const ctx = { tag: 'conformance-t', references: () => undefined, freshUuid: () => U };
  const name = (FACTS.watchdogsCreate.bodies[0]!.schema.properties as Record<string, JsonSchema>).name!;

  test('every bound from both sides, counted in code points, in ASCII, non-ASCII and astral characters', () => {
    const samples = samplesFor(name, 'name', ctx).filter((s) => typeof s.value === 'string' && [...(s.value as string)].length >= 200);
    expect(samples.map((s) => [[...(s.value as string)].length, s.intent])).toEqual([
      [200, 'accept'], [201, 'refuse'], [200, 'accept'], [201, 'refuse'], [200, 'accept'], [201, 'refuse'],
    ]);
    expect(ofLength('abc-', 5, '𝔄')).toBe('abc-𝔄');
  });

  test('every enum value, and one outside', () => {
    const status = (FACTS.companiesSearch.bodies[0]!.schema.properties as Record<string, JsonSchema>).status!;
    const samples = samplesFor(status, 'status', ctx);
    expect(samples.filter((s) => s.intent === 'accept').map((s) => s.value)).toEqual(['Active', 'Inactive', 'In Liquidation', 'Dissolved', 'Bankrupt', 'Restructuring', 'Insolvency Proceeding', 'Relocated']);
    expect(samples.filter((s) => s.intent === 'refuse').map((s) => s.value)).toContain('zz-not-listed');
  });
});
