// The gate held to oasdiff's line: one small base/revision pair per oasdiff rule, written here
// (oasdiff's rule ids and levels are facts; the documents are ours). A pair names the rule(s) it
// holds and oasdiff's level; the gate must refuse every ERR pair and pass every INFO pair. For
// the few WARN rules held, the pair says which way the gate goes and why.
// The pairs are data: a place (where the schema or node sits in a tiny operation) and the node
// before and after. `Sides` builds both documents; `pairs-document.ts` lays them side by side.
// Every ERR rule of oasdiff's checker has a pair but the four `*-deprecated-sunset-missing`, which
// oasdiff reports only under a `--deprecation-days` policy (a sunset required at least N days
// ahead); the gate has no such policy, and a deprecation without a sunset is valid.
import type { JsonObject } from '../../scripts/breaking/pointer';

export type Level = 'ERR' | 'WARN' | 'INFO';
export type Verdict = 'refused' | 'passed';

/** One side of a pair: its paths, and components or a root `security` where it needs them. */
export interface Side {
  paths?: JsonObject;
  components?: JsonObject;
  security?: JsonObject[];
  webhooks?: JsonObject;
}

export interface Pair {
  /** oasdiff rule id(s) this pair holds; the first names the pair. */
  rules: string[];
  level: Level;
  family: string;
  base: Side;
  revision: Side;
  /** ERR → refused, INFO → passed; a WARN pair says which, with `why`. */
  verdict: Verdict;
  why?: string;
  /** Compared in a document of its own: the change is at the root (security), not under a path. */
  alone?: true;
}

const ok = { '200': { description: 'ok' } };
type Schema = JsonObject;
type Place = (node: JsonObject) => Side;

// Where a schema or node sits. Each place is one operation under `/x`.
const get = (operation: JsonObject): Side => ({ paths: { '/x': { get: { responses: ok, ...operation } } } });
const post = (operation: JsonObject): Side => ({ paths: { '/x': { post: { responses: ok, ...operation } } } });
const json = (schema: Schema) => ({ content: { 'application/json': { schema } } });

/** An optional query parameter `q` with this schema. */
const query: Place = (schema) => get({ parameters: [{ name: 'q', in: 'query', schema }] });
/** The query parameter itself (its `required`, `deprecated`, `x-sunset`…), schema string. */
const queryParameter: Place = (fields) => get({ parameters: [{ name: 'q', in: 'query', schema: { type: 'string' }, ...fields }] });
/** A header parameter `X-Q` with this schema. */
const header: Place = (schema) => get({ parameters: [{ name: 'X-Q', in: 'header', schema }] });
/** The required JSON request body. */
const body: Place = (schema) => post({ requestBody: { required: true, ...json(schema) } });
/** Property `p` (optional) of the request body. */
const property: Place = (schema) => body({ type: 'object', properties: { p: schema } });
/** The 200 JSON response body. */
const response: Place = (schema) => get({ responses: { '200': { description: 'ok', ...json(schema) } } });
/** Property `p` (required) of the response body. */
const responseProperty: Place = (schema) => response({ type: 'object', required: ['p'], properties: { p: schema } });
/** Response header `X-R` of the 200 (the header object: `required`, `schema`). */
const responseHeader: Place = (fields) => get({ responses: { '200': { description: 'ok', headers: { 'X-R': { schema: { type: 'string' }, ...fields } } } } });
/** The operation itself (`deprecated`, `x-sunset`, `x-stability-level`, `operationId`, `tags`). */
const operation: Place = (fields) => get(fields);

interface Row {
  rules: string | string[];
  level: Level;
  place: Place;
  before: JsonObject;
  after: JsonObject;
  verdict?: Verdict;
  why?: string;
}

/** A row of a family: the place, the node before and after. */
const pairsOf = (family: string, rows: Row[]): Pair[] =>
  rows.map(({ rules, level, place, before, after, verdict, why }) => ({
    rules: [rules].flat(),
    level,
    family,
    base: place(before),
    revision: place(after),
    verdict: verdict ?? (level === 'INFO' ? 'passed' : 'refused'),
    ...(why !== undefined && { why }),
  }));

/** A pair given as two whole sides (paths, components, security). */
const sides = (family: string, rules: string | string[], level: Level, base: Side, revision: Side, extra: Partial<Pair> = {}): Pair => ({
  rules: [rules].flat(),
  level,
  family,
  base,
  revision,
  verdict: level === 'INFO' ? 'passed' : 'refused',
  ...extra,
});

const str: Schema = { type: 'string' };
const int: Schema = { type: 'integer' };
const num: Schema = { type: 'number' };
const strings: Schema = { type: 'array', items: str };
const PAST = '2020-01-01';
const FUTURE = '2999-12-31';
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({ type: 'object', properties, required });

const PARAMETERS = pairsOf('request parameters', [
  { rules: 'new-required-request-parameter', level: 'ERR', place: get, before: {}, after: { parameters: [{ name: 'q', in: 'query', required: true, schema: str }] } },
  { rules: 'request-parameter-became-required', level: 'ERR', place: queryParameter, before: {}, after: { required: true } },
  { rules: 'request-parameter-type-changed', level: 'ERR', place: query, before: str, after: int },
  { rules: 'request-parameter-list-of-types-narrowed', level: 'ERR', place: query, before: { type: ['string', 'integer'] }, after: str },
  { rules: 'request-parameter-became-not-nullable', level: 'ERR', place: query, before: { type: ['string', 'null'] }, after: str },
  { rules: 'request-parameter-became-enum', level: 'ERR', place: query, before: str, after: { type: 'string', enum: ['a', 'b'] } },
  { rules: 'request-parameter-enum-value-removed', level: 'ERR', place: query, before: { type: 'string', enum: ['a', 'b'] }, after: { type: 'string', enum: ['a'] } },
  { rules: 'request-parameter-max-length-decreased', level: 'ERR', place: query, before: { type: 'string', maxLength: 10 }, after: { type: 'string', maxLength: 5 } },
  { rules: 'request-parameter-min-length-increased', level: 'ERR', place: query, before: { type: 'string', minLength: 1 }, after: { type: 'string', minLength: 3 } },
  { rules: 'request-parameter-max-decreased', level: 'ERR', place: query, before: { type: 'integer', maximum: 100 }, after: { type: 'integer', maximum: 50 } },
  { rules: 'request-parameter-min-increased', level: 'ERR', place: query, before: { type: 'integer', minimum: 0 }, after: { type: 'integer', minimum: 1 } },
  { rules: 'request-parameter-exclusive-max-decreased', level: 'ERR', place: query, before: { type: 'number', exclusiveMaximum: 10 }, after: { type: 'number', exclusiveMaximum: 5 } },
  { rules: 'request-parameter-exclusive-min-increased', level: 'ERR', place: query, before: { type: 'number', exclusiveMinimum: 0 }, after: { type: 'number', exclusiveMinimum: 1 } },
  { rules: 'request-parameter-max-items-decreased', level: 'ERR', place: query, before: { ...strings, maxItems: 10 }, after: { ...strings, maxItems: 5 } },
  { rules: 'request-parameter-min-items-increased', level: 'ERR', place: query, before: { ...strings, minItems: 0 }, after: { ...strings, minItems: 1 } },
  { rules: 'request-parameter-pattern-added', level: 'ERR', place: query, before: str, after: { type: 'string', pattern: '^[a-z]+$' } },
  { rules: 'request-parameter-default-value-changed', level: 'ERR', place: query, before: { type: 'integer', default: 10 }, after: { type: 'integer', default: 20 } },
  { rules: 'request-parameter-default-value-added', level: 'ERR', place: query, before: int, after: { type: 'integer', default: 10 } },
  { rules: 'request-parameter-default-value-removed', level: 'ERR', place: query, before: { type: 'integer', default: 10 }, after: int },
  { rules: 'request-parameter-x-extensible-enum-value-removed', level: 'ERR', place: query, before: { type: 'string', 'x-extensible-enum': ['a', 'b'] }, after: { type: 'string', 'x-extensible-enum': ['a'] } },
  { rules: 'request-parameter-property-type-specialized', level: 'ERR', place: query, before: object({ a: num }), after: object({ a: int }) },
  { rules: 'request-parameter-property-enum-value-removed', level: 'ERR', place: query, before: object({ a: { type: 'string', enum: ['x', 'y'] } }), after: object({ a: { type: 'string', enum: ['x'] } }) },
  { rules: 'request-parameter-property-list-of-types-narrowed', level: 'ERR', place: query, before: object({ a: { type: ['string', 'integer'] } }), after: object({ a: str }) },
  { rules: 'request-parameter-property-became-not-nullable', level: 'ERR', place: query, before: object({ a: { type: ['string', 'null'] } }), after: object({ a: str }) },
  { rules: 'new-required-request-header-property', level: 'ERR', place: header, before: object({ a: str }), after: object({ a: str, b: str }, ['b']) },
  { rules: 'request-header-property-became-required', level: 'ERR', place: header, before: object({ a: str }), after: object({ a: str }, ['a']) },
  { rules: 'request-header-property-became-enum', level: 'ERR', place: header, before: object({ a: str }), after: object({ a: { type: 'string', enum: ['x'] } }) },
  { rules: 'request-parameter-removed', level: 'WARN', place: get, before: { parameters: [{ name: 'q', in: 'query', schema: str }] }, after: {}, verdict: 'refused', why: 'a server that refuses unknown parameters answers 400 to a client that still sends it' },
  { rules: 'request-parameter-max-length-set', level: 'WARN', place: query, before: str, after: { type: 'string', maxLength: 10 }, verdict: 'refused', why: 'a value the old contract allowed is refused: a narrowing like a decrease' },
  { rules: 'request-parameter-pattern-changed', level: 'WARN', place: query, before: { type: 'string', pattern: '^[a-z]+$' }, after: { type: 'string', pattern: '^[A-Z]+$' }, verdict: 'refused', why: 'a pattern the gate cannot prove looser is refused (here it is not looser)' },
  // Safe changes.
  { rules: 'new-optional-request-parameter', level: 'INFO', place: get, before: {}, after: { parameters: [{ name: 'q', in: 'query', schema: str }] } },
  { rules: 'request-parameter-became-optional', level: 'INFO', place: queryParameter, before: { required: true }, after: { required: false } },
  { rules: 'request-parameter-enum-value-added', level: 'INFO', place: query, before: { type: 'string', enum: ['a'] }, after: { type: 'string', enum: ['a', 'b'] } },
  { rules: 'request-parameter-max-length-increased', level: 'INFO', place: query, before: { type: 'string', maxLength: 5 }, after: { type: 'string', maxLength: 10 } },
  { rules: 'request-parameter-min-length-decreased', level: 'INFO', place: query, before: { type: 'string', minLength: 3 }, after: { type: 'string', minLength: 1 } },
  { rules: 'request-parameter-max-increased', level: 'INFO', place: query, before: { type: 'integer', maximum: 50 }, after: { type: 'integer', maximum: 100 } },
  { rules: 'request-parameter-min-decreased', level: 'INFO', place: query, before: { type: 'integer', minimum: 1 }, after: { type: 'integer', minimum: 0 } },
  { rules: 'request-parameter-max-items-increased', level: 'INFO', place: query, before: { ...strings, maxItems: 5 }, after: { ...strings, maxItems: 10 } },
  { rules: 'request-parameter-min-items-decreased', level: 'INFO', place: query, before: { ...strings, minItems: 2 }, after: { ...strings, minItems: 1 } },
  { rules: 'request-parameter-exclusive-max-increased', level: 'INFO', place: query, before: { type: 'number', exclusiveMaximum: 5 }, after: { type: 'number', exclusiveMaximum: 10 } },
  { rules: 'request-parameter-became-nullable', level: 'INFO', place: query, before: str, after: { type: ['string', 'null'] } },
  { rules: 'request-parameter-type-generalized', level: 'INFO', place: query, before: int, after: num },
  { rules: 'request-parameter-list-of-types-widened', level: 'INFO', place: query, before: str, after: { type: ['string', 'integer'] } },
  { rules: 'request-parameter-pattern-removed', level: 'INFO', place: query, before: { type: 'string', pattern: '^[a-z]+$' }, after: str },
  { rules: 'request-parameter-pattern-generalized', level: 'INFO', place: query, before: { type: 'string', pattern: '^[a-z]+$' }, after: { type: 'string', pattern: '.*' } },
  { rules: 'request-parameter-pattern-generalized', level: 'INFO', place: query, before: { type: 'string', pattern: '^[a-z]+$' }, after: { type: 'string', pattern: '^[a-z]+$|^[0-9]+$' }, why: 'loosened: the old pattern is one alternative of the new' },
  { rules: 'request-parameter-pattern-generalized', level: 'INFO', place: query, before: { type: 'string', pattern: '^[a-z]+$' }, after: { type: 'string', pattern: '^[a-z]+' }, why: 'loosened: an anchor dropped' },
  { rules: 'request-parameter-pattern-changed', level: 'WARN', place: query, before: { type: 'string', pattern: '^[a-z]+$' }, after: { type: 'string', pattern: '^[a-z0-9_-]+$' }, verdict: 'passed', why: 'loosened: a class widened, proven looser' },
  { rules: 'request-parameter-pattern-changed', level: 'WARN', place: query, before: { type: 'string', pattern: '^[0-9]{4}$' }, after: { type: 'string', pattern: '^\\d{4,6}$' }, verdict: 'passed', why: 'loosened: a quantifier widened, proven looser' },
  { rules: 'request-parameter-pattern-changed', level: 'WARN', place: query, before: { type: 'string', pattern: '^(a|b)$' }, after: { type: 'string', pattern: '^(a|b|c)$' }, verdict: 'refused', why: 'looser, but not by the rules the gate proves: refused, to be declared' },
  { rules: 'request-parameter-pattern-removed', level: 'INFO', place: get, before: { parameters: [{ name: 'q', in: 'query', content: json({ type: 'string', pattern: '^[a-z]+$' }).content }] }, after: { parameters: [{ name: 'q', in: 'query', content: json(str).content }] }, why: 'a parameter given by content, not schema' },
  { rules: 'request-property-pattern-removed', level: 'INFO', place: body, before: { type: 'object', patternProperties: { '^x-': { type: 'string', pattern: '^[a-z]+$' } } }, after: { type: 'object', patternProperties: { '^x-': str } }, why: 'inside patternProperties' },
  { rules: 'request-parameter-deprecated', level: 'INFO', place: queryParameter, before: {}, after: { deprecated: true } },
]);

const PATH_PARAMETERS: Pair[] = [
  sides('request parameters', 'new-request-path-parameter', 'ERR', get({}), {
    paths: { '/x/{id}': { get: { responses: ok, parameters: [{ name: 'id', in: 'path', required: true, schema: str }] } } },
  }),
  sides('request parameters', 'new-required-request-default-parameter-to-existing-path', 'ERR', get({}), {
    paths: { '/x': { parameters: [{ name: 'X-Tenant', in: 'header', required: true, schema: str }], get: { responses: ok } } },
  }),
  sides('request parameters', 'new-optional-request-default-parameter-to-existing-path', 'INFO', get({}), {
    paths: { '/x': { parameters: [{ name: 'X-Tenant', in: 'header', schema: str }], get: { responses: ok } } },
  }),
];

const REQUEST_BODIES = pairsOf('request body and properties', [
  { rules: 'request-body-added-required', level: 'ERR', place: post, before: {}, after: { requestBody: { required: true, ...json(str) } } },
  { rules: 'request-body-became-required', level: 'ERR', place: post, before: { requestBody: json(str) }, after: { requestBody: { required: true, ...json(str) } } },
  { rules: 'request-body-media-type-removed', level: 'ERR', place: post, before: { requestBody: { content: { 'application/json': { schema: str }, 'text/plain': { schema: str } } } }, after: { requestBody: json(str) } },
  { rules: 'request-body-media-type-schema-added', level: 'ERR', place: post, before: { requestBody: { content: { 'application/json': {} } } }, after: { requestBody: json(object({ a: str }, ['a'])) } },
  { rules: 'request-body-type-changed', level: 'ERR', place: body, before: object({}), after: strings },
  { rules: 'request-body-became-not-nullable', level: 'ERR', place: body, before: { type: ['object', 'null'] }, after: { type: 'object' } },
  { rules: 'request-body-became-enum', level: 'ERR', place: body, before: str, after: { type: 'string', enum: ['a'] } },
  { rules: 'request-body-enum-value-removed', level: 'ERR', place: body, before: { type: 'string', enum: ['a', 'b'] }, after: { type: 'string', enum: ['a'] } },
  { rules: 'request-body-max-length-decreased', level: 'ERR', place: body, before: { type: 'string', maxLength: 10 }, after: { type: 'string', maxLength: 5 } },
  { rules: 'request-body-min-items-increased', level: 'ERR', place: body, before: { ...strings, minItems: 0 }, after: { ...strings, minItems: 1 } },
  { rules: 'request-body-max-decreased', level: 'ERR', place: body, before: { type: 'integer', maximum: 10 }, after: { type: 'integer', maximum: 5 } },
  { rules: 'request-body-min-length-increased', level: 'ERR', place: body, before: { type: 'string', minLength: 1 }, after: { type: 'string', minLength: 2 } },
  { rules: 'request-body-min-increased', level: 'ERR', place: body, before: { type: 'integer', minimum: 1 }, after: { type: 'integer', minimum: 5 } },
  { rules: 'request-body-exclusive-max-decreased', level: 'ERR', place: body, before: { type: 'number', exclusiveMaximum: 10 }, after: { type: 'number', exclusiveMaximum: 5 } },
  { rules: 'request-body-exclusive-min-increased', level: 'ERR', place: body, before: { type: 'number', exclusiveMinimum: 1 }, after: { type: 'number', exclusiveMinimum: 5 } },
  { rules: 'request-body-one-of-removed', level: 'ERR', place: body, before: { oneOf: [str, int] }, after: { oneOf: [str] } },
  { rules: 'request-body-any-of-removed', level: 'ERR', place: body, before: { anyOf: [str, int] }, after: { anyOf: [str] } },
  { rules: 'request-body-all-of-added', level: 'ERR', place: body, before: { allOf: [object({ a: str })] }, after: { allOf: [object({ a: str }), object({ b: str }, ['b'])] } },
  { rules: 'request-body-wrapped-in-one-of', level: 'ERR', place: body, before: object({ a: str }), after: { oneOf: [object({ a: str }, ['a']), object({ b: str }, ['b'])] } },
  { rules: 'request-body-const-added', level: 'ERR', place: body, before: str, after: { type: 'string', const: 'a' } },
  { rules: 'request-body-const-changed', level: 'ERR', place: body, before: { type: 'string', const: 'a' }, after: { type: 'string', const: 'b' } },
  { rules: 'request-body-contains-added', level: 'ERR', place: body, before: strings, after: { ...strings, contains: { const: 'a' } } },
  { rules: 'request-body-min-contains-increased', level: 'ERR', place: body, before: { ...strings, contains: { const: 'a' }, minContains: 1 }, after: { ...strings, contains: { const: 'a' }, minContains: 2 } },
  { rules: 'request-body-max-contains-decreased', level: 'ERR', place: body, before: { ...strings, contains: { const: 'a' }, maxContains: 3 }, after: { ...strings, contains: { const: 'a' }, maxContains: 2 } },
  { rules: 'request-body-content-encoding-changed', level: 'ERR', place: body, before: { type: 'string', contentEncoding: 'base64' }, after: { type: 'string', contentEncoding: 'base32' } },
  { rules: 'request-body-content-media-type-changed', level: 'ERR', place: body, before: { type: 'string', contentMediaType: 'image/png' }, after: { type: 'string', contentMediaType: 'image/jpeg' } },
  { rules: 'request-body-content-schema-added', level: 'ERR', place: body, before: { type: 'string', contentMediaType: 'application/json' }, after: { type: 'string', contentMediaType: 'application/json', contentSchema: object({ a: str }, ['a']) } },
  { rules: 'request-body-dependent-required-added', level: 'ERR', place: body, before: object({ a: str, b: str }), after: { ...object({ a: str, b: str }), dependentRequired: { a: ['b'] } } },
  { rules: 'request-body-dependent-required-changed', level: 'ERR', place: body, before: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['b'] } }, after: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['b', 'c'] } } },
  { rules: 'request-body-dependent-schema-added', level: 'ERR', place: body, before: object({ a: str }), after: { ...object({ a: str }), dependentSchemas: { a: { required: ['b'] } } } },
  { rules: 'request-body-if-added', level: 'ERR', place: body, before: object({ a: str, b: str }), after: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } } },
  { rules: 'request-body-then-added', level: 'ERR', place: body, before: { ...object({ a: str, b: str }), if: { required: ['a'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } } },
  { rules: 'request-body-else-added', level: 'ERR', place: body, before: { ...object({ a: str, b: str }), if: { required: ['a'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] }, else: { required: ['b'] } } },
  { rules: 'request-body-pattern-property-added', level: 'ERR', place: body, before: { type: 'object' }, after: { type: 'object', patternProperties: { '^x-': int } } },
  { rules: 'request-body-property-names-added', level: 'ERR', place: body, before: { type: 'object' }, after: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } } },
  { rules: 'request-body-prefix-items-removed', level: 'ERR', place: body, before: { type: 'array', prefixItems: [str, int] }, after: { type: 'array', prefixItems: [str] } },
  { rules: 'request-body-unevaluated-items-added', level: 'ERR', place: body, before: { type: 'array', prefixItems: [str] }, after: { type: 'array', prefixItems: [str], unevaluatedItems: false } },
  { rules: 'request-body-unevaluated-properties-added', level: 'ERR', place: body, before: object({ a: str }), after: { ...object({ a: str }), unevaluatedProperties: false } },
  { rules: 'request-body-list-of-types-narrowed', level: 'ERR', place: body, before: { type: ['string', 'integer'] }, after: str },
  { rules: 'request-body-removed', level: 'ERR', place: post, before: { requestBody: json(object({ a: str })) }, after: {} },
  { rules: ['new-required-request-property', 'new-required-request-property-with-default'], level: 'ERR', place: body, before: object({ a: str }), after: object({ a: str, b: { type: 'string', default: 'x' } }, ['b']) },
  { rules: ['request-property-became-required', 'request-property-became-required-with-default'], level: 'ERR', place: body, before: object({ a: str }), after: object({ a: str }, ['a']) },
  { rules: 'request-property-type-changed', level: 'ERR', place: property, before: str, after: int },
  { rules: 'request-property-became-not-nullable', level: 'ERR', place: property, before: { type: ['string', 'null'] }, after: str },
  { rules: 'request-property-became-enum', level: 'ERR', place: property, before: str, after: { type: 'string', enum: ['a'] } },
  { rules: 'request-property-enum-value-removed', level: 'ERR', place: property, before: { type: 'string', enum: ['a', 'b'] }, after: { type: 'string', enum: ['a'] } },
  { rules: 'request-property-x-extensible-enum-value-removed', level: 'ERR', place: property, before: { type: 'string', 'x-extensible-enum': ['a', 'b'] }, after: { type: 'string', 'x-extensible-enum': ['b'] } },
  { rules: 'request-property-max-length-decreased', level: 'ERR', place: property, before: { type: 'string', maxLength: 10 }, after: { type: 'string', maxLength: 5 } },
  { rules: 'request-property-min-length-increased', level: 'ERR', place: property, before: { type: 'string', minLength: 0 }, after: { type: 'string', minLength: 2 } },
  { rules: 'request-property-max-decreased', level: 'ERR', place: property, before: { type: 'integer', maximum: 10 }, after: { type: 'integer', maximum: 9 } },
  { rules: 'request-property-min-increased', level: 'ERR', place: property, before: { type: 'integer', minimum: 1 }, after: { type: 'integer', minimum: 2 } },
  { rules: 'request-property-exclusive-max-decreased', level: 'ERR', place: property, before: { type: 'number', exclusiveMaximum: 10 }, after: { type: 'number', exclusiveMaximum: 9 } },
  { rules: 'request-property-exclusive-min-increased', level: 'ERR', place: property, before: { type: 'number', exclusiveMinimum: 1 }, after: { type: 'number', exclusiveMinimum: 2 } },
  { rules: 'request-property-min-items-increased', level: 'ERR', place: property, before: strings, after: { ...strings, minItems: 1 } },
  { rules: 'request-property-pattern-added', level: 'ERR', place: property, before: str, after: { type: 'string', pattern: '^[0-9]+$' } },
  { rules: 'request-property-list-of-types-narrowed', level: 'ERR', place: property, before: { type: ['string', 'integer'] }, after: int },
  { rules: 'request-property-one-of-removed', level: 'ERR', place: property, before: { oneOf: [str, int] }, after: { oneOf: [int] } },
  { rules: 'request-property-any-of-removed', level: 'ERR', place: property, before: { anyOf: [str, int] }, after: { anyOf: [int] } },
  { rules: 'request-property-all-of-added', level: 'ERR', place: property, before: { allOf: [str] }, after: { allOf: [str, { minLength: 3 }] } },
  { rules: 'request-property-const-added', level: 'ERR', place: property, before: str, after: { type: 'string', const: 'a' } },
  { rules: 'request-property-const-changed', level: 'ERR', place: property, before: { const: 'a' }, after: { const: 'b' } },
  { rules: 'request-property-contains-added', level: 'ERR', place: property, before: strings, after: { ...strings, contains: { const: 'a' } } },
  { rules: 'request-property-min-contains-increased', level: 'ERR', place: property, before: { ...strings, contains: { const: 'a' } }, after: { ...strings, contains: { const: 'a' }, minContains: 2 } },
  { rules: 'request-property-max-contains-decreased', level: 'ERR', place: property, before: { ...strings, contains: { const: 'a' }, maxContains: 2 }, after: { ...strings, contains: { const: 'a' }, maxContains: 1 } },
  { rules: 'request-property-content-encoding-changed', level: 'ERR', place: property, before: { type: 'string', contentEncoding: 'base64' }, after: { type: 'string', contentEncoding: 'base64url' } },
  { rules: 'request-property-content-media-type-changed', level: 'ERR', place: property, before: { type: 'string', contentMediaType: 'text/csv' }, after: { type: 'string', contentMediaType: 'text/html' } },
  { rules: 'request-property-content-schema-added', level: 'ERR', place: property, before: { type: 'string', contentMediaType: 'application/json' }, after: { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'array' } } },
  { rules: 'request-property-dependent-required-added', level: 'ERR', place: property, before: object({ a: str, b: str }), after: { ...object({ a: str, b: str }), dependentRequired: { a: ['b'] } } },
  { rules: 'request-property-dependent-required-changed', level: 'ERR', place: property, before: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['b'] } }, after: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['c'] } } },
  { rules: 'request-property-dependent-schema-added', level: 'ERR', place: property, before: object({ a: str }), after: { ...object({ a: str }), dependentSchemas: { a: { required: ['b'] } } } },
  { rules: 'request-property-if-added', level: 'ERR', place: property, before: object({ a: str, b: str }), after: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } } },
  { rules: 'request-property-then-added', level: 'ERR', place: property, before: { ...object({ a: str, b: str }), if: { required: ['a'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } } },
  { rules: 'request-property-else-added', level: 'ERR', place: property, before: { ...object({ a: str, b: str }), if: { required: ['a'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] }, else: { required: ['b'] } } },
  { rules: 'request-property-pattern-property-added', level: 'ERR', place: property, before: { type: 'object' }, after: { type: 'object', patternProperties: { '^n': int } } },
  { rules: 'request-property-property-names-added', level: 'ERR', place: property, before: { type: 'object' }, after: { type: 'object', propertyNames: { maxLength: 3 } } },
  { rules: 'request-property-prefix-items-removed', level: 'ERR', place: property, before: { type: 'array', prefixItems: [str, str] }, after: { type: 'array', prefixItems: [str] } },
  { rules: 'request-property-unevaluated-items-added', level: 'ERR', place: property, before: { type: 'array', prefixItems: [str] }, after: { type: 'array', prefixItems: [str], unevaluatedItems: false } },
  { rules: 'request-property-unevaluated-properties-added', level: 'ERR', place: property, before: object({ a: str }), after: { ...object({ a: str }), unevaluatedProperties: false } },
  { rules: 'request-property-removed', level: 'WARN', place: body, before: object({ a: str, b: str }), after: object({ a: str }), verdict: 'passed', why: 'the body has no additionalProperties: false, so a client that still sends it sends an allowed extra field' },
  // Safe changes.
  { rules: 'request-body-added-optional', level: 'INFO', place: post, before: {}, after: { requestBody: json(object({ a: str })) } },
  { rules: 'request-body-became-optional', level: 'INFO', place: post, before: { requestBody: { required: true, ...json(str) } }, after: { requestBody: json(str) } },
  { rules: 'request-body-media-type-added', level: 'INFO', place: post, before: { requestBody: json(str) }, after: { requestBody: { content: { 'application/json': { schema: str }, 'text/plain': { schema: str } } } } },
  { rules: 'new-optional-request-property', level: 'INFO', place: body, before: object({ a: str }), after: object({ a: str, b: str }) },
  { rules: 'request-property-became-optional', level: 'INFO', place: body, before: object({ a: str }, ['a']), after: object({ a: str }) },
  { rules: 'request-property-became-nullable', level: 'INFO', place: property, before: str, after: { type: ['string', 'null'] } },
  { rules: 'request-property-enum-value-added', level: 'INFO', place: property, before: { type: 'string', enum: ['a'] }, after: { type: 'string', enum: ['a', 'b'] } },
  { rules: 'request-property-max-length-increased', level: 'INFO', place: property, before: { type: 'string', maxLength: 5 }, after: { type: 'string', maxLength: 10 } },
  { rules: 'request-property-min-decreased', level: 'INFO', place: property, before: { type: 'integer', minimum: 2 }, after: { type: 'integer', minimum: 1 } },
  { rules: 'request-property-type-generalized', level: 'INFO', place: property, before: int, after: num },
  { rules: 'request-property-list-of-types-widened', level: 'INFO', place: property, before: str, after: { type: ['string', 'integer'] } },
  { rules: 'request-property-one-of-added', level: 'INFO', place: property, before: { oneOf: [str] }, after: { oneOf: [str, int] } },
  { rules: 'request-property-pattern-removed', level: 'INFO', place: property, before: { type: 'string', pattern: '^[0-9]+$' }, after: str },
  { rules: 'request-property-pattern-generalized', level: 'INFO', place: property, before: { type: 'string', pattern: '^[0-9]+$' }, after: { type: 'string', pattern: '[\\s\\S]*' } },
  { rules: 'request-property-const-removed', level: 'INFO', place: property, before: { type: 'string', const: 'a' }, after: str },
  { rules: 'request-property-default-value-changed', level: 'INFO', place: property, before: { type: 'string', default: 'a' }, after: { type: 'string', default: 'b' }, why: 'reported as a warning: a client that omits the property now gets another value' },
  { rules: 'request-property-deprecated', level: 'INFO', place: property, before: str, after: { type: 'string', deprecated: true } },
]);

const RESPONSES = pairsOf('response body and properties', [
  { rules: 'response-success-status-removed', level: 'ERR', place: operation, before: { responses: { '200': { description: 'ok' } } }, after: { responses: { '202': { description: 'accepted' } } } },
  { rules: 'response-media-type-removed', level: 'ERR', place: operation, before: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: str }, 'text/csv': { schema: str } } } } }, after: { responses: { '200': { description: 'ok', ...json(str) } } } },
  { rules: 'response-media-type-name-generalized', level: 'ERR', place: operation, before: { responses: { '200': { description: 'ok', content: { 'application/vnd.x+json': { schema: str } } } } }, after: { responses: { '200': { description: 'ok', ...json(str) } } } },
  { rules: 'response-body-type-changed', level: 'ERR', place: response, before: object({}), after: strings },
  { rules: 'response-body-type-generalized', level: 'ERR', place: response, before: int, after: num },
  { rules: 'response-body-list-of-types-widened', level: 'ERR', place: response, before: str, after: { type: ['string', 'integer'] } },
  { rules: 'response-body-became-nullable', level: 'ERR', place: response, before: object({}), after: { type: ['object', 'null'] } },
  { rules: 'response-body-max-length-increased', level: 'ERR', place: response, before: { type: 'string', maxLength: 5 }, after: { type: 'string', maxLength: 10 } },
  { rules: 'response-body-max-length-unset', level: 'ERR', place: response, before: { type: 'string', maxLength: 5 }, after: str },
  { rules: 'response-body-min-length-decreased', level: 'ERR', place: response, before: { type: 'string', minLength: 5 }, after: { type: 'string', minLength: 1 } },
  { rules: 'response-body-max-increased', level: 'ERR', place: response, before: { type: 'integer', maximum: 5 }, after: { type: 'integer', maximum: 10 } },
  { rules: 'response-body-min-decreased', level: 'ERR', place: response, before: { type: 'integer', minimum: 5 }, after: { type: 'integer', minimum: 1 } },
  { rules: 'response-body-exclusive-max-increased', level: 'ERR', place: response, before: { type: 'number', exclusiveMaximum: 5 }, after: { type: 'number', exclusiveMaximum: 6 } },
  { rules: 'response-body-exclusive-min-decreased', level: 'ERR', place: response, before: { type: 'number', exclusiveMinimum: 5 }, after: { type: 'number', exclusiveMinimum: 4 } },
  { rules: 'response-body-min-items-decreased', level: 'ERR', place: response, before: { ...strings, minItems: 2 }, after: { ...strings, minItems: 1 } },
  { rules: 'response-body-min-items-unset', level: 'ERR', place: response, before: { ...strings, minItems: 1 }, after: strings },
  { rules: 'response-body-one-of-added', level: 'ERR', place: response, before: { oneOf: [str, int] }, after: { oneOf: [str, int, { type: 'boolean' }] } },
  { rules: 'response-body-wrapped-in-one-of', level: 'ERR', place: response, before: object({ a: str }, ['a']), after: { oneOf: [object({ a: str }, ['a']), object({ b: str }, ['b'])] } },
  { rules: 'response-body-const-changed', level: 'ERR', place: response, before: { type: 'string', const: 'a' }, after: { type: 'string', const: 'b' } },
  { rules: 'response-body-const-removed', level: 'ERR', place: response, before: { type: 'string', const: 'a' }, after: str },
  { rules: 'response-body-contains-removed', level: 'ERR', place: response, before: { ...strings, contains: { const: 'a' } }, after: strings },
  { rules: 'response-body-min-contains-decreased', level: 'ERR', place: response, before: { ...strings, contains: { const: 'a' }, minContains: 2 }, after: { ...strings, contains: { const: 'a' }, minContains: 1 } },
  { rules: 'response-body-max-contains-increased', level: 'ERR', place: response, before: { ...strings, contains: { const: 'a' }, maxContains: 2 }, after: { ...strings, contains: { const: 'a' }, maxContains: 3 } },
  { rules: 'response-body-content-encoding-changed', level: 'ERR', place: response, before: { type: 'string', contentEncoding: 'base64' }, after: { type: 'string', contentEncoding: 'base32' } },
  { rules: 'response-body-content-media-type-changed', level: 'ERR', place: response, before: { type: 'string', contentMediaType: 'image/png' }, after: { type: 'string', contentMediaType: 'image/gif' } },
  { rules: 'response-body-content-schema-removed', level: 'ERR', place: response, before: { type: 'string', contentMediaType: 'application/json', contentSchema: { type: 'array' } }, after: { type: 'string', contentMediaType: 'application/json' } },
  { rules: 'response-body-dependent-required-removed', level: 'ERR', place: response, before: { ...object({ a: str, b: str }), dependentRequired: { a: ['b'] } }, after: object({ a: str, b: str }) },
  { rules: 'response-body-dependent-required-changed', level: 'ERR', place: response, before: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['b', 'c'] } }, after: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['b'] } } },
  { rules: 'response-body-dependent-schema-removed', level: 'ERR', place: response, before: { ...object({ a: str }), dependentSchemas: { a: { required: ['b'] } } }, after: object({ a: str }) },
  { rules: 'response-body-if-removed', level: 'ERR', place: response, before: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } }, after: object({ a: str, b: str }) },
  { rules: 'response-body-then-removed', level: 'ERR', place: response, before: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] } } },
  { rules: 'response-body-else-removed', level: 'ERR', place: response, before: { ...object({ a: str, b: str }), if: { required: ['a'] }, else: { required: ['b'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] } } },
  { rules: 'response-body-pattern-property-removed', level: 'ERR', place: response, before: { type: 'object', patternProperties: { '^x-': int } }, after: { type: 'object' } },
  { rules: 'response-body-property-names-removed', level: 'ERR', place: response, before: { type: 'object', propertyNames: { maxLength: 3 } }, after: { type: 'object' } },
  { rules: 'response-body-prefix-items-added', level: 'ERR', place: response, before: { type: 'array', prefixItems: [str] }, after: { type: 'array', prefixItems: [str, int] } },
  { rules: 'response-body-unevaluated-items-removed', level: 'ERR', place: response, before: { type: 'array', prefixItems: [str], unevaluatedItems: false }, after: { type: 'array', prefixItems: [str] } },
  { rules: 'response-body-unevaluated-properties-removed', level: 'ERR', place: response, before: { ...object({ a: str }), unevaluatedProperties: false }, after: object({ a: str }) },
  { rules: 'response-required-property-removed', level: 'ERR', place: response, before: object({ a: str, b: str }, ['a', 'b']), after: object({ a: str }, ['a']) },
  { rules: 'response-property-became-optional', level: 'ERR', place: response, before: object({ a: str }, ['a']), after: object({ a: str }) },
  { rules: 'response-property-type-changed', level: 'ERR', place: responseProperty, before: str, after: int },
  { rules: 'response-property-type-generalized', level: 'ERR', place: responseProperty, before: int, after: num },
  { rules: 'response-property-list-of-types-widened', level: 'ERR', place: responseProperty, before: int, after: { type: ['integer', 'string'] } },
  { rules: 'response-property-became-nullable', level: 'ERR', place: responseProperty, before: str, after: { type: ['string', 'null'] } },
  { rules: 'response-property-max-length-increased', level: 'ERR', place: responseProperty, before: { type: 'string', maxLength: 5 }, after: { type: 'string', maxLength: 6 } },
  { rules: 'response-property-max-length-unset', level: 'ERR', place: responseProperty, before: { type: 'string', maxLength: 5 }, after: str },
  { rules: 'response-property-min-length-decreased', level: 'ERR', place: responseProperty, before: { type: 'string', minLength: 5 }, after: { type: 'string', minLength: 4 } },
  { rules: 'response-property-max-increased', level: 'ERR', place: responseProperty, before: { type: 'integer', maximum: 5 }, after: { type: 'integer', maximum: 6 } },
  { rules: 'response-property-min-decreased', level: 'ERR', place: responseProperty, before: { type: 'integer', minimum: 5 }, after: { type: 'integer', minimum: 4 } },
  { rules: 'response-property-exclusive-max-increased', level: 'ERR', place: responseProperty, before: { type: 'number', exclusiveMaximum: 5 }, after: { type: 'number', exclusiveMaximum: 7 } },
  { rules: 'response-property-exclusive-min-decreased', level: 'ERR', place: responseProperty, before: { type: 'number', exclusiveMinimum: 5 }, after: { type: 'number', exclusiveMinimum: 3 } },
  { rules: 'response-property-min-items-decreased', level: 'ERR', place: responseProperty, before: { ...strings, minItems: 3 }, after: { ...strings, minItems: 2 } },
  { rules: 'response-property-min-items-unset', level: 'ERR', place: responseProperty, before: { ...strings, minItems: 3 }, after: strings },
  { rules: 'response-property-one-of-added', level: 'ERR', place: responseProperty, before: { oneOf: [str, int] }, after: { oneOf: [str, int, { type: 'array' }] } },
  { rules: 'response-property-const-changed', level: 'ERR', place: responseProperty, before: { const: 'a' }, after: { const: 'b' } },
  { rules: 'response-property-const-removed', level: 'ERR', place: responseProperty, before: { type: 'string', const: 'a' }, after: str },
  { rules: 'response-property-contains-removed', level: 'ERR', place: responseProperty, before: { ...strings, contains: { const: 'a' } }, after: strings },
  { rules: 'response-property-min-contains-decreased', level: 'ERR', place: responseProperty, before: { ...strings, contains: { const: 'a' }, minContains: 3 }, after: { ...strings, contains: { const: 'a' }, minContains: 2 } },
  { rules: 'response-property-max-contains-increased', level: 'ERR', place: responseProperty, before: { ...strings, contains: { const: 'a' }, maxContains: 3 }, after: { ...strings, contains: { const: 'a' }, maxContains: 4 } },
  { rules: 'response-property-content-encoding-changed', level: 'ERR', place: responseProperty, before: { type: 'string', contentEncoding: 'base64' }, after: { type: 'string', contentEncoding: 'quoted-printable' } },
  { rules: 'response-property-content-media-type-changed', level: 'ERR', place: responseProperty, before: { type: 'string', contentMediaType: 'text/csv' }, after: { type: 'string', contentMediaType: 'text/plain' } },
  { rules: 'response-property-content-schema-removed', level: 'ERR', place: responseProperty, before: { type: 'string', contentMediaType: 'application/json', contentSchema: object({}) }, after: { type: 'string', contentMediaType: 'application/json' } },
  { rules: 'response-property-dependent-required-removed', level: 'ERR', place: responseProperty, before: { ...object({ a: str, b: str }), dependentRequired: { a: ['b'] } }, after: object({ a: str, b: str }) },
  { rules: 'response-property-dependent-required-changed', level: 'ERR', place: responseProperty, before: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['b'] } }, after: { ...object({ a: str, b: str, c: str }), dependentRequired: { a: ['c'] } } },
  { rules: 'response-property-dependent-schema-removed', level: 'ERR', place: responseProperty, before: { ...object({ a: str }), dependentSchemas: { a: { required: ['b'] } } }, after: object({ a: str }) },
  { rules: 'response-property-if-removed', level: 'ERR', place: responseProperty, before: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } }, after: object({ a: str, b: str }) },
  { rules: 'response-property-then-removed', level: 'ERR', place: responseProperty, before: { ...object({ a: str, b: str }), if: { required: ['a'] }, then: { required: ['b'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] } } },
  { rules: 'response-property-else-removed', level: 'ERR', place: responseProperty, before: { ...object({ a: str, b: str }), if: { required: ['a'] }, else: { required: ['b'] } }, after: { ...object({ a: str, b: str }), if: { required: ['a'] } } },
  { rules: 'response-property-pattern-property-removed', level: 'ERR', place: responseProperty, before: { type: 'object', patternProperties: { '^n': int } }, after: { type: 'object' } },
  { rules: 'response-property-property-names-removed', level: 'ERR', place: responseProperty, before: { type: 'object', propertyNames: { maxLength: 3 } }, after: { type: 'object' } },
  { rules: 'response-property-prefix-items-added', level: 'ERR', place: responseProperty, before: { type: 'array', prefixItems: [str] }, after: { type: 'array', prefixItems: [str, str] } },
  { rules: 'response-property-unevaluated-items-removed', level: 'ERR', place: responseProperty, before: { type: 'array', prefixItems: [str], unevaluatedItems: false }, after: { type: 'array', prefixItems: [str] } },
  { rules: 'response-property-unevaluated-properties-removed', level: 'ERR', place: responseProperty, before: { ...object({ a: str }), unevaluatedProperties: false }, after: object({ a: str }) },
  { rules: 'response-optional-property-removed', level: 'WARN', place: response, before: object({ a: str, b: str }), after: object({ a: str }), verdict: 'refused', why: 'a client that reads it when present loses it' },
  { rules: 'response-property-enum-value-added', level: 'WARN', place: responseProperty, before: { type: 'string', enum: ['a'] }, after: { type: 'string', enum: ['a', 'b'] }, verdict: 'passed', why: 'reported as a warning (enum-values-added), never fails' },
  // Safe changes.
  { rules: 'response-success-status-added', level: 'INFO', place: operation, before: { responses: { '200': { description: 'ok' } } }, after: { responses: { '200': { description: 'ok' }, '201': { description: 'created' } } } },
  { rules: 'response-non-success-status-added', level: 'INFO', place: operation, before: { responses: { '200': { description: 'ok' } } }, after: { responses: { '200': { description: 'ok' }, '404': { description: 'not found' } } } },
  { rules: 'response-media-type-added', level: 'INFO', place: operation, before: { responses: { '200': { description: 'ok', ...json(str) } } }, after: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: str }, 'text/csv': { schema: str } } } } } },
  { rules: 'response-optional-property-added', level: 'INFO', place: response, before: object({ a: str }), after: object({ a: str, b: str }) },
  { rules: 'response-required-property-added', level: 'INFO', place: response, before: object({ a: str }, ['a']), after: object({ a: str, b: str }, ['a', 'b']) },
  { rules: 'response-property-became-required', level: 'INFO', place: response, before: object({ a: str }), after: object({ a: str }, ['a']) },
  { rules: 'response-property-became-not-nullable', level: 'INFO', place: responseProperty, before: { type: ['string', 'null'] }, after: str },
  { rules: 'response-property-enum-value-removed', level: 'INFO', place: responseProperty, before: { type: 'string', enum: ['a', 'b'] }, after: { type: 'string', enum: ['a'] } },
  { rules: 'response-property-type-specialized', level: 'INFO', place: responseProperty, before: num, after: int },
  { rules: 'response-property-list-of-types-narrowed', level: 'INFO', place: responseProperty, before: { type: ['integer', 'string'] }, after: int },
  { rules: 'response-property-one-of-removed', level: 'INFO', place: responseProperty, before: { oneOf: [str, int] }, after: { oneOf: [str] } },
  { rules: 'response-property-const-added', level: 'INFO', place: responseProperty, before: str, after: { type: 'string', const: 'a' } },
  { rules: 'response-property-pattern-added', level: 'INFO', place: responseProperty, before: str, after: { type: 'string', pattern: '^[a-z]+$' } },
  { rules: 'response-property-pattern-removed', level: 'INFO', place: responseProperty, before: { type: 'string', pattern: '^[a-z]+$' }, after: str, why: 'reported as a warning: a response value may no longer match the old pattern' },
  { rules: 'response-property-pattern-changed', level: 'INFO', place: responseProperty, before: { type: 'string', pattern: '^[a-z]+$' }, after: { type: 'string', pattern: '^[a-z0-9]+$' }, why: 'reported as a warning: the gate cannot prove the new pattern accepts no more' },
  { rules: 'response-property-default-value-changed', level: 'INFO', place: responseProperty, before: { type: 'string', default: 'a' }, after: { type: 'string', default: 'b' } },
  { rules: 'response-property-deprecated', level: 'INFO', place: responseProperty, before: str, after: { type: 'string', deprecated: true } },
]);

const RESPONSE_HEADERS = pairsOf('response headers', [
  { rules: 'response-header-became-optional', level: 'ERR', place: responseHeader, before: { required: true }, after: { required: false } },
  { rules: 'response-header-became-nullable', level: 'ERR', place: responseHeader, before: { required: true, schema: str }, after: { required: true, schema: { type: ['string', 'null'] } } },
  { rules: 'response-header-type-changed', level: 'ERR', place: responseHeader, before: { schema: str }, after: { schema: int } },
  { rules: 'response-header-type-generalized', level: 'ERR', place: responseHeader, before: { schema: int }, after: { schema: num } },
  { rules: 'required-response-header-removed', level: 'ERR', place: operation, before: { responses: { '200': { description: 'ok', headers: { 'X-R': { required: true, schema: str } } } } }, after: { responses: ok } },
  { rules: 'optional-response-header-removed', level: 'WARN', place: operation, before: { responses: { '200': { description: 'ok', headers: { 'X-R': { schema: str } } } } }, after: { responses: ok }, verdict: 'refused', why: 'a client that reads it when present loses it' },
  { rules: 'response-header-added', level: 'INFO', place: operation, before: { responses: ok }, after: { responses: { '200': { description: 'ok', headers: { 'X-R': { required: true, schema: str } } } } } },
  { rules: 'response-header-became-not-nullable', level: 'INFO', place: responseHeader, before: { schema: { type: ['string', 'null'] } }, after: { schema: str } },
  { rules: 'response-header-type-specialized', level: 'INFO', place: responseHeader, before: { schema: num }, after: { schema: int } },
]);

const LIFECYCLE = pairsOf('operations, paths and deprecation', [
  { rules: 'api-removed-without-deprecation', level: 'ERR', place: (fields) => ({ paths: { '/x': { get: { responses: ok }, ...fields } } }), before: { post: { responses: ok } }, after: {} },
  { rules: 'api-removed-before-sunset', level: 'ERR', place: (fields) => ({ paths: { '/x': { get: { responses: ok }, ...fields } } }), before: { post: { deprecated: true, 'x-sunset': FUTURE, responses: ok } }, after: {} },
  { rules: 'api-removed-with-deprecation', level: 'INFO', place: (fields) => ({ paths: { '/x': { get: { responses: ok }, ...fields } } }), before: { post: { deprecated: true, 'x-sunset': PAST, responses: ok } }, after: {}, why: 'removed after the sunset date of its deprecation' },
  { rules: 'api-removed-with-deprecation', level: 'INFO', place: (fields) => ({ paths: { '/x': { get: { responses: ok }, ...fields } } }), before: { post: { deprecated: true, responses: ok } }, after: {}, why: 'deprecated without a sunset date: removable at any later change' },
  { rules: 'api-sunset-date-changed-too-small', level: 'ERR', place: operation, before: { deprecated: true, 'x-sunset': FUTURE }, after: { deprecated: true, 'x-sunset': PAST } },
  { rules: 'sunset-deleted', level: 'ERR', place: operation, before: { deprecated: true, 'x-sunset': FUTURE }, after: { deprecated: true } },
  { rules: 'api-deprecated-sunset-parse', level: 'ERR', place: operation, before: {}, after: { deprecated: true, 'x-sunset': 'next spring' } },
  { rules: 'api-path-sunset-parse', level: 'ERR', place: operation, before: { deprecated: true, 'x-sunset': FUTURE }, after: { deprecated: true, 'x-sunset': 'Q3' } },
  { rules: 'api-sunset-date-too-small', level: 'ERR', place: operation, before: {}, after: { deprecated: true, 'x-sunset': PAST }, why: 'deprecated with a sunset already past: removable at once, without notice' },
  { rules: 'api-stability-decreased', level: 'ERR', place: operation, before: { 'x-stability-level': 'stable' }, after: { 'x-stability-level': 'beta' } },
  { rules: 'api-invalid-stability-level', level: 'ERR', place: operation, before: {}, after: { 'x-stability-level': 'gold' } },
  { rules: 'request-parameter-removed-before-sunset', level: 'ERR', place: get, before: { parameters: [{ name: 'q', in: 'query', deprecated: true, 'x-sunset': FUTURE, schema: str }] }, after: {} },
  { rules: 'request-parameter-sunset-date-changed-too-small', level: 'ERR', place: queryParameter, before: { deprecated: true, 'x-sunset': FUTURE }, after: { deprecated: true, 'x-sunset': PAST } },
  { rules: 'request-parameter-sunset-deleted', level: 'ERR', place: queryParameter, before: { deprecated: true, 'x-sunset': FUTURE }, after: { deprecated: true } },
  { rules: 'request-parameter-sunset-parse', level: 'ERR', place: queryParameter, before: {}, after: { deprecated: true, 'x-sunset': '31/12/2999' } },
  { rules: 'request-parameter-sunset-date-too-small', level: 'ERR', place: queryParameter, before: {}, after: { deprecated: true, 'x-sunset': PAST } },
  { rules: 'request-property-deprecated-sunset-invalid', level: 'ERR', place: property, before: str, after: { type: 'string', deprecated: true, 'x-sunset': 'soon' } },
  { rules: 'request-property-sunset-date-too-small', level: 'ERR', place: property, before: str, after: { type: 'string', deprecated: true, 'x-sunset': PAST } },
  { rules: 'response-property-deprecated-sunset-invalid', level: 'ERR', place: responseProperty, before: str, after: { type: 'string', deprecated: true, 'x-sunset': 'soon' } },
  { rules: 'response-property-sunset-date-too-small', level: 'ERR', place: responseProperty, before: str, after: { type: 'string', deprecated: true, 'x-sunset': PAST } },
  { rules: 'request-property-stability-decreased', level: 'ERR', place: property, before: { type: 'string', 'x-stability-level': 'stable' }, after: { type: 'string', 'x-stability-level': 'alpha' } },
  { rules: 'response-property-stability-decreased', level: 'ERR', place: responseProperty, before: { type: 'string', 'x-stability-level': 'stable' }, after: { type: 'string', 'x-stability-level': 'draft' } },
  // Safe changes.
  { rules: 'endpoint-added', level: 'INFO', place: (fields) => ({ paths: { '/x': { get: { responses: ok }, ...fields } } }), before: {}, after: { post: { responses: ok } } },
  { rules: 'endpoint-deprecated', level: 'INFO', place: operation, before: {}, after: { deprecated: true } },
  { rules: 'endpoint-deprecated-with-sunset', level: 'INFO', place: operation, before: {}, after: { deprecated: true, 'x-sunset': FUTURE } },
  { rules: 'endpoint-reactivated', level: 'INFO', place: operation, before: { deprecated: true, 'x-sunset': FUTURE }, after: {} },
  { rules: 'api-stability-increased', level: 'INFO', place: operation, before: { 'x-stability-level': 'beta' }, after: { 'x-stability-level': 'stable' } },
  { rules: 'request-parameter-removed-with-deprecation', level: 'INFO', place: get, before: { parameters: [{ name: 'q', in: 'query', deprecated: true, 'x-sunset': PAST, schema: str }] }, after: {} },
  { rules: 'api-tag-added', level: 'INFO', place: operation, before: {}, after: { tags: ['things'] } },
  { rules: 'api-operation-id-added', level: 'INFO', place: operation, before: {}, after: { operationId: 'listThings' } },
]);

const PATHS: Pair[] = [
  sides('operations, paths and deprecation', 'api-path-removed-without-deprecation', 'ERR', { paths: { '/x': { get: { responses: ok } }, '/y': { get: { responses: ok } } } }, get({})),
  sides('operations, paths and deprecation', 'api-path-removed-before-sunset', 'ERR', { paths: { '/x': { get: { responses: ok } }, '/y': { get: { deprecated: true, 'x-sunset': FUTURE, responses: ok } } } }, get({})),
  sides('operations, paths and deprecation', 'api-path-removed-with-deprecation', 'INFO', { paths: { '/x': { get: { responses: ok } }, '/y': { get: { deprecated: true, 'x-sunset': PAST, responses: ok } } } }, get({})),
  sides('operations, paths and deprecation', 'webhook-removed', 'ERR', { ...get({}), webhooks: { thingChanged: { post: { requestBody: json(str), responses: ok } } } }, get({}), { alone: true }),
];

const SECURITY_SCHEMES = { apiKey: { type: 'apiKey', in: 'header', name: 'X-Key' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://example.invalid/token', scopes: { read: 'read', write: 'write' } } } } };
const secured = (security: JsonObject[], root?: JsonObject[]): Side => ({ ...get({ security }), components: { securitySchemes: SECURITY_SCHEMES }, ...(root && { security: root }) });

const SECURITY: Pair[] = [
  sides('security', 'api-security-added', 'INFO', secured([{}]), secured([{}, { apiKey: [] }]), { why: 'an alternative added: the old way still works' }),
  sides('security', 'api-security-removed', 'INFO', secured([{ apiKey: [] }]), secured([{ apiKey: [] }, {}]), { why: 'anonymous calls allowed too' }),
  // oasdiff 1.34.0: securing an operation that had no requirement fails breaking; 1.30.0: so does a scope added.
  sides('security', 'api-security-added', 'ERR', secured([{}]), secured([{ apiKey: [] }]), { why: 'anonymous calls that the old contract allowed are refused' }),
  sides('security', 'api-security-scope-added', 'ERR', secured([{ oauth: ['read'] }]), secured([{ oauth: ['read', 'write'] }]), { why: 'a token with only the old scope is refused' }),
  sides('security', 'api-global-security-removed', 'INFO', { ...get({}), components: { securitySchemes: SECURITY_SCHEMES }, security: [{ apiKey: [] }] }, { ...get({}), components: { securitySchemes: SECURITY_SCHEMES } }, { alone: true }),
  sides('security', 'api-security-component-added', 'INFO', secured([{ apiKey: [] }]), { ...secured([{ apiKey: [] }]), components: { securitySchemes: { ...SECURITY_SCHEMES, bearer: { type: 'http', scheme: 'bearer' } } } }),
  sides('security', 'api-global-security-added', 'INFO', secured([{ apiKey: [] }]), secured([{ apiKey: [] }], [{ apiKey: [] }]), { alone: true, why: 'a root requirement added under operations that all have their own' }),
];

export const OASDIFF_PAIRS: readonly Pair[] = [
  ...PARAMETERS,
  ...PATH_PARAMETERS,
  ...REQUEST_BODIES,
  ...RESPONSES,
  ...RESPONSE_HEADERS,
  ...LIFECYCLE,
  ...PATHS,
  ...SECURITY,
];
