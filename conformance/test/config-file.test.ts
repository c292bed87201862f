// conformance.config.json (or --config): each key reaches the run's configuration, flags and
// variables override it, and every mistake is one usage error naming the key (never a value of a
// header: those are secrets).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import schema from '../config.schema.json';
import { resources } from '../../generated';
import { OPERATION_IDS } from '../contract/facts';
import { AREAS } from '../engine/types';
import { parseOptions, UsageError, type Options } from '../options';

const UUID_A = '3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10';
const UUID_B = 'b8c9d0e1-f2a3-4b4c-9d5e-6f7a8b9c0d1e';
const LIVE = { CONFORMANCE_BASE_URL: 'https://staging.example', CONFORMANCE_TOKEN: 't' };

let dir: string;
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-config-'))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the default config file (or `name`) in the temporary working directory. */
const write = (values: unknown, name = 'conformance.config.json') => fs.writeFileSync(path.join(dir, name), typeof values === 'string' ? values : JSON.stringify(values));
const parse = (argv: string[] = [], env: NodeJS.ProcessEnv = LIVE) => parseOptions(argv, env, dir) as Options;

test.each([
  ['baseUrl', { baseUrl: 'https://from-file.example/' }, { CONFORMANCE_TOKEN: 't' }, { baseUrl: 'https://from-file.example', mode: 'live' }],
  ['publicBaseUrl', { publicBaseUrl: 'https://api.example.com/' }, LIVE, { publicBaseUrl: 'https://api.example.com' }],
  ['headers', { headers: { 'X-Gateway-Key': 'g-123456', 'X-Tenant': '7' } }, LIVE, { headers: { 'X-Gateway-Key': 'g-123456', 'X-Tenant': '7' } }],
  ['companies', { companies: [UUID_A] }, LIVE, { known: { companies: [UUID_A] } }],
  ['tags', { tags: [UUID_B] }, LIVE, { known: { tags: [UUID_B] } }],
  ['ids', { ids: { municipality: [UUID_A], tag: [UUID_B] } }, LIVE, { known: { ids: { municipality: [UUID_A], tag: [UUID_B] } } }],
  ['search', { search: { name: 'Gruber', country: 'AT' } }, LIVE, { known: { search: { name: 'Gruber', country: 'AT' } } }],
  ['operations.include', { operations: { include: ['municipalitiesList', 'companiesSearch'] } }, LIVE, { excluded: OPERATION_IDS.filter((op) => op !== 'municipalitiesList' && op !== 'companiesSearch') }],
  ['operations.exclude', { operations: { exclude: ['watchdogsEventsPartialUpdate'] } }, LIVE, { excluded: ['watchdogsEventsPartialUpdate'] }],
  ['writes', { writes: true }, LIVE, { writes: true }],
  ['only', { only: ['lists', 'auth'] }, LIVE, { areas: ['lists', 'auth'] }],
  ['budget', { budget: 3000 }, LIVE, { budget: 3000 }],
  ['timeout', { timeout: 2500 }, LIVE, { timeoutMs: 2500 }],
  ['maxPages', { maxPages: 9 }, LIVE, { maxPages: 9 }],
  ['rateLimit', { rateLimit: '300/min' }, LIVE, { rate: { perSecond: 5 } }],
  ['rateLimit, an operation alone', { rateLimit: 'companiesSearch=20/10s, 10/s' }, LIVE, { rate: { perSecond: 10, perOperation: { companiesSearch: 2 } } }],
  ['patience', { patience: 30 }, LIVE, { rate: { patienceMs: 30_000 } }],
  ['$schema', { $schema: './node_modules/cmds-contract-kit/dist/conformance/config.schema.json' }, LIVE, { mode: 'live' }],
] as Array<[string, object, NodeJS.ProcessEnv, object]>)('the key %s reaches the run', (_key, values, env, expected) => {
  write(values);
  const options = parse([], env);
  expect(options.config).toMatchObject(expected);
  expect(options.configFile).toBe('conformance.config.json');
});

test('without a file, none of its settings: the defaults', () => {
  const { config, configFile } = parse();
  expect(configFile).toBeUndefined();
  expect(config).not.toHaveProperty('known');
  expect(config).not.toHaveProperty('headers');
  expect(config).not.toHaveProperty('excluded');
});

test('--config names another file (relative to the working directory), as CONFORMANCE_CONFIG does', () => {
  write({ budget: 1234 }, 'staging.json');
  expect(parse(['--config', 'staging.json']).config.budget).toBe(1234);
  expect(parse([], { ...LIVE, CONFORMANCE_CONFIG: 'staging.json' }).config.budget).toBe(1234);
});

test('precedence: a flag, then its variable, then the file, then the default', () => {
  write({ budget: 3000, timeout: 2500, writes: true, only: ['lists'], baseUrl: 'https://from-file.example' });
  expect(parse(['--budget', '10'], { ...LIVE, CONFORMANCE_BUDGET: '20' }).config.budget).toBe(10);
  expect(parse([], { ...LIVE, CONFORMANCE_BUDGET: '20' }).config.budget).toBe(20);
  expect(parse().config.budget).toBe(3000);
  expect(parse([], { ...LIVE, CONFORMANCE_WRITES: '0' }).config.writes).toBe(false);
  expect(parse(['--only', 'auth']).config.areas).toEqual(['auth']);
  expect(parse([], { CONFORMANCE_TOKEN: 't' }).config.baseUrl).toBe('https://from-file.example');
  expect(parse([], LIVE).config.baseUrl).toBe('https://staging.example');
  expect(parse(['--sandbox'], {}).config.baseUrl).toBe('');
});

test('-H adds headers, repeatable, to the file\'s; the same name (any case) takes the command line\'s value', () => {
  write({ headers: { 'X-Gateway-Key': 'from-file', 'X-Tenant': '7' } });
  const { headers } = parse(['-H', 'x-gateway-key: from-flag', '--header', 'X-Trace:  on ']).config;
  expect(headers).toEqual({ 'x-gateway-key': 'from-flag', 'X-Tenant': '7', 'X-Trace': 'on' });
});

test.each([
  [{ tgas: [UUID_B] }, 'conformance.config.json: unknown key "tgas"; keys: baseUrl, publicBaseUrl, headers, ids, companies, tags, search, operations, writes, only, budget, timeout, maxPages, rateLimit, patience'],
  [{ ids: { companie: [UUID_A] } }, `conformance.config.json: ids.companie: the contract declares no resource "companie"; resources: ${Object.keys(resources).join(', ')}`],
  [{ ids: { municipality: [UUID_A, 'acme'] } }, "conformance.config.json: ids.municipality[1]: must be a UUID (the contract's municipality identifiers are)"],
  [{ ids: { tag: UUID_B } }, 'conformance.config.json: ids.tag: must be array'],
  [{ token: 'secret-value' }, 'conformance.config.json: token: secrets do not belong in a file; set CONFORMANCE_TOKEN'],
  [{ companies: [UUID_A, 'acme'] }, 'conformance.config.json: companies[1]: must be a UUID'],
  [{ tags: UUID_B }, 'conformance.config.json: tags: must be array'],
  [{ budget: 0 }, 'conformance.config.json: budget: must be >= 1'],
  [{ writes: 'yes' }, 'conformance.config.json: writes: must be boolean'],
  [{ only: ['everything'] }, `conformance.config.json: only[0]: must be one of ${AREAS.join(', ')}`],
  [{ rateLimit: 'fast' }, 'conformance.config.json: rateLimit: must be rates such as 5/s, 300/min, 20/10s or companiesSearch=20/10s, comma-separated'],
  [{ rateLimit: 'companySearch=2/s' }, `conformance.config.json: rateLimit: no operation "companySearch"; operations: ${OPERATION_IDS.join(', ')}`],
  [{ publicBaseUrl: 'api.example.com' }, 'conformance.config.json: publicBaseUrl: must be an http(s) URL'],
  [{ publicBaseUrl: 'https://api.example.com/?x=1' }, 'conformance.config.json: publicBaseUrl must not carry a query or fragment'],
  [{ baseUrl: 'https://x.example/#top' }, 'conformance.config.json: baseUrl must not carry a query or fragment'],
  [{ operations: { exclude: ['watchdogsDelete'] } }, `conformance.config.json: operations.exclude[0]: no operation "watchdogsDelete"; operations: ${OPERATION_IDS.join(', ')}`],
  [{ operations: { include: ['companiesSearch'], exclude: ['companiesSearch'] } }, 'conformance.config.json: operations: every operation is excluded; nothing would be judged'],
  [{ operations: { skip: [] } }, 'conformance.config.json: operations: unknown key "skip"; keys: include, exclude'],
  [{ search: { name: 'x'.repeat(513) } }, 'conformance.config.json: search: the contract refuses this body (/name must NOT have more than 512 characters)'],
  [{ search: { name: 7 } }, 'conformance.config.json: search.name: must be string'],
  [{ search: { nmae: 'Gruber' } }, 'conformance.config.json: search: unknown key "nmae"; keys: name, registration_number, status, country'],
  [{ search: { name: 'Gruber', Country: 'AT' } }, 'conformance.config.json: search: unknown key "Country"; keys: name, registration_number, status, country'],
  [{ headers: { 'Bad Name': 'v' } }, 'conformance.config.json: headers: "Bad Name" is not a header name (letters, digits and !#$%&\'*+.^_`|~- only)'],
  [{ headers: { Authorization: 'Bearer mine' } }, 'conformance.config.json: headers.Authorization: it carries credentials, which the suite sends itself in every published form (--token, --limited-token, --session-id)'],
  [{ headers: { 'X-Conformance-Run': 'mine' } }, 'conformance.config.json: headers.X-Conformance-Run: the suite sets this header itself'],
  ['{"budget": 3000,}', /^conformance\.config\.json is not JSON: /],
])('a mistake in the file is one usage error naming the key: %j', (values, message) => {
  write(values);
  const attempt = () => parse([], { CONFORMANCE_TOKEN: 't' });
  expect(attempt).toThrow(UsageError);
  expect(attempt).toThrow(message);
});

test('a mistake never shows a header\'s value', () => {
  write({ headers: { 'X-Gateway-Key': 42 } });
  expect(() => parse()).toThrow('conformance.config.json: headers.X-Gateway-Key: must be string');
  fs.rmSync(path.join(dir, 'conformance.config.json'));
  expect(() => parse(['-H', 'Authorization: Bearer secret-value'])).toThrow(/^-H Authorization: it carries credentials/);
  expect(() => parse(['-H', 'no colon secret-value'])).toThrow("-H must be 'Name: value' with a header name of letters, digits and !#$%&'*+.^_`|~- (got no colon)");
  for (const argv of [['-H', 'Authorization: Bearer secret-value'], ['-H', 'no colon secret-value']]) {
    expect(() => parse(argv)).not.toThrow(/secret-value/);
  }
});

test('--config naming a file that does not exist is a usage error; no default file is none', () => {
  expect(() => parse(['--config', 'missing.json'])).toThrow('--config missing.json: no such file');
  expect(parse().configFile).toBeUndefined();
});

test('the shipped schema is a valid JSON Schema whose areas are the suite\'s', () => {
  expect(new Ajv({ strict: true, validateFormats: false }).validateSchema(schema)).toBe(true);
  expect(schema.properties.only.items.enum).toEqual([...AREAS]);
});
