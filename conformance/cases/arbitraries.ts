// fast-check arbitraries for whole requests of an operation, derived from its facts: every
// parameter and body field drawn from its schema's samples (bounds, enum values, references),
// from the classes of input that break real servers (odd characters, non-ASCII, long and empty
// strings, out-of-range numbers, wrong types), and now and then a body that is not an object.
// Shrinking comes with fast-check: a failure is reduced to a minimal request.
import fc from 'fast-check';
import type { OperationId } from '../../generated';
import type { JsonSchema } from '../contract/document';
import { FACTS, type BodyFacts, type ParameterFacts } from '../contract/facts';
import type { Body, RequestSpec } from '../engine/request';
import type { CaseContext } from './requests';
import { baseRequest, withProof } from './requests';
import { ODD_STRINGS, samplesFor, type How } from './values';
import { typesOf } from './coerce';

/** Any UTF-16 code unit: controls, NUL, lone surrogates (fast-check's 'binary' unit costs a second to build). */
const codeUnit = fc.nat({ max: 0xffff }).map((unit) => String.fromCharCode(unit));

/** Text that breaks parsers and databases: any code units, graphemes of every script, long runs. */
const hostileText = fc.oneof(
  fc.constantFrom(...ODD_STRINGS.map((odd) => odd.value)),
  fc.string({ unit: codeUnit, maxLength: 24 }),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  fc.string({ unit: 'binary-ascii', minLength: 200, maxLength: 1200 }),
);

const hostileNumber = fc.oneof(fc.integer(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63)), fc.double({ noDefaultInfinity: false }));

const wrongJson = fc.constantFrom<unknown>(true, false, null, {}, [], 0, -1.5, [null], { nested: { deeper: [] } });

/** Values for one input: its schema's samples most often, hostile values otherwise. */
export function valueArb(schema: JsonSchema, name: string, ctx: CaseContext, how: How): fc.Arbitrary<unknown> {
  const samples = samplesFor(schema, name, ctx, how).map((s) => s.value);
  const types = typesOf(schema);
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : undefined;
  const choices: Array<fc.WeightedArbitrary<unknown>> = [];
  if (samples.length) choices.push({ weight: 6, arbitrary: fc.constantFrom(...samples) });
  choices.push({ weight: 2, arbitrary: hostileText });
  choices.push({ weight: 1, arbitrary: hostileNumber.map((n) => (how.wire ? String(n) : n)) });
  if (max !== undefined) choices.push({ weight: 2, arbitrary: fc.tuple(fc.integer({ min: max - 2, max: max + 2 }), fc.constantFrom('x', 'é', '𝔄')).map(([n, c]) => c.repeat(n)) });
  if (types.includes('array')) {
    const item = valueArb((schema.items ?? {}) as JsonSchema, name, ctx, how);
    choices.push({ weight: 4, arbitrary: fc.array(item, { maxLength: 4 }) });
  }
  if (!how.wire) choices.push({ weight: 1, arbitrary: wrongJson });
  return fc.oneof(...choices);
}

function queryArb(parameters: ParameterFacts[], ctx: CaseContext, paginated: boolean): fc.Arbitrary<Array<[string, string]>> {
  const entries = parameters.map((p) =>
    fc.option(
      valueArb(p.schema, p.name, ctx, { wire: true, filter: paginated }).map((value) => (Array.isArray(value) ? value : [value]).map((v) => [p.name, String(v)] as [string, string])),
      { freq: 3 },
    ),
  );
  return fc.tuple(...entries).map((parts) => parts.flatMap((part) => part ?? []));
}

function bodyArb(media: BodyFacts, ctx: CaseContext): fc.Arbitrary<Body> {
  const json = media.mediaType === 'application/json';
  const properties = (media.schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((media.schema.required ?? []) as string[]);
  const fields = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, valueArb(schema, name, ctx, { wire: !json })]));
  // Required fields are usually present (else nearly every case would be a plain refusal).
  const object = fc.record(fields, { requiredKeys: [] }).chain((value) =>
    fc.tuple(...[...required].map((name) => fc.option(fields[name]!, { freq: 8, nil: undefined }).map((v) => [name, v] as const))).map((present) => {
      const out: Record<string, unknown> = { ...value };
      for (const [name, v] of present) if (v !== undefined && !(name in out)) out[name] = v;
      return out;
    }),
  );
  if (json) return fc.oneof({ weight: 9, arbitrary: object }, { weight: 1, arbitrary: wrongJson }).map((value): Body => ({ kind: 'json', value }));
  const asFields = (value: Record<string, unknown>) => Object.entries(value).map(([name, v]) => [name, String(v)] as [string, string]);
  return object.map((value): Body => (media.mediaType === 'multipart/form-data' ? { kind: 'multipart', fields: asFields(value) } : { kind: 'form', fields: asFields(value) }));
}

/** Whole requests of an operation: the base with random query, body and (rarely) a broken path value. */
export function requestArb(op: OperationId, ctx: CaseContext): fc.Arbitrary<RequestSpec> {
  const facts = FACTS[op];
  const base = baseRequest(op, ctx);
  const pathParams = facts.parameters.filter((p) => p.in === 'path');
  const params = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof({ weight: 12, arbitrary: fc.constant(base.params![p.name]!) }, { weight: 1, arbitrary: fc.uuid() }, { weight: 1, arbitrary: hostileText.filter((t) => t.length > 0) }).map((v) => [p.name, v] as const),
    ),
  ).map((pairs) => Object.fromEntries(pairs));
  const query = queryArb(facts.parameters.filter((p) => p.in === 'query'), ctx, facts.paginated);
  const body = facts.bodies.length ? fc.oneof(...facts.bodies.map((media) => bodyArb(media, ctx))) : fc.constant(undefined);
  return fc.record({ params, query, body }).map(({ params: p, query: q, body: b }) => {
    const changed = Object.entries(p).some(([name, v]) => v !== base.params![name]);
    const spec: RequestSpec = {
      ...base,
      params: p,
      query: q,
      body: b,
      purpose: `${op}: a generated request`,
      ...(changed && { resource: 'unknown' as const }),
    };
    return withProof(spec, 'any');
  });
}
