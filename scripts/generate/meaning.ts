// What each operation means, read from the contract's `x-` extensions (openapi/README.md,
// "Extensions the code reads"): what each filter keeps (`x-filter`), which parameter picks a page
// (`x-pagination`), the resource a path parameter names (`x-resource`) or a parameter or body field
// refers to (`x-references`), what each declared error status answers (`x-condition`), and what
// the document leaves undeclared (the blind areas). A declaration that cannot hold — a field the
// items do not have, an operation that does not exist, a kind no code judges — stops the generator.
import type { OpenApiDocument } from './bundle';
import { resolve, type JsonSchema, type OperationEntry } from './operations';

export const FILTER_MATCHES = ['equals', 'excludes', 'code-or-name', 'text', 'at-least', 'at-most', 'exists'] as const;
export type FilterMatch = (typeof FILTER_MATCHES)[number];

export const CONDITIONS = ['invalid-request', 'missing-credentials', 'invalid-credentials', 'insufficient-permission', 'unknown-resource'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** How an item's field (or a filter's value) compares: by its type in the schema. */
export type ValueType = 'string' | 'uuid' | 'date' | 'integer' | 'number' | 'boolean';

export interface FilterDeclaration {
  where: 'query' | 'body';
  name: string;
  match: FilterMatch;
  /** The item fields it compares with (`officials[].relationship_type` reaches into an array); for code-or-name the codes first. */
  reads: string[];
  /** code-or-name: which of `reads` are names (the others are codes). */
  names?: string[];
  /** The published words it rests on. */
  words: string;
  /** What it does with an item whose field is null or absent, where the contract says; absent: not published. */
  nulls?: 'excluded' | 'included';
  /** The type of the fields it reads (the first one's, all must agree for a bound). */
  field: ValueType;
  /** The type of a value given to it, from the filter's own schema (an array's items). */
  value: ValueType;
  /** Values given to it are repeated (`?a=1&a=2`). */
  repeated: boolean;
}

export interface ResourceDeclaration {
  /** The resource's field that holds the identifier. */
  key: string;
  /** The operation whose items are these resources. */
  listedBy?: string;
  /** The operation whose answer is a new one. */
  createdBy?: string;
  /** The identifier's format where its schema gives one (`uuid`). */
  format?: string;
}

export interface OperationMeaning {
  filters: FilterDeclaration[];
  /** The query parameter that picks a page (`x-pagination: page`). */
  page?: string;
  /** The resource each path parameter names. */
  pathResources: Record<string, string>;
  /** The resource a query parameter or body field refers to (an identifier, or a list of them). */
  references: { query: Record<string, string>; body: Record<string, string> };
  /** What each declared error status answers. */
  conditions: Record<string, Condition[]>;
  /** What the document does not declare the meaning of: a place and what it lacks. */
  blind: string[];
}

export interface Meaning {
  operations: Record<string, OperationMeaning>;
  resources: Record<string, ResourceDeclaration>;
}

type Node = Record<string, unknown>;

const isObject = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);
const typesOf = (schema: Node): string[] => [schema.type ?? (Array.isArray(schema.enum) ? 'string' : [])].flat().map(String).filter((t) => t !== 'null');

/** The type a schema compares by. */
function valueType(doc: OpenApiDocument, node: unknown): ValueType | undefined {
  let schema = resolve(doc, node) as JsonSchema;
  if (typesOf(schema).includes('array')) schema = resolve(doc, schema.items) as JsonSchema;
  const [type] = typesOf(schema);
  if (type === 'string') return schema.format === 'uuid' ? 'uuid' : schema.format === 'date' ? 'date' : 'string';
  return type === 'integer' || type === 'number' || type === 'boolean' ? type : undefined;
}

/** The schema at a field path of an item (`officials[].relationship_type`), or undefined. */
function fieldSchema(doc: OpenApiDocument, item: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = item;
  for (const part of path.split('.')) {
    const [, name, array] = /^([^[\]]+)(\[\])?$/.exec(part) ?? [];
    if (!node || !name) return undefined;
    const properties = (resolve(doc, node).properties ?? {}) as Record<string, unknown>;
    node = properties[name] === undefined ? undefined : resolve(doc, properties[name]);
    if (node && array) node = typesOf(node).includes('array') ? resolve(doc, node.items) : undefined;
  }
  return node;
}

/** The item schema of an operation answering a paginated list (its success body's `results` items). */
export function listItemSchema(doc: OpenApiDocument, op: OperationEntry): JsonSchema | undefined {
  const success = op.responses.find((r) => r.status >= 200 && r.status < 300);
  const body = success?.bodies.find((b) => b.mediaType === 'application/json');
  if (!body) return undefined;
  const envelope = resolve(doc, body.schema);
  const properties = (envelope.properties ?? {}) as Record<string, unknown>;
  if (properties.count === undefined || properties.results === undefined) return undefined;
  return resolve(doc, (resolve(doc, properties.results) as JsonSchema).items);
}

function readFilter(doc: OpenApiDocument, op: OperationEntry, place: string, declared: unknown, valueSchema: unknown, repeated: boolean, where: 'query' | 'body', name: string): FilterDeclaration {
  const problem = (what: string) => new Error(`${op.operationId} ${place}: x-filter ${what}`);
  if (!isObject(declared)) throw problem('must be an object {match, reads, words}');
  const match = declared.match as FilterMatch;
  if (!FILTER_MATCHES.includes(match)) throw problem(`match ${JSON.stringify(declared.match)} is none of ${FILTER_MATCHES.join(', ')}`);
  if (typeof declared.words !== 'string' || declared.words === '') throw problem('needs words: the published words it rests on');
  const item = listItemSchema(doc, op);
  if (!item) throw problem('is on an operation that answers no paginated list');
  let reads: string[];
  let names: string[] | undefined;
  if (match === 'code-or-name') {
    const given = declared.reads as { code?: unknown; name?: unknown };
    if (!isObject(given) || !Array.isArray(given.code) || !Array.isArray(given.name)) throw problem('code-or-name reads {code: [fields], name: [fields]}');
    names = given.name.map(String);
    reads = [...given.code.map(String), ...names];
  } else {
    if (!Array.isArray(declared.reads) || declared.reads.length === 0) throw problem('reads needs a list of item fields');
    reads = declared.reads.map(String);
  }
  const fields = reads.map((path) => {
    const schema = fieldSchema(doc, item, path);
    if (!schema) throw problem(`reads ${path}, which the items of ${op.operationId} do not have`);
    return valueType(doc, schema);
  });
  const field = fields[0];
  if (!field) throw problem(`reads ${reads[0]}, whose type is none the filters compare (string, integer, number, boolean)`);
  const value = valueType(doc, valueSchema);
  if (!value) throw problem('is on a parameter whose schema types no value');
  if (match === 'at-least' || match === 'at-most') {
    if (!['integer', 'number', 'date'].includes(field) || fields.some((f) => f !== field)) throw problem(`${match} reads numbers or dates (format: date), all of one type; ${reads.join(', ')} are not`);
    if (value !== field && !(value === 'integer' && field === 'number')) throw problem(`${match}: its value is ${value}, the fields it bounds are ${field}`);
  }
  if (match === 'exists' && value !== 'boolean') throw problem('exists takes a boolean value (true: the field is present and not empty)');
  const nulls = declared.nulls;
  if (nulls !== undefined && nulls !== 'excluded' && nulls !== 'included') throw problem('nulls is excluded or included (absent: not published)');
  return { where, name, match, reads, ...(names && { names }), words: declared.words, ...(nulls !== undefined && { nulls }), field, value, repeated };
}

/** A resource as declared in one place; every place that names it must agree. */
function declareResource(resources: Record<string, ResourceDeclaration>, operations: OperationEntry[], doc: OpenApiDocument, place: string, name: unknown, declared: Node, schema: unknown): string {
  if (typeof name !== 'string' || name === '') throw new Error(`${place}: needs the resource's name`);
  if (typeof declared.key !== 'string') throw new Error(`${place}: needs key, the resource's field that holds the identifier`);
  const resource: ResourceDeclaration = { key: declared.key };
  for (const role of ['listedBy', 'createdBy'] as const) {
    const id = declared[role];
    if (id === undefined) continue;
    const op = operations.find((o) => o.operationId === id);
    if (!op) throw new Error(`${place}: ${role} ${JSON.stringify(id)} is no operation of the contract`);
    if (role === 'listedBy' && !fieldSchema(doc, listItemSchema(doc, op) ?? {}, declared.key)) throw new Error(`${place}: listedBy ${String(id)}, whose items have no ${declared.key}`);
    resource[role] = String(id);
  }
  const format = (() => {
    let node = resolve(doc, schema);
    if (typesOf(node).includes('array')) node = resolve(doc, node.items);
    return typeof node.format === 'string' ? node.format : undefined;
  })();
  if (format) resource.format = format;
  const known = resources[name];
  const clash = known && (Object.keys(resource) as Array<keyof ResourceDeclaration>).find((k) => known[k] !== undefined && known[k] !== resource[k]);
  if (clash) throw new Error(`${place}: resource ${name} has ${clash} ${JSON.stringify(resource[clash])} here and ${JSON.stringify(known![clash])} elsewhere`);
  resources[name] = { ...known, ...resource };
  return name;
}

export function readMeaning(doc: OpenApiDocument, operations: OperationEntry[]): Meaning {
  const resources: Record<string, ResourceDeclaration> = {};
  const byOperation: Record<string, OperationMeaning> = {};
  for (const op of operations) {
    const raw = doc.paths[op.path]![op.method] as Node;
    const meaning: OperationMeaning = { filters: [], pathResources: {}, references: { query: {}, body: {} }, conditions: {}, blind: [] };
    const declaredParameters = [...((doc.paths[op.path]!.parameters ?? []) as unknown[]), ...((raw.parameters ?? []) as unknown[])].map((ref) => resolve(doc, ref));
    for (const parameter of op.parameters) {
      const node = declaredParameters.filter((p) => p.in === parameter.in && p.name === parameter.name).pop()!;
      const place = `${parameter.in} parameter ${parameter.name}`;
      if (node['x-references'] !== undefined) {
        const refs = node['x-references'] as Node;
        if (parameter.in !== 'query') throw new Error(`${op.operationId} ${place}: x-references is for query parameters and body fields (a path parameter names its resource with x-resource)`);
        meaning.references.query[parameter.name] = declareResource(resources, operations, doc, `${op.operationId} ${place}: x-references`, refs.resource, refs, parameter.schema);
      }
      if (parameter.in === 'path') {
        const declared = node['x-resource'];
        if (isObject(declared)) meaning.pathResources[parameter.name] = declareResource(resources, operations, doc, `${op.operationId} ${place}: x-resource`, declared.name, declared, parameter.schema);
        else meaning.blind.push(`path parameter ${parameter.name}: no x-resource (which resource it names)`);
        continue;
      }
      if (parameter.in !== 'query') continue;
      if (node['x-pagination'] !== undefined) {
        if (node['x-pagination'] !== 'page') throw new Error(`${op.operationId} ${place}: x-pagination is page (the only kind)`);
        meaning.page = parameter.name;
      } else if (node['x-filter'] !== undefined) {
        meaning.filters.push(readFilter(doc, op, place, node['x-filter'], parameter.schema, parameter.repeated, 'query', parameter.name));
      } else meaning.blind.push(`query parameter ${parameter.name}: neither x-filter (what it keeps) nor x-pagination`);
    }
    // Body fields: a filter (a search), or a reference to another resource; every media type shares the JSON body's schema.
    const json = op.requestBodies.find((b) => b.mediaType === 'application/json') ?? op.requestBodies[0];
    const properties = (json ? (resolve(doc, json.schema).properties ?? {}) : {}) as Record<string, Node>;
    const listed = listItemSchema(doc, op) !== undefined;
    for (const [name, property] of Object.entries(properties)) {
      const place = `body field ${name}`;
      if (property['x-filter'] !== undefined) meaning.filters.push(readFilter(doc, op, place, property['x-filter'], property, false, 'body', name));
      else if (listed && !op.writes) meaning.blind.push(`${place}: no x-filter (what the search keeps by it)`);
      const refs = property['x-references'];
      if (isObject(refs)) meaning.references.body[name] = declareResource(resources, operations, doc, `${op.operationId} ${place}: x-references`, refs.resource, refs, property);
    }
    for (const response of op.responses) {
      const node = resolve(doc, (raw.responses as Node)[String(response.status)]);
      const declared = node['x-condition'];
      if (declared === undefined) {
        if (response.status >= 400) meaning.blind.push(`status ${response.status}: no x-condition (what it answers)`);
        continue;
      }
      const conditions = [declared].flat() as Condition[];
      const unknown = conditions.find((c) => !CONDITIONS.includes(c));
      if (unknown !== undefined) throw new Error(`${op.operationId} ${response.status}: x-condition ${JSON.stringify(unknown)} is none of ${CONDITIONS.join(', ')}`);
      meaning.conditions[String(response.status)] = conditions;
    }
    byOperation[op.operationId] = meaning;
  }
  // What an operation does: a list, a read or write of a resource it names, a create, or a write.
  for (const op of operations) {
    const meaning = byOperation[op.operationId]!;
    const creates = Object.values(resources).some((r) => r.createdBy === op.operationId);
    const named = Object.keys(meaning.pathResources).length > 0;
    if (!listItemSchema(doc, op) && !named && !creates && !op.writes) {
      meaning.blind.unshift('operation: not a list, no x-resource path parameter, no resource it creates (createdBy), no x-writes: what it does is not declared');
    }
  }
  return { operations: byOperation, resources };
}
