// Proves what the contract says of a request as it is sent: it is serialised the way it goes on
// the wire (query and form encoding, JSON, multipart), read back the way a server reads it, and
// validated with the generated validators under every combination of the lenient readings
// (cases/coerce.ts). Only a request with a part invalid under every combination is a negative
// case; only one valid under all of them is a positive one. Everything else is left open: a 4xx
// or a correct answer, never a 5xx. A negative case must be refused only where a refusal rule
// makes it invalid (cases/refusal.ts); where only a description in prose or a read input's value
// domain does, refusing is optional and a correct answer is as good.
import { isModellingChoice, unspecifiedFacets, type JsonSchema } from '../contract/document';
import { FACTS, type ParameterFacts } from '../contract/facts';
import { wellFormed, type Expectation, type RequestSpec } from '../engine/request';
import { FLAGS, fromWire, judgedUnder, read, READ_FLAGS, READINGS, type Reading } from './coerce';
import { fareOf, isValid, mustRefuse, type Fare } from './refusal';

export type Validity = 'valid' | 'invalid' | 'open';

export interface Classification {
  validity: Validity;
  /** The parts that are invalid under every reading, e.g. `body/name`, `query/page`. */
  invalid: string[];
  /** Every invalid part rests on a modelling choice: refusing is not a published rule. */
  choice: boolean;
  /**
   * Why refusing is optional: every invalid part is invalid only by a description in prose or a
   * read input's value domain (e.g. `query/country_code: it is not ISO 3166-1 alpha-2, …`).
   */
  optional?: string;
  /**
   * Fields the body leaves out whose required-ness the contract does not show: the request is
   * valid only under its model "nothing unknown is required" until the deployment accepts a
   * body that leaves them out.
   */
  openFields: string[];
}

interface Part {
  where: string;
  /** How it fares under each of READINGS (the first: strictly). */
  fares: Fare[];
  choice: boolean;
  openFields?: string[];
  /**
   * The value's validity rests on a facet the contract does not publish (a type, a pattern, a
   * format, a minimum length: `x-unspecified`): no value is proven valid there, only invalid.
   */
  unproven?: boolean;
}

/** Facets that, unpublished, leave every value of the input unproven. */
const CONTENT_FACETS = ['*', 'type', 'pattern', 'format', 'minLength'];
const unproven = (schema: JsonSchema | undefined) => unspecifiedFacets(schema).some((facet) => CONTENT_FACETS.includes(facet));

const fare = (valid: boolean): Fare => (valid ? 'valid' : 'invalid');
/** The same under every reading. */
const always = (valid: boolean): Fare[] => READINGS.map(() => fare(valid));
/** Valid under the readings that make `lenient` (e.g. types: a body of another media type read anyway). */
const under = (flag: keyof Reading, valid: (r: Reading) => boolean): Fare[] => READINGS.map((r) => fare(r[flag] ? valid(r) : false));
/** The operation stores nothing: its inputs only select what it reads. */
const readOnly = (spec: RequestSpec) => !FACTS[spec.operationId].writes;

/** Query values as the server receives them: URL-encoded, decoded, grouped by name. */
function receivedQuery(query: Array<[string, string]> = []): Map<string, string[]> {
  const decoded = new URLSearchParams(new URLSearchParams(query).toString());
  const grouped = new Map<string, string[]>();
  for (const [name, value] of decoded) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return grouped;
}

function parameterPart(parameter: ParameterFacts, values: string[], readsOnly: boolean): Part {
  const schema = parameter.schema;
  const items = (schema.items ?? {}) as JsonSchema;
  const disagree = !parameter.repeated && new Set(values).size > 1;
  // Values an empty-ignoring reader drops are left out; a single-valued parameter takes the last one left.
  const readAs = (r: Reading) => {
    const kept = values.map((v) => (parameter.repeated ? read(fromWire(v, items), items, r) : read(fromWire(v, schema), schema, r))).filter((v) => v !== undefined);
    if (parameter.repeated) return kept.length ? kept : undefined;
    if (disagree && !r.last) return DISAGREE;
    return kept[kept.length - 1];
  };
  return {
    where: `${parameter.in}/${parameter.name}`,
    fares: judgedUnder(
      READINGS,
      readAs,
      (value) => (value === DISAGREE ? 'invalid' : value === undefined ? fare(!parameter.required) : fareOf(parameter.validate(value), schema, readsOnly)),
      disagree ? FLAGS : READ_FLAGS,
    ),
    choice: parameter.choice,
    unproven: unproven(parameter.repeated ? items : schema),
  };
}

/** A single-valued parameter sent with different values, to a reader that does not take the last. */
const DISAGREE = Symbol('disagreeing values');

/** Body properties whose type or bounds are a modelling choice (`x-modelling-choice`). */
function choiceProperties(schema: JsonSchema): Set<string> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return new Set(Object.entries(properties).filter(([, property]) => isModellingChoice(property)).map(([name]) => name));
}

type Decoded = { kind: 'absent' } | { kind: 'malformed' } | { kind: 'unsupported' } | { kind: 'value'; mediaType: string; value: unknown; form: boolean };

/** The body as the server reads it. */
function receivedBody(spec: RequestSpec, mediaTypes: string[]): Decoded {
  const body = spec.body;
  if (!body || (body.kind === 'json' && body.value === undefined)) return { kind: 'absent' };
  const declared = (type: string) => mediaTypes.includes(type);
  switch (body.kind) {
    case 'json':
      return declared('application/json') ? { kind: 'value', mediaType: 'application/json', value: JSON.parse(JSON.stringify(body.value)), form: false } : { kind: 'unsupported' };
    case 'raw': {
      const type = body.contentType.split(';')[0]!.trim().toLowerCase();
      if (!declared(type) || type !== 'application/json') return { kind: 'unsupported' };
      try {
        return { kind: 'value', mediaType: type, value: JSON.parse(body.text), form: false };
      } catch {
        return { kind: 'malformed' };
      }
    }
    case 'form':
    case 'multipart': {
      const type = body.kind === 'form' ? 'application/x-www-form-urlencoded' : 'multipart/form-data';
      if (!declared(type)) return { kind: 'unsupported' };
      const fields = body.kind === 'form' ? [...new URLSearchParams(new URLSearchParams(body.fields).toString())] : body.fields.map(([n, v]) => [n, wellFormed(v)] as [string, string]);
      const names = fields.map(([name]) => name);
      // A repeated single field: which value a server keeps is not fixed.
      if (new Set(names).size !== names.length) return { kind: 'unsupported' };
      return { kind: 'value', mediaType: type, value: Object.fromEntries(fields), form: true };
    }
  }
}

/** The fields a body leaves out whose required-ness the contract does not show. */
function openFieldsLeftOut(schema: JsonSchema, value: unknown): string[] {
  if (!unspecifiedFacets(schema).includes('required')) return [];
  const present = value !== null && typeof value === 'object' ? Object.keys(value) : [];
  return Object.keys((schema.properties ?? {}) as object).filter((name) => !present.includes(name));
}

function bodyPart(spec: RequestSpec): Part | undefined {
  const readsOnly = readOnly(spec);
  const facts = FACTS[spec.operationId];
  if (facts.bodies.length === 0) return undefined;
  const decoded = receivedBody(spec, facts.bodies.map((b) => b.mediaType));
  const where = 'body';
  switch (decoded.kind) {
    case 'absent':
      // Readers that take an empty body as none read it as an empty object; required fields still count.
      return { where, fares: READINGS.map((r) => fare(r.empty ? facts.bodies[0]!.validate({}).valid : !facts.bodyRequired)), choice: false, openFields: openFieldsLeftOut(facts.bodies[0]!.schema, {}) };
    case 'malformed':
      return { where, fares: always(false), choice: false };
    case 'unsupported':
      return { where, fares: under('types', () => true), choice: false };
    case 'value': {
      const body = facts.bodies.find((b) => b.mediaType === decoded.mediaType)!;
      // Readers that take an empty body as none read a JSON null like no body at all.
      if (decoded.value === null) return { where, fares: under('empty', () => !facts.bodyRequired && body.validate({}).valid), choice: false };
      const properties = (body.schema.properties ?? {}) as Record<string, JsonSchema>;
      const typed =
        decoded.form && decoded.value !== null && typeof decoded.value === 'object'
          ? Object.fromEntries(Object.entries(decoded.value).map(([k, v]) => [k, properties[k] ? fromWire(String(v), properties[k]) : v]))
          : decoded.value;
      const strict = body.validate(typed);
      // Invalid only in properties whose facts are a modelling choice: refusing is not a published rule.
      const choices = choiceProperties(body.schema);
      const broken = strict.errors.map((line) => /^\/([^/\s]+)/.exec(line)?.[1]).filter((name): name is string => name !== undefined);
      return {
        where,
        fares: judgedUnder(READINGS, (r) => read(typed, body.schema, r), (value) => fareOf(body.validate(value), body.schema, readsOnly), READ_FLAGS),
        choice: broken.length > 0 && broken.every((name) => choices.has(name)),
        openFields: openFieldsLeftOut(body.schema, typed),
        unproven: typed !== null && typeof typed === 'object' && Object.keys(typed).some((name) => unproven(properties[name])),
      };
    }
  }
}

export function classify(spec: RequestSpec): Classification {
  const facts = FACTS[spec.operationId];
  const parts: Part[] = [];
  const query = receivedQuery(spec.query);
  for (const parameter of facts.parameters) {
    if (parameter.in === 'path') {
      const value = spec.params?.[parameter.name];
      if (value !== undefined) parts.push(parameterPart(parameter, [value], readOnly(spec)));
    } else if (parameter.in === 'query') {
      const values = query.get(parameter.name);
      if (values) parts.push(parameterPart(parameter, values, readOnly(spec)));
      else if (parameter.required) parts.push({ where: `query/${parameter.name}`, fares: always(false), choice: parameter.choice });
    }
  }
  const body = bodyPart(spec);
  if (body) parts.push(body);
  // Each part may be read its own way: a part is invalid when no reading makes it valid.
  const invalid = parts.filter((p) => !p.fares.some(isValid));
  const open = parts.some((p) => !p.fares.every(isValid) || p.unproven);
  const validity: Validity = invalid.length > 0 ? 'invalid' : open ? 'open' : 'valid';
  // A refusal rule broken by one part under every reading makes the refusal required.
  const required = invalid.some((p) => p.fares.every(mustRefuse));
  const optional = required ? [] : invalid.map((p) => `${p.where}: ${p.fares.map((f) => (typeof f === 'object' ? f.optional : '')).find(Boolean)}`);
  return {
    validity,
    invalid: invalid.map((p) => p.where),
    choice: invalid.length > 0 && invalid.every((p) => p.choice),
    ...(optional.length && { optional: optional.join('; ') }),
    openFields: parts.flatMap((p) => p.openFields ?? []),
  };
}

/**
 * The inputs a request carries whose name, type or bounds are a modelling choice of the contract
 * (e.g. `body/country`, whose type is not published): whatever a deployment answers to such a
 * request may rest on what it makes of them, so no rule judging the exchange can do more than warn.
 */
export function choiceInputs(spec: RequestSpec): string[] {
  const facts = FACTS[spec.operationId];
  const sent = new Set((spec.query ?? []).map(([name]) => name));
  const inputs = facts.parameters.filter((p) => p.in === 'query' && p.choice && sent.has(p.name)).map((p) => `query/${p.name}`);
  const body = spec.body;
  const fields = !body ? [] : body.kind === 'json' ? (body.value !== null && typeof body.value === 'object' && !Array.isArray(body.value) ? Object.keys(body.value) : []) : body.kind === 'raw' ? [] : body.fields.map(([name]) => name);
  const choices = facts.bodies.length ? choiceProperties(facts.bodies[0]!.schema) : new Set<string>();
  return [...inputs, ...[...new Set(fields)].filter((name) => choices.has(name)).map((name) => `body/${name}`)];
}

/**
 * The expectation a case may carry once proven: an intended positive case must be valid as sent,
 * an intended negative one invalid; otherwise the contract leaves it open.
 */
export function proven(spec: RequestSpec, intended: Expectation): Pick<RequestSpec, 'expect' | 'choice' | 'openFields' | 'refusalOptional'> {
  const { validity, choice, openFields, optional } = classify(spec);
  if ((intended === 'refuse' || intended === 'any') && validity === 'invalid') return { expect: 'refuse', choice, ...(optional && { refusalOptional: optional }) };
  if (intended === 'accept' && validity === 'valid') return { expect: 'accept', choice: spec.choice, ...(openFields.length && { openFields }) };
  return { expect: 'any' };
}

