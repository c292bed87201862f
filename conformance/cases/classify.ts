// Proves what the contract says of a request as it is sent: it is serialised the way it goes on
// the wire (query and form encoding, JSON, multipart), read back the way a server reads it, and
// validated with the generated validators, strictly and leniently. Only a request invalid both
// ways is a negative case; only one valid both ways is a positive one. Everything else is left
// open: a 4xx or a correct answer, never a 5xx.
import { isModellingChoice, unspecifiedFacets, type JsonSchema } from '../contract/document';
import { FACTS, type ParameterFacts } from '../contract/facts';
import { wellFormed, type Expectation, type RequestSpec } from '../engine/request';
import { fromWire, lenient } from './coerce';

export type Validity = 'valid' | 'invalid' | 'open';

export interface Classification {
  validity: Validity;
  /** The parts that are invalid (strictly and leniently), e.g. `body/name`, `query/page`. */
  invalid: string[];
  /** Every invalid part rests on a modelling choice: refusing is not a published rule. */
  choice: boolean;
  /**
   * Fields the body leaves out whose required-ness the contract does not show: the request is
   * valid only under its model "nothing unknown is required" until the deployment accepts a
   * body that leaves them out.
   */
  openFields: string[];
}

interface Part {
  where: string;
  strict: boolean;
  lenient: boolean;
  choice: boolean;
  openFields?: string[];
}

/** Query values as the server receives them: URL-encoded, decoded, grouped by name. */
function receivedQuery(query: Array<[string, string]> = []): Map<string, string[]> {
  const decoded = new URLSearchParams(new URLSearchParams(query).toString());
  const grouped = new Map<string, string[]>();
  for (const [name, value] of decoded) grouped.set(name, [...(grouped.get(name) ?? []), value]);
  return grouped;
}

function parameterPart(parameter: ParameterFacts, values: string[]): Part {
  const schema = parameter.schema;
  const items = (schema.items ?? {}) as JsonSchema;
  const strictValue = parameter.repeated ? values.map((v) => fromWire(v, items)) : fromWire(values[values.length - 1]!, schema);
  // Lenient readers ignore an empty filter value, and take a single-valued parameter's last value.
  const present = values.filter((v) => v !== '');
  const lenientValue = parameter.repeated
    ? present.map((v) => lenient(fromWire(v, items), items))
    : present.length === 0
      ? undefined
      : lenient(fromWire(present[present.length - 1]!, schema), schema);
  const singleDisagrees = !parameter.repeated && new Set(values).size > 1;
  return {
    where: `${parameter.in}/${parameter.name}`,
    strict: parameter.validate(strictValue).valid && !singleDisagrees,
    lenient: lenientValue === undefined ? !parameter.required : parameter.validate(lenientValue).valid,
    choice: parameter.choice,
  };
}

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
  const facts = FACTS[spec.operationId];
  if (facts.bodies.length === 0) return undefined;
  const decoded = receivedBody(spec, facts.bodies.map((b) => b.mediaType));
  const where = 'body';
  switch (decoded.kind) {
    case 'absent':
      // Lenient servers read a missing body as an empty object; required fields still count.
      return { where, strict: !facts.bodyRequired, lenient: facts.bodies[0]!.validate({}).valid, choice: false, openFields: openFieldsLeftOut(facts.bodies[0]!.schema, {}) };
    case 'malformed':
      return { where, strict: false, lenient: false, choice: false };
    case 'unsupported':
      return { where, strict: false, lenient: true, choice: false };
    case 'value': {
      const body = facts.bodies.find((b) => b.mediaType === decoded.mediaType)!;
      // Lenient servers read a JSON null like no body at all.
      if (decoded.value === null) return { where, strict: false, lenient: !facts.bodyRequired && body.validate({}).valid, choice: false };
      const properties = (body.schema.properties ?? {}) as Record<string, JsonSchema>;
      const typed =
        decoded.form && decoded.value !== null && typeof decoded.value === 'object'
          ? Object.fromEntries(Object.entries(decoded.value).map(([k, v]) => [k, properties[k] ? fromWire(String(v), properties[k]) : v]))
          : decoded.value;
      const strict = body.validate(typed);
      const lenientValid = body.validate(lenient(typed, body.schema)).valid;
      // Invalid only in properties whose facts are a modelling choice: refusing is not a published rule.
      const choices = choiceProperties(body.schema);
      const broken = strict.errors.map((line) => /^\/([^/\s]+)/.exec(line)?.[1]).filter((name): name is string => name !== undefined);
      return {
        where,
        strict: strict.valid,
        lenient: lenientValid,
        choice: broken.length > 0 && broken.every((name) => choices.has(name)),
        openFields: openFieldsLeftOut(body.schema, typed),
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
      if (value !== undefined) parts.push(parameterPart(parameter, [value]));
    } else if (parameter.in === 'query') {
      const values = query.get(parameter.name);
      if (values) parts.push(parameterPart(parameter, values));
      else if (parameter.required) parts.push({ where: `query/${parameter.name}`, strict: false, lenient: false, choice: parameter.choice });
    }
  }
  const body = bodyPart(spec);
  if (body) parts.push(body);
  const invalid = parts.filter((p) => !p.strict && !p.lenient);
  const open = parts.some((p) => p.strict !== p.lenient);
  const validity: Validity = invalid.length > 0 ? 'invalid' : open ? 'open' : 'valid';
  return {
    validity,
    invalid: invalid.map((p) => p.where),
    choice: invalid.length > 0 && invalid.every((p) => p.choice),
    openFields: parts.flatMap((p) => p.openFields ?? []),
  };
}

/**
 * The expectation a case may carry once proven: an intended positive case must be valid as sent,
 * an intended negative one invalid; otherwise the contract leaves it open.
 */
export function proven(spec: RequestSpec, intended: Expectation): Pick<RequestSpec, 'expect' | 'choice' | 'openFields'> {
  const { validity, choice, openFields } = classify(spec);
  if (intended === 'refuse' && validity === 'invalid') return { expect: 'refuse', choice };
  if (intended === 'accept' && validity === 'valid') return { expect: 'accept', choice: spec.choice, ...(openFields.length && { openFields }) };
  if (intended === 'any' && validity === 'invalid') return { expect: 'refuse', choice };
  return { expect: 'any' };
}

