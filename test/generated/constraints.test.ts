// For every kind of constraint the contract uses, a payload that breaks exactly that one
// constraint is rejected by the precompiled validator, with a message naming pointer and rule.
import doc from '../../generated/openapi.json';
import type { SchemaName } from '../../generated';
import { parameterValidatorFor, requestValidatorFor, schemaValidator, validatorFor } from '../../protocol/validation';

const example = (name: string) => structuredClone((doc.components.examples as Record<string, { value: any }>)[name]!.value);

interface Case {
  constraint: string;
  validate: (data: unknown) => { valid: boolean; errors: string[]; violations: Array<{ pointer: string; keyword: string }> };
  /** A valid payload... */
  base: () => any;
  /** ...and the one change that breaks exactly the constraint. */
  breakIt: (payload: any) => void;
  message: string;
}

const page = () => example('municipalities-at');
const watchdog = () => example('watchdog-at');
const official = () => page().results[0].officials[0];
const searchResult = () => example('company-search-at').results[0];
const createBody = () => example('watchdog-create-at');
const municipalities = validatorFor('municipalitiesList', 200)!;
const created = validatorFor('watchdogsCreate', 201)!;
const createRequest = requestValidatorFor('watchdogsCreate')!;
const countryCodes = parameterValidatorFor('municipalitiesList', 'query', 'country_code')!;
const schema = (name: SchemaName) => schemaValidator(name);

const CASES: Case[] = [
  { constraint: 'required (response)', validate: created, base: watchdog, breakIt: (w) => delete w.prompt, message: "/prompt must have required property 'prompt'" },
  { constraint: 'required (request)', validate: createRequest, base: createBody, breakIt: (b) => delete b.prompt, message: "/prompt must have required property 'prompt'" },
  { constraint: 'maxLength', validate: municipalities, base: page, breakIt: (p) => { p.results[0].official_code = '6'.repeat(65); }, message: '/results/0/official_code must NOT have more than 64 characters' },
  { constraint: 'pattern', validate: municipalities, base: page, breakIt: (p) => { p.results[0].country_code = 'at'; }, message: '/results/0/country_code must match pattern "^[A-Z]{2}$"' },
  { constraint: 'pattern (query parameter)', validate: countryCodes, base: () => ['AT', 'DE'], breakIt: (codes) => { codes[1] = 'de'; }, message: '/1 must match pattern "^[A-Z]{2}$"' },
  { constraint: 'maxLength (request)', validate: createRequest, base: createBody, breakIt: (b) => { b.name = 'x'.repeat(201); }, message: '/name must NOT have more than 200 characters' },
  { constraint: 'maximum', validate: municipalities, base: page, breakIt: (p) => { p.results[1].population = 2147483648; }, message: '/results/1/population must be <= 2147483647' },
  { constraint: 'minimum', validate: municipalities, base: page, breakIt: (p) => { p.results[0].population = -1; }, message: '/results/0/population must be >= 0' },
  { constraint: 'enum', validate: schema('CompanySearchResult'), base: searchResult, breakIt: (c) => { c.status = 'Aktiv'; }, message: '/status must be equal to one of the allowed values: Active, Inactive, In Liquidation, Dissolved, Bankrupt, Restructuring, Insolvency Proceeding, Relocated' },
  { constraint: 'format uuid', validate: created, base: watchdog, breakIt: (w) => { w.uuid = 'not-a-uuid'; }, message: '/uuid must match format "uuid"' },
  { constraint: 'format date', validate: municipalities, base: page, breakIt: (p) => { p.results[0].population_as_of = '01.01.2025'; }, message: '/results/0/population_as_of must match format "date"' },
  { constraint: 'format date-time', validate: created, base: watchdog, breakIt: (w) => { w.created_at = '2026-03-14'; }, message: '/created_at must match format "date-time"' },
  { constraint: 'format email', validate: schema('MunicipalityOfficial'), base: official, breakIt: (o) => { o.work_email = 'buergermeister at hallstatt'; }, message: '/work_email must match format "email"' },
  { constraint: 'format uri', validate: municipalities, base: page, breakIt: (p) => { p.next = 'page 2'; }, message: '/next must match format "uri"' },
  { constraint: 'not nullable', validate: municipalities, base: page, breakIt: (p) => { p.results[0].name = null; }, message: '/results/0/name must be string' },
  { constraint: 'nullable type', validate: municipalities, base: page, breakIt: (p) => { p.results[0].population = 'viele'; }, message: '/results/0/population must be integer,null' },
  { constraint: 'array item type', validate: created, base: watchdog, breakIt: (w) => { w.companies = [42]; }, message: '/companies/0 must be string' },
  { constraint: 'array item format', validate: requestValidatorFor('watchdogsSubscribe')!, base: () => example('watchdog-subscribe'), breakIt: (b) => { b.companies = ['Hofbauer']; }, message: '/companies/0 must match format "uuid"' },
  { constraint: 'type', validate: schema('Watchdog'), base: watchdog, breakIt: (w) => { w.is_active = 'yes'; }, message: '/is_active must be boolean' },
];

describe('precompiled validators', () => {
  /** The ajv keyword a case breaks, by its name: `format uuid` → format, `nullable type` → type. */
  const keywordOf = (constraint: string) => (/format/.test(constraint) ? 'format' : /type|nullable/.test(constraint) ? 'type' : constraint.split(' ')[0]);

  test.each(CASES)('reject a payload that breaks $constraint, and only that', ({ constraint, validate, base, breakIt, message }) => {
    const payload = base();
    expect(validate(payload)).toEqual({ valid: true, errors: [], violations: [] });
    breakIt(payload);
    // The line for people, and the same violation as data: where, and which keyword.
    expect(validate(payload)).toEqual({ valid: false, errors: [message], violations: [{ pointer: message.split(' ')[0], keyword: keywordOf(constraint) }] });
  });

  // maxLength counts code points, as the published "max length 200" of a name means characters:
  // 200 emoji are 400 UTF-16 units and still fit; 201 do not.
  test.each([
    ['200 astral characters', '🏔'.repeat(200), []],
    ['201 astral characters', '🏔'.repeat(201), ['/name must NOT have more than 200 characters']],
    ['200 ASCII characters', 'x'.repeat(200), []],
  ])('maxLength counts code points: %s', (_label, name, errors) => {
    expect(createRequest({ ...createBody(), name }).errors).toEqual(errors);
  });

  // ISO 3166-1 alpha-2 is two letters: one or three break the length and the pattern alike.
  test.each([
    ['A', ['/0 must NOT have fewer than 2 characters', '/0 must match pattern "^[A-Z]{2}$"']],
    ['AUT', ['/0 must NOT have more than 2 characters', '/0 must match pattern "^[A-Z]{2}$"']],
  ])('an alpha-2 code of the wrong length: %s', (code, errors) => {
    expect(countryCodes([code]).errors).toEqual(errors);
  });

  test('nullable fields accept null', () => {
    const p = page();
    Object.assign(p.results[0], { population: null, population_as_of: null, reference_date: null });
    Object.assign(p.results[0].officials[0], { work_email: null, work_phone: null, start_date: null, source_url: null });
    expect(municipalities(p)).toEqual({ valid: true, errors: [], violations: [] });
  });

  test('last_signal is an open object: any properties pass', () => {
    expect(created({ ...watchdog(), last_signal: { anything: [1, 'two'], nested: { ok: true } } }).valid).toBe(true);
    expect(created({ ...watchdog(), last_signal: 'not an object' }).errors).toEqual(['/last_signal must be object']);
  });
});
