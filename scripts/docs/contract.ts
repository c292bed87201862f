// The parts of the bundled contract the page build reads, typed loosely: the build must not
// break on fields it does not know, and it never writes the contract back.
import fs from 'node:fs';
import path from 'node:path';

export const CONTRACT_FILE = path.resolve(__dirname, '../../generated/openapi.json');

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One entry of the root `x-unspecified` list: a sentence of the published document and where the contract marks it. */
export interface RootUnknown {
  published: string;
  where: string;
}

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  responses: Record<string, JsonObject>;
  requestBody?: JsonObject;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readContract(file = CONTRACT_FILE): JsonObject {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing; run \`npm run generate\``);
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!isObject(parsed) || !isObject(parsed.paths)) throw new Error(`${file} is not an OpenAPI document (no paths)`);
  return parsed;
}

/** Every operation in document order (the order the page shows them in). */
export function operationsOf(document: JsonObject): Operation[] {
  const operations: Operation[] = [];
  for (const [pathKey, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      operations.push({
        method,
        path: pathKey,
        operationId: String(operation.operationId ?? `${method} ${pathKey}`),
        summary: String(operation.summary ?? ''),
        responses: Object.fromEntries(
          Object.entries(isObject(operation.responses) ? operation.responses : {}).filter(
            (entry): entry is [string, JsonObject] => isObject(entry[1]),
          ),
        ),
        ...(isObject(operation.requestBody) ? { requestBody: operation.requestBody } : {}),
      });
    }
  }
  return operations;
}

/** Resolves a local JSON pointer (`#/components/...`); undefined when it points nowhere. */
export function resolvePointer(document: JsonObject, pointer: string): Json | undefined {
  if (!pointer.startsWith('#')) return undefined;
  let node: Json | undefined = document;
  for (const raw of pointer.slice(1).split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** Follows `$ref`s until a non-reference object (or undefined). */
export function deref(document: JsonObject, value: Json | undefined): JsonObject | undefined {
  let node = value;
  for (let hops = 0; hops < 16 && isObject(node); hops++) {
    if (typeof node.$ref !== 'string') return node;
    node = resolvePointer(document, node.$ref);
  }
  return undefined;
}

export function rootUnknowns(document: JsonObject): RootUnknown[] {
  const list = document['x-unspecified'];
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((entry) => ({ published: String(entry.published ?? ''), where: String(entry.where ?? '') }));
}
