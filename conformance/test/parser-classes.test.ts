// The classes of text that break parsers (cases/values.ts ODD_STRINGS) reach every text input of
// every operation in every media type it takes, on every run (the deterministic inputs phase),
// each class in a request of its own, judged as the proof of the request as sent says.
import type { JsonSchema } from '../contract/document';
import { FACTS, OPERATION_IDS, pathParameters } from '../contract/facts';
import { coverageCases, type CaseContext } from '../cases/requests';
import { ODD_STRINGS } from '../cases/values';

const U = '3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10';
/** Every path parameter aimed at U: a resource of the run's own where its schema is a UUID, made up elsewhere (the event). */
const targets = Object.fromEntries(OPERATION_IDS.flatMap((op) => pathParameters(op).map((p) => [p.name, { id: U, real: true, madeUp: p.schema.format !== 'uuid' }])));
const ctx: CaseContext = { tag: 'conformance-t', references: () => undefined, freshUuid: () => U, targets, required: [] };
const PROVEN = ODD_STRINGS.filter((odd) => odd.intent === 'as-proven');

/** A text input: a string (or a list of them) that no enum or format narrows. */
const isText = (schema: JsonSchema): boolean => {
  const item = schema.type === 'array' ? (schema.items as JsonSchema) : schema;
  return item.type === 'string' && !item.enum && !item.format;
};

/** Every text input of an operation as `<where>/<name>`, with the media type for body fields. */
function textInputs(op: (typeof OPERATION_IDS)[number]): string[] {
  const facts = FACTS[op];
  const parameters = facts.parameters.filter((p) => isText(p.schema)).map((p) => `${p.in}/${p.name}`);
  const fields = facts.bodies.flatMap((body) => Object.entries((body.schema.properties ?? {}) as Record<string, JsonSchema>).filter(([, schema]) => isText(schema)).map(([name]) => `${body.mediaType} body/${name}`));
  return [...parameters, ...fields];
}

/** Where a case puts the class's value. */
function carrying(op: (typeof OPERATION_IDS)[number], value: string): string[] {
  return coverageCases(op, ctx).flatMap((spec) => {
    const at: string[] = [];
    for (const [name, v] of spec.query ?? []) if (v === value) at.push(`query/${name}\u0000${spec.expect}`);
    for (const [name, v] of Object.entries(spec.params ?? {})) if (v === value) at.push(`path/${name}\u0000${spec.expect}`);
    const body = spec.body;
    const type = !body ? '' : body.kind === 'json' ? 'application/json' : body.kind === 'form' ? 'application/x-www-form-urlencoded' : body.kind === 'multipart' ? 'multipart/form-data' : '';
    const fields = !body ? [] : body.kind === 'json' ? Object.entries((body.value ?? {}) as Record<string, unknown>) : body.kind === 'raw' ? [] : body.fields;
    for (const [name, v] of fields) if (v === value) at.push(`${type} body/${name}\u0000${spec.expect}`);
    return at;
  });
}

test.each(OPERATION_IDS.flatMap((op) => PROVEN.map((odd) => [op, odd.label, odd.value] as const)))('%s: %s on every text input, once each', (op, _label, value) => {
  const sent = carrying(op, value);
  expect(sent.map((s) => s.split('\u0000')[0]).sort()).toEqual(textInputs(op).sort());
});

test('judged as proven: the published success where any text is valid, a refusal where a pattern refuses it, open where the input is made up or its facets unpublished', () => {
  const expectations = Object.fromEntries(carrying('municipalitiesList', '(x[y*+?{').map((s) => s.split('\u0000')));
  expect(expectations).toEqual({
    'query/q': 'accept',
    'query/state': 'accept',
    'query/district': 'accept',
    'query/status': 'accept',
    'query/official_code': 'accept',
    'query/country_code': 'refuse',
    'query/country_code_exclude': 'any',
  });
  expect(Object.fromEntries(carrying('watchdogsEventsPartialUpdate', '(x[y*+?{').map((s) => s.split('\u0000')))).toEqual({
    'path/event_uuid': 'any',
    'application/json body/name': 'accept',
    'application/json body/prompt': 'accept',
  });
});
