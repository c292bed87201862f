// Turns the contract's locations (JSON pointers, operationIds) into the words a reader of the
// page finds in it: "schema `Watchdog` › `last_signal`", "`GET /api/v1/municipalities/`".
import { isObject, operationsOf, resolvePointer, type JsonObject } from './contract';

const unescape = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~');
const code = (text: string) => `\`${text}\``;

type Labeller = (document: JsonObject, rest: string[], pointer: string) => string | undefined;

/** How each kind of component is named on the page; `rest` is the pointer after the component name. */
const COMPONENT_LABELS: Record<string, (name: string, document: JsonObject, rest: string[]) => string> = {
  schemas: (name, _document, rest) => {
    const properties = rest.filter((_, index) => rest[index - 1] === 'properties');
    return ['schema ' + code(name), ...properties.map(code)].join(' › ');
  },
  parameters: (name, document) => {
    const parameter = resolvePointer(document, `#/components/parameters/${name}`);
    return isObject(parameter) ? `${String(parameter.in)} parameter ${code(String(parameter.name))}` : `parameter ${code(name)}`;
  },
  responses: (name, document) => {
    const statuses = usesOf(document, `#/components/responses/${name}`, 'response');
    return `response ${code(name)}${statuses ? ` (${statuses})` : ''}`;
  },
  requestBodies: (name, document) => {
    const operations = usesOf(document, `#/components/requestBodies/${name}`, 'requestBody');
    return `request body ${code(name)}${operations ? ` (${operations})` : ''}`;
  },
  securitySchemes: (name) => `security scheme ${code(name)}`,
  examples: (name) => `example ${code(name)}`,
};

const LABELLERS: Record<string, Labeller> = {
  info: () => 'the document (info)',
  components: (document, rest) => {
    const [kind, name, ...tail] = rest;
    if (kind === 'securitySchemes' && name === undefined) return 'every security scheme';
    const label = kind !== undefined ? COMPONENT_LABELS[kind] : undefined;
    return label && name !== undefined ? label(name, document, tail) : undefined;
  },
  paths: (document, rest) => {
    const [pathKey, method] = rest;
    if (pathKey === undefined) return undefined;
    const operation = method !== undefined ? resolvePointer(document, `#/paths/${pathKey.replace(/~/g, '~0').replace(/\//g, '~1')}/${method}`) : undefined;
    const id = isObject(operation) && typeof operation.operationId === 'string' ? ` (${operation.operationId})` : '';
    return method !== undefined ? `${code(`${method.toUpperCase()} ${pathKey}`)}${id}` : `path ${code(pathKey)}`;
  },
};

/** "400 of 8 operations", "requestBody of watchdogsSubscribe": which operations point at a component. */
function usesOf(document: JsonObject, ref: string, slot: 'response' | 'requestBody'): string {
  const uses: string[] = [];
  for (const operation of operationsOf(document)) {
    if (slot === 'requestBody') {
      if (operation.requestBody?.$ref === ref) uses.push(operation.operationId);
      continue;
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      if (response.$ref === ref) uses.push(`${status}:${operation.operationId}`);
    }
  }
  if (slot === 'requestBody') return uses.join(', ');
  const byStatus = new Map<string, string[]>();
  for (const use of uses) {
    const [status = '', id = ''] = use.split(':');
    byStatus.set(status, [...(byStatus.get(status) ?? []), id]);
  }
  const total = operationsOf(document).length;
  return [...byStatus]
    .map(([status, ids]) => `${status} of ${ids.length === total ? 'every operation' : ids.join(', ')}`)
    .join('; ');
}

/** A label for one JSON pointer, falling back to the pointer itself. */
export function labelPointer(document: JsonObject, pointer: string): string {
  const segments = pointer.replace(/^#\/?/, '').split('/').map(unescape);
  const [root, ...rest] = segments;
  const labeller = root !== undefined ? LABELLERS[root] : undefined;
  return labeller?.(document, rest, pointer) ?? code(pointer);
}

/** Labels a `where` of the root `x-unspecified` list: pointers, operationIds, or free text such as "not modelled". */
export function labelWhere(document: JsonObject, where: string): string {
  const byId = new Map(operationsOf(document).map((operation) => [operation.operationId, operation]));
  return where
    .split(/,\s*/)
    .map((part) => {
      if (part.startsWith('#')) return labelPointer(document, part);
      const operation = byId.get(part);
      if (operation) return `${code(`${operation.method.toUpperCase()} ${operation.path}`)} (${operation.operationId})`;
      return part;
    })
    .join(', ');
}
