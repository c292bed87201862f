// Requests derived from an operation's facts: a valid base, and for every input (path and query
// parameters, each body field in each media type, the body as a whole) the base with that one
// input changed. Each case is proven on the request as sent before it carries an expectation.
import type { OperationId } from '../../generated';
import { isModellingChoice, unspecifiedFacets, type JsonSchema } from '../contract/document';
import { FACTS, type BodyFacts } from '../contract/facts';
import type { Body, Expectation, RequestSpec } from '../engine/request';
import { proven } from './classify';
import { samplesFor, typicalValue, type Intent, type Sample, type ValueContext } from './values';

/** The identifier a path parameter is filled with (by the resource it names, `x-resource`). */
export interface Target {
  id: string;
  /** The deployment has it: one its list served, one the run created, one the config names. */
  real: boolean;
  /** Made up because nothing published names a real one (the PATCH path's event): a 404 only warns. */
  madeUp: boolean;
  /** The item its list served: a success must answer it. */
  listed?: Record<string, unknown>;
}

export interface CaseContext extends ValueContext {
  /** The identifier each path parameter of the operation is filled with. */
  targets: Readonly<Record<string, Target>>;
  /** The operation's required query parameters with a valid value each (every request carries them). */
  required: ReadonlyArray<[string, string]>;
}

const isResourceId = (schema: JsonSchema) => schema.format === 'uuid';

/**
 * The valid request every case varies from: path parameters filled with identifiers of their
 * resources, required query parameters and required body fields given. `complete` also fills the
 * fields whose required-ness the contract does not show, so nothing a deployment might require is
 * missing (for probes that judge something else).
 */
export function baseRequest(op: OperationId, ctx: CaseContext, complete = false): RequestSpec {
  const facts = FACTS[op];
  const params: Record<string, string> = {};
  const madeUp: string[] = [];
  let resource: RequestSpec['resource'];
  let listed: RequestSpec['listed'];
  for (const p of facts.parameters.filter((p) => p.in === 'path')) {
    const target = ctx.targets[p.name]!;
    params[p.name] = target.id;
    if (target.madeUp) madeUp.push(`path/${p.name}`);
    else resource = resource === 'unknown' || !target.real ? 'unknown' : 'existing';
    listed ??= target.listed;
  }
  const json = facts.bodies.find((b) => b.mediaType === 'application/json');
  const spec: RequestSpec = { operationId: op, purpose: `${op}: a valid request`, params };
  if (ctx.required.length) spec.query = [...ctx.required];
  if (resource) spec.resource = resource;
  if (listed) spec.listed = listed;
  if (madeUp.length) spec.madeUp = madeUp;
  if (json) spec.body = { kind: 'json', value: baseFields(json.schema, ctx, complete) };
  return spec;
}

function baseFields(schema: JsonSchema, ctx: ValueContext, complete: boolean): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const open = complete && unspecifiedFacets(schema).includes('required');
  // Never a field whose type is a modelling choice: every verdict on the request would rest on it.
  const names = open ? Object.keys(properties).filter((name) => !isModellingChoice(properties[name])) : ((schema.required ?? []) as string[]);
  return Object.fromEntries(names.map((name) => [name, typicalValue(properties[name]!, name, ctx)]));
}

/** Every field of a body with a valid value (a list with an item where one is known), but those whose type is a modelling choice. */
function everyField(schema: JsonSchema, ctx: ValueContext): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const valid = (name: string) => {
    const accepted = samplesFor(properties[name]!, name, ctx).filter((s) => s.intent === 'accept').map((s) => s.value);
    return accepted.find((v) => Array.isArray(v) && v.length > 0) ?? accepted[0];
  };
  return Object.fromEntries(Object.keys(properties).filter((name) => !isModellingChoice(properties[name])).map((name) => [name, valid(name)]));
}

function bodyFor(media: BodyFacts, fields: Record<string, unknown>): Body {
  if (media.mediaType === 'application/json') return { kind: 'json', value: fields };
  const pairs = Object.entries(fields).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v) => [name, String(v)]) : [[name, String(value)]])) as Array<[string, string]>;
  return media.mediaType === 'multipart/form-data' ? { kind: 'multipart', fields: pairs } : { kind: 'form', fields: pairs };
}

const shortType = (mediaType: string) => (mediaType === 'application/json' ? 'JSON' : mediaType === 'multipart/form-data' ? 'multipart' : 'form');

/** The base with a proven expectation (`as-proven`: accept if valid as sent, else as the proof goes). */
export function withProof(spec: RequestSpec, intended: Intent): RequestSpec {
  if (intended !== 'as-proven') return { ...spec, ...proven(spec, intended) };
  const accepted = proven(spec, 'accept');
  return { ...spec, ...(accepted.expect === 'accept' ? accepted : proven(spec, 'any')) };
}

/** Every coverage case of an operation: each input at its bounds, every enum value and one outside, wrong types, broken formats. */
export function coverageCases(op: OperationId, ctx: CaseContext): RequestSpec[] {
  const facts = FACTS[op];
  const base = baseRequest(op, ctx);
  const cases: RequestSpec[] = [];
  const add = (changed: Partial<RequestSpec>, sample: Pick<Sample, 'label' | 'intent'>) =>
    cases.push(withProof({ ...base, ...changed, purpose: `${op}: ${sample.label}` }, sample.intent));
  add({}, { label: 'a valid request', intent: 'accept' });

  for (const p of facts.parameters) {
    if (p.in === 'path' && isResourceId(p.schema)) {
      // The resource's own UUID is the base; only values that break its format are cases here.
      for (const sample of samplesFor(p.schema, p.name, ctx, { wire: true }).filter((s) => s.intent === 'refuse')) {
        add({ params: { ...base.params, [p.name]: String(sample.value) }, resource: 'unknown' }, sample);
      }
    } else if (p.in === 'path') {
      // A made-up parameter without a published format (the event): odd values a 4xx or an answer,
      // never a crash (a UUID parsed unguarded). Not a blank segment, which a router may not match.
      // Any text is valid for its schema, but made up: whether a deployment reads it as a UUID first is open.
      for (const sample of samplesFor(p.schema, p.name, ctx, { wire: true }).filter((s) => s.intent !== 'accept' && String(s.value).trim() !== '')) {
        add({ params: { ...base.params, [p.name]: String(sample.value) } }, { ...sample, intent: sample.intent === 'as-proven' ? 'any' : sample.intent });
      }
      add({ params: { ...base.params, [p.name]: 'not-a-uuid' } }, { label: `${p.name} as a word, not a UUID`, intent: 'any' });
    } else if (p.in === 'query') {
      // The base's other query parameters (the required ones) stay; this one is replaced.
      const others = (base.query ?? []).filter(([name]) => name !== p.name);
      for (const sample of samplesFor(p.schema, p.name, ctx, { wire: true, filter: facts.paginated })) {
        const values = Array.isArray(sample.value) ? sample.value.map(String) : [String(sample.value)];
        if (values.length === 0) continue;
        add({ query: [...others, ...values.map((v) => [p.name, v] as [string, string])], choice: p.choice }, sample);
      }
      if (p.required) add({ query: others }, { label: `without ${p.name} (a required query parameter)`, intent: 'refuse' });
    }
  }

  for (const media of facts.bodies) {
    const json = media.mediaType === 'application/json';
    const fields = (base.body?.kind === 'json' ? base.body.value : {}) as Record<string, unknown>;
    const properties = (media.schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(properties)) {
      for (const sample of samplesFor(schema, name, ctx, { wire: !json })) {
        const label = json ? sample.label : `${sample.label} (${shortType(media.mediaType)})`;
        add({ body: bodyFor(media, { ...fields, [name]: sample.value }), choice: 'x-modelling-choice' in schema }, { ...sample, label });
      }
    }
    if (!json) {
      add({ body: bodyFor(media, fields) }, { label: `the valid body as ${shortType(media.mediaType)}`, intent: 'accept' });
      continue;
    }
    // Each value past a bound or outside a format again beside every other field: a field given can
    // route the body through another validator (a serializer per case) that forgets a bound. Wrong
    // JSON types are left to the cases above (a typed parser refuses them on every path).
    const every = everyField(media.schema, ctx);
    if (Object.keys(every).length > Object.keys(fields).length) {
      for (const [name, schema] of Object.entries(properties)) {
        if (!(name in every)) continue;
        for (const sample of samplesFor(schema, name, ctx).filter((s) => s.intent === 'refuse' && !s.wrongType)) {
          add({ body: { kind: 'json', value: { ...every, [name]: sample.value } } }, { ...sample, label: `${sample.label}, beside every other field` });
        }
      }
    }
    for (const name of (media.schema.required ?? []) as string[]) {
      const { [name]: _left, ...rest } = fields;
      add({ body: { kind: 'json', value: rest } }, { label: `without ${name} (required)`, intent: 'refuse' });
    }
    for (const [value, label] of [[[], 'an array'], ['text', 'a string'], [42, 'a number'], [true, 'true'], [null, 'null']] as Array<[unknown, string]>) {
      add({ body: { kind: 'json', value } }, { label: `a body that is ${label}, not an object`, intent: 'refuse' });
    }
    add({ body: { kind: 'raw', contentType: 'application/json', text: '{"name": "conformance' } }, { label: 'malformed JSON', intent: 'refuse' });
    // As many clients label JSON: with its charset.
    add({ body: { kind: 'raw', contentType: 'application/json; charset=utf-8', text: JSON.stringify(fields) } }, { label: 'the valid body labelled application/json; charset=utf-8', intent: 'accept' });
    add({ body: undefined }, { label: 'no body', intent: facts.bodyRequired ? 'refuse' : 'accept' });
  }
  return cases;
}
