// Where a shared component reaches clients: every operation that uses it, directly or through
// other components, as the pointer a client walks from `paths` (through $refs, the way Redocly
// writes a change's path). Redocly reports a change of a shared component once, at the first
// operation; the gate shows it at each.
import { isObject, pointerSegments, resolve, type JsonObject } from './pointer';

/** Which way a place faces: what clients send (parameters, bodies) or what they receive. */
export type Side = 'request' | 'response';

/** `paths/<path>/<method>/responses/…` faces responses; parameters and request bodies face requests. */
export const sideOf = (segments: readonly string[]): Side => (segments[3] === 'responses' ? 'response' : 'request');

/** Examples hold data, not schema references. */
const SKIPPED = new Set(['example', 'examples']);

/**
 * Pointers (as segments, from `paths`) of every place that uses the component at
 * `component` (`['components', 'schemas', 'WatchdogRequest']`), in document order.
 */
export function usesOf(document: JsonObject, component: readonly string[]): string[][] {
  const target = `#/${component.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
  const found: string[][] = [];
  const walk = (node: unknown, segments: string[], followed: ReadonlySet<string>): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...segments, String(index)], followed));
      return;
    }
    if (!isObject(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      if (ref === target) found.push(segments);
      // A cycle (a schema that contains itself) is walked once.
      else if (ref.startsWith('#/') && !followed.has(ref)) walk(resolve(document, pointerSegments(ref)), segments, new Set([...followed, ref]));
      return;
    }
    for (const [key, value] of Object.entries(node)) if (!SKIPPED.has(key)) walk(value, [...segments, key], followed);
  };
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) walk(item, ['paths', path], new Set());
  return found;
}
