// The nodes both contracts have, side by side, as a client meets them: walking from `paths`
// through $refs, operations matched by method and path, parameters by `in` and name, responses
// by status, headers by name (case-insensitive), media types by name, schemas by keyword. Own
// checks read these pairs, for what Redocly's diff does not judge. A component used by several
// operations is met at each; `component` names it, so its findings are grouped into one.
import { deref, isObject, pointerSegments, type JsonObject } from '../pointer';
import type { Side } from '../uses';

export type NodeKind = 'operation' | 'parameter' | 'request body' | 'media type' | 'header' | 'schema';

/** What holds a schema: a parameter, a header, a body (media type), or another schema's property. */
export type SchemaRole = 'parameter' | 'header' | 'body' | 'property' | 'nested';

export interface NodePair {
  kind: NodeKind;
  base: JsonObject;
  revision: JsonObject;
  /** Pointer segments of the revision's node, from `paths` (through $refs), for `locate`. */
  segments: string[];
  side: Side;
  /** For a schema: what holds it. */
  role?: SchemaRole;
  /** Segments of the node inside the innermost component it lies in (`components/schemas/X/properties/a`). */
  component?: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_MAPS = ['patternProperties', 'dependentSchemas', '$defs'];
const SCHEMA_VALUES = ['items', 'additionalProperties', 'contains', 'contentSchema', 'propertyNames', 'not', 'if', 'then', 'else'];

const keysOf = (node: unknown): string[] => (isObject(node) ? Object.keys(node) : []);
const asObject = (node: unknown): JsonObject | undefined => (isObject(node) ? node : undefined);

interface Cursor {
  segments: string[];
  component?: string[];
  /** $refs followed on this way down, on either side: a cycle is walked once. */
  followed: ReadonlySet<string>;
}

/** Follows a node's $ref chain; a component ref starts a new component path. */
function enter(document: JsonObject, node: unknown, cursor: Cursor): { node?: JsonObject; component?: string[]; ref?: string } {
  const ref = isObject(node) && typeof node.$ref === 'string' ? node.$ref : undefined;
  const target = asObject(deref(document, node));
  if (ref === undefined) return { node: target, component: cursor.component };
  const segments = pointerSegments(ref);
  return { node: target, component: segments[0] === 'components' ? segments : cursor.component, ref };
}

export function nodePairs(base: JsonObject, revision: JsonObject): NodePair[] {
  const found: NodePair[] = [];

  /** Both sides of one node, or nothing when either side lacks it (a cycle ends here too). */
  const both = (kind: NodeKind, b: unknown, r: unknown, cursor: Cursor, side: Side, role?: SchemaRole): [NodePair, Cursor] | undefined => {
    const left = enter(base, b, cursor);
    const right = enter(revision, r, cursor);
    if (!left.node || !right.node) return undefined;
    const refs = [left.ref, right.ref].filter((ref): ref is string => ref !== undefined);
    if (refs.some((ref) => cursor.followed.has(`${kind}:${ref}`))) return undefined;
    const followed = new Set([...cursor.followed, ...refs.map((ref) => `${kind}:${ref}`)]);
    const component = right.component;
    const pair: NodePair = { kind, base: left.node, revision: right.node, segments: cursor.segments, side, ...(role && { role }), ...(component && { component }) };
    found.push(pair);
    return [pair, { segments: cursor.segments, component, followed }];
  };

  const step = (cursor: Cursor, ...more: string[]): Cursor => ({
    segments: [...cursor.segments, ...more],
    component: cursor.component && [...cursor.component, ...more],
    followed: cursor.followed,
  });

  const schema = (b: unknown, r: unknown, cursor: Cursor, side: Side, role: SchemaRole) => {
    const entered = both('schema', b, r, cursor, side, role);
    if (!entered) return;
    const [pair, inside] = entered;
    for (const name of keysOf(pair.base.properties)) {
      if (isObject(pair.revision.properties) && name in pair.revision.properties) {
        schema((pair.base.properties as JsonObject)[name], pair.revision.properties[name], step(inside, 'properties', name), side, 'property');
      }
    }
    for (const key of SCHEMA_VALUES) if (isObject(pair.base[key])) schema(pair.base[key], pair.revision[key], step(inside, key), side, 'nested');
    for (const key of SCHEMA_MAPS) {
      const after = pair.revision[key];
      for (const name of keysOf(pair.base[key])) if (isObject(after) && name in after) schema((pair.base[key] as JsonObject)[name], after[name], step(inside, key, name), side, 'nested');
    }
    for (const key of SCHEMA_LISTS) {
      const before = pair.base[key];
      const after = pair.revision[key];
      if (Array.isArray(before) && Array.isArray(after)) before.forEach((item, i) => i < after.length && schema(item, after[i], step(inside, key, String(i)), side, 'nested'));
    }
  };

  const content = (b: unknown, r: unknown, cursor: Cursor, side: Side) => {
    for (const type of keysOf(b)) {
      if (!isObject(r) || !(type in r)) continue;
      const entered = both('media type', (b as JsonObject)[type], r[type], step(cursor, 'content', type), side);
      if (entered) schema(entered[0].base.schema, entered[0].revision.schema, step(entered[1], 'schema'), side, 'body');
    }
  };

  const parameters = (b: unknown, r: unknown, cursor: Cursor) => {
    if (!Array.isArray(b) || !Array.isArray(r)) return;
    const key = (document: JsonObject, node: unknown) => {
      const parameter = asObject(deref(document, node));
      return parameter && `${String(parameter.in)} ${parameter.in === 'header' ? String(parameter.name).toLowerCase() : String(parameter.name)}`;
    };
    b.forEach((before) => {
      const index = r.findIndex((after) => key(revision, after) === key(base, before));
      if (index < 0) return;
      const entered = both('parameter', before, r[index], step(cursor, 'parameters', String(index)), 'request');
      if (!entered) return;
      schema(entered[0].base.schema, entered[0].revision.schema, step(entered[1], 'schema'), 'request', 'parameter');
      content(entered[0].base.content, entered[0].revision.content, entered[1], 'request');
    });
  };

  const responses = (b: unknown, r: unknown, cursor: Cursor) => {
    for (const status of keysOf(b)) {
      if (!isObject(r) || !(status in r)) continue;
      const left = asObject(deref(base, (b as JsonObject)[status]));
      const right = asObject(deref(revision, r[status]));
      if (!left || !right) continue;
      const at = step(cursor, 'responses', status);
      const headers = asObject(right.headers) ?? {};
      for (const name of keysOf(left.headers)) {
        const match = Object.keys(headers).find((other) => other.toLowerCase() === name.toLowerCase());
        if (match === undefined) continue;
        const header = both('header', (left.headers as JsonObject)[name], headers[match], step(at, 'headers', match), 'response');
        if (!header) continue;
        schema(header[0].base.schema, header[0].revision.schema, step(header[1], 'schema'), 'response', 'header');
        content(header[0].base.content, header[0].revision.content, header[1], 'response');
      }
      content(left.content, right.content, at, 'response');
    }
  };

  const root: Cursor = { segments: ['paths'], followed: new Set() };
  for (const path of keysOf(base.paths)) {
    const left = asObject(deref(base, (base.paths as JsonObject)[path]));
    const right = asObject(deref(revision, asObject(revision.paths)?.[path]));
    if (!left || !right) continue;
    const at = step(root, path);
    parameters(left.parameters, right.parameters, at);
    for (const method of METHODS) {
      const operation = both('operation', left[method], right[method], step(at, method), 'request');
      if (!operation) continue;
      const [pair, inside] = operation;
      parameters(pair.base.parameters, pair.revision.parameters, inside);
      const body = both('request body', pair.base.requestBody, pair.revision.requestBody, step(inside, 'requestBody'), 'request');
      if (body) content(body[0].base.content, body[0].revision.content, body[1], 'request');
      responses(pair.base.responses, pair.revision.responses, inside);
    }
  }
  return found;
}
