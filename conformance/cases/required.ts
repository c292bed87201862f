// Valid values for an operation's required query parameters, which every request of it carries
// (the base of a list, every case's valid base, preflight's read). Where the parameter is a filter,
// a value it keeps items with: those its fields hold in the contract's own examples of the list's
// answer (the most common first) — the run reads the list with it and judges every other filter on
// top of it (runner/bases.ts tries the others when it finds nothing) — or the widest bound; else
// the parameter's example, its schema's first listed value, or a value its schema takes.
import type { OperationId } from '../../generated';
import { filterOf } from '../../protocol/meaning';
import { parameterNode, responseExamples, type JsonSchema } from '../contract/document';
import { FACTS, queryParameters, type ParameterFacts } from '../contract/facts';
import { semanticsOf, textOf, type Item } from '../contract/filter-semantics';
import type { FilterRef } from '../engine/replay-case';
import { fromWire } from './coerce';
import { samplesFor } from './values';

/** The items of the contract's examples of a list's answer. */
function exampleItems(op: OperationId): Item[] {
  return responseExamples(op, FACTS[op].success.status).flatMap(({ value }) => {
    const results = (value as { results?: unknown } | undefined)?.results;
    return Array.isArray(results) ? (results as Item[]) : [];
  });
}

/** Distinct values, the most common first. */
function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value]) => value);
}

const schemaOf = (p: ParameterFacts) => (p.repeated ? ((p.schema.items ?? {}) as JsonSchema) : p.schema);

/** A value the parameter's schema takes (its first valid sample), made of nothing but the schema. */
function fromSchema(op: OperationId, p: ParameterFacts): string[] {
  const node = parameterNode(op, 'query', p.name);
  const examples = [node.example, ...Object.values((node.examples ?? {}) as Record<string, { value?: unknown }>).map((e) => e?.value)].flat().filter((v) => v !== undefined && v !== null);
  const listed = (schemaOf(p).enum as unknown[] | undefined) ?? [];
  const ctx = { tag: 'conformance', references: () => undefined, freshUuid: () => '00000000-0000-4000-8000-000000000000' };
  const sample = samplesFor(schemaOf(p), p.name, ctx, { wire: true, filter: true }).find((s) => s.intent === 'accept');
  return [...examples, ...listed, ...(sample ? [sample.value] : [])].map(String);
}

/** Whether the parameter's validator takes a value, as the wire carries it. */
const takes = (p: ParameterFacts, value: string) => {
  const typed = fromWire(value, schemaOf(p));
  return p.validate(p.repeated ? [typed] : typed).valid;
};

/** The values to try for a required query parameter, best first (those its schema takes; never empty). */
export function requiredCandidates(op: OperationId, p: ParameterFacts): string[] {
  const all = candidatesOf(op, p);
  const valid = all.filter((value) => takes(p, value));
  return valid.length ? valid : all.slice(0, 1);
}

function candidatesOf(op: OperationId, p: ParameterFacts): string[] {
  const declaration = filterOf(op, 'query', p.name);
  const own = fromSchema(op, p);
  if (!declaration) return [...new Set(own)];
  const semantics = semanticsOf(declaration);
  const seen = exampleItems(op).flatMap((item) => semantics.fields(item));
  const schema = schemaOf(p);
  switch (semantics.kind) {
    case 'at-least':
    case 'at-most': {
      // The widest bound: the declared limit, else the lowest (highest) value the examples show.
      const limit = schema[semantics.kind === 'at-least' ? 'minimum' : 'maximum'];
      const sorted = seen.map(textOf).filter(Boolean).sort((a, b) => (declaration.field === 'date' ? a.localeCompare(b) : Number(a) - Number(b)));
      const widest = semantics.kind === 'at-least' ? sorted[0] : sorted[sorted.length - 1];
      return [...new Set([...(typeof limit === 'number' ? [String(limit)] : []), ...(widest ? [widest] : []), ...own])];
    }
    case 'exists':
      return ['true', 'false'];
    case 'excludes':
      // A value no example has excludes nothing.
      return [...new Set([...own.filter((v) => !seen.map(textOf).includes(v)), ...own])];
    default:
      return [...new Set([...byFrequency(seen.map(textOf)), ...own])];
  }
}

const best = new Map<OperationId, FilterRef[]>();

/** The operation's required query parameters, each with its best value (every list request asks: computed once). */
export function requiredQuery(op: OperationId): FilterRef[] {
  let known = best.get(op);
  if (!known) {
    known = queryParameters(op)
      .filter((p) => p.required)
      .map((p) => ({ where: 'query' as const, name: p.name, values: [requiredCandidates(op, p)[0]!] }));
    best.set(op, known);
  }
  return known;
}

/** Each other candidate of each required query parameter, one at a time (the bases a list that finds nothing is tried on next). */
export function requiredAlternatives(op: OperationId): FilterRef[][] {
  return queryParameters(op)
    .filter((p) => p.required)
    .flatMap((p) => requiredCandidates(op, p).slice(1).map((value) => [{ where: 'query' as const, name: p.name, values: [value] }]));
}
