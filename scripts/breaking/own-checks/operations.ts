// The operations of a bundled document, keyed `POST /api/v1/watchdogs/`, for own checks.
import { deref, isObject, type JsonObject } from '../pointer';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function operationsOf(document: JsonObject): Map<string, JsonObject> {
  const operations = new Map<string, JsonObject>();
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    const pathItem = deref(document, item);
    if (!isObject(pathItem)) continue;
    for (const method of METHODS) {
      const operation = deref(document, pathItem[method]);
      if (isObject(operation)) operations.set(`${method.toUpperCase()} ${path}`, operation);
    }
  }
  return operations;
}
