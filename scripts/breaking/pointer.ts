// JSON pointers into a bundled contract. Redocly's change paths walk the document as a client
// meets it (through $refs), so resolving one follows every local $ref on the way.

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `#/paths/~1api~1v1~1watchdogs~1/post` → `['paths', '/api/v1/watchdogs/', 'post']`. */
export function pointerSegments(pointer: string): string[] {
  const body = pointer.replace(/^#?\/?/, '');
  return body === '' ? [] : body.split('/').map((s) => percentDecoded(s).replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** URI-fragment pointers may be percent-encoded; a bare `%` in a path key is kept as is. */
function percentDecoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Follows a chain of local `$ref`s (`#/components/...`); external refs do not occur in a bundle. */
export function deref(document: unknown, node: unknown, seen = new Set<string>()): unknown {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return node;
  if (seen.has(node.$ref)) return undefined; // a $ref cycle: nothing concrete to show
  seen.add(node.$ref);
  return deref(document, resolve(document, pointerSegments(node.$ref)), seen);
}

/** The node at `segments`, following $refs at every step; undefined when it does not exist. */
export function resolve(document: unknown, segments: readonly string[]): unknown {
  let node = deref(document, document);
  for (const segment of segments) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = node[segment];
    else return undefined;
    node = deref(document, node);
  }
  return node;
}
