// Lays many pairs side by side in one base and one revision document, so the gate compares
// them all in one run (one `redocly diff` process, not one per pair): each pair's paths go under
// `/pair<n>`, its components are renamed `pair<n>_<name>`, and a finding belongs to the pair
// whose token its places name. Pairs that change the root (`alone`) get documents of their own.
import type { JsonObject } from '../../scripts/breaking/pointer';
import { isObject } from '../../scripts/breaking/pointer';
import type { Side } from './oasdiff-pairs';

const INFO = { title: 'pairs', version: '1.0.0' };

export const tokenOf = (index: number) => `pair${index}`;

/** Renames what a pair's components are called by, wherever they are referred to. */
function renamed(node: unknown, token: string, key?: string): unknown {
  if (Array.isArray(node)) {
    // A security requirement names schemes by their component names.
    if (key === 'security') return node.map((req) => (isObject(req) ? Object.fromEntries(Object.entries(req).map(([k, v]) => [`${token}_${k}`, v])) : req));
    return node.map((item) => renamed(item, token));
  }
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => {
      if (k === '$ref' && typeof v === 'string') return [k, v.replace(/^#\/components\/([^/]+)\//, `#/components/$1/${token}_`)];
      return [k, renamed(v, token, k)];
    }),
  );
}

/** The document of one side of one pair, alone. */
export const documentOf = (side: Side): JsonObject => ({ openapi: '3.1.0', info: INFO, paths: {}, ...side });

/** One document holding the sides of many pairs, each under its token. */
export function sideBySide(sides: ReadonlyArray<{ index: number; side: Side }>): JsonObject {
  const paths: JsonObject = {};
  const components: Record<string, JsonObject> = {};
  const webhooks: JsonObject = {};
  for (const { index, side } of sides) {
    const token = tokenOf(index);
    const own = renamed(side, token) as Side;
    for (const [path, item] of Object.entries(own.paths ?? {})) paths[`/${token}${path}`] = item;
    for (const [name, item] of Object.entries(own.webhooks ?? {})) webhooks[`${token}_${name}`] = item;
    for (const [kind, entries] of Object.entries(own.components ?? {})) {
      for (const [name, value] of Object.entries(entries as JsonObject)) (components[kind] ??= {})[`${token}_${name}`] = value;
    }
  }
  return { openapi: '3.1.0', info: INFO, paths, ...(Object.keys(components).length > 0 && { components }), ...(Object.keys(webhooks).length > 0 && { webhooks }) };
}

/** Whether a place printed by the gate is under the pair's token (`/pair12/x`, `schema pair12_Thing`). */
export const belongsTo = (place: string, index: number) => new RegExp(`\\b${tokenOf(index)}(?![0-9])`).test(place);
