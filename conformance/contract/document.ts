// The bundled contract (generated/openapi.json) as the suite reads it: schemas with their $refs
// followed, and the named examples of each response.
import contract from '../../generated/openapi.json';
import { operations, type OperationId } from '../../generated';

export type JsonSchema = Record<string, unknown>;

interface MediaType {
  schema?: JsonSchema;
  examples?: Record<string, { $ref?: string; value?: unknown }>;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}

const doc = contract as unknown as {
  paths: Record<string, Record<string, { responses: Record<string, ResponseObject>; requestBody?: unknown; parameters?: unknown[] } & JsonSchema>>;
  components: Record<string, Record<string, unknown>>;
};

/** The object a `#/components/<section>/<name>` ref names (or the node itself). */
export function resolveRef<T = JsonSchema>(node: unknown): T {
  let current = node as JsonSchema;
  for (let depth = 0; typeof current?.$ref === 'string' && depth < 20; depth++) {
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref as string) ?? [];
    current = doc.components[section!]?.[name!] as JsonSchema;
    if (!current) throw new Error(`dangling $ref in generated/openapi.json: ${String(node)}`);
  }
  return current as T;
}

const dereferenced = new WeakMap<object, JsonSchema>();

/** A schema with every $ref replaced by what it names (the contract has no recursive schema). */
export function deref(schema: unknown): JsonSchema {
  const node = resolveRef(schema);
  if (node === null || typeof node !== 'object') return node;
  const known = dereferenced.get(node);
  if (known) return known;
  const out: JsonSchema = Array.isArray(node) ? ([] as unknown as JsonSchema) : {};
  for (const [key, value] of Object.entries(node)) {
    (out as Record<string, unknown>)[key] = value !== null && typeof value === 'object' ? deref(value) : value;
  }
  dereferenced.set(node, out);
  return out;
}

/** The operation object of the bundled document. */
export function operationNode(op: OperationId): JsonSchema & { responses: Record<string, ResponseObject> } {
  const { path, method } = operations[op];
  return doc.paths[path]![method]! as JsonSchema & { responses: Record<string, ResponseObject> };
}

export interface NamedExample {
  name: string;
  value: unknown;
}

/** The named JSON examples of an operation's response for a status. */
export function responseExamples(op: OperationId, status: number): NamedExample[] {
  const raw = operationNode(op).responses[String(status)];
  if (!raw) return [];
  const response = resolveRef<ResponseObject>(raw);
  const examples = response.content?.['application/json']?.examples ?? {};
  return Object.entries(examples).map(([name, example]) => ({ name, value: resolveRef<{ value: unknown }>(example).value }));
}

/** The dereferenced schema of an operation's response for a status (application/json). */
export function responseSchema(op: OperationId, status: number): JsonSchema | undefined {
  const raw = operationNode(op).responses[String(status)];
  const schema = raw ? resolveRef<ResponseObject>(raw).content?.['application/json']?.schema : undefined;
  return schema ? deref(schema) : undefined;
}

/** The dereferenced request body schema per media type, and whether a body is required. */
export function requestBodyOf(op: OperationId): { required: boolean; schemas: Record<string, JsonSchema> } {
  const raw = operationNode(op).requestBody;
  if (!raw) return { required: false, schemas: {} };
  const body = resolveRef<{ required?: boolean; content?: Record<string, MediaType> }>(raw);
  const schemas = Object.fromEntries(Object.entries(body.content ?? {}).map(([type, media]) => [type, deref(media.schema ?? {})]));
  return { required: body.required === true, schemas };
}

/** A parameter of an operation, dereferenced. */
export function parameterNode(op: OperationId, place: string, name: string): JsonSchema {
  const found = ((operationNode(op).parameters ?? []) as unknown[]).map((p) => resolveRef(p)).find((p) => p.in === place && p.name === name);
  if (!found) throw new Error(`${op} has no ${place} parameter ${name}`);
  return { ...found, schema: deref(found.schema ?? {}) };
}

/** The node's name, type or bounds are a modelling choice of the contract, not published. */
export const isModellingChoice = (node: JsonSchema | undefined): boolean => node !== undefined && 'x-modelling-choice' in node;

/** The facets a node marks as not published (e.g. `['required', 'additionalProperties']`). */
export function unspecifiedFacets(node: JsonSchema | undefined): string[] {
  const marks = node?.['x-unspecified'];
  return marks === true ? ['*'] : Array.isArray(marks) ? marks.map(String) : [];
}
