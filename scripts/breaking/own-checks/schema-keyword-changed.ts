// JSON Schema keywords Redocly's diff does not judge (it compares them only when added or
// removed as a whole, or not at all): `minContains`, `maxContains`, a changed
// `dependentRequired`, `patternProperties`, `prefixItems` of another length, `contentSchema`.
// Each change makes the set of valid values narrower, wider, or moves it ('unknown'); a
// narrower or moved request, and a wider or moved response, break clients (oasdiff:
// request-*-min-contains-increased, response-*-prefix-items-added, … ERR).
import { oldToNew } from '../describe';
import { isObject, type JsonObject } from '../pointer';
import type { Side } from '../uses';
import type { OwnCheck } from './check';
import { atNodes, type NodeVerdict } from './at-nodes';

type Effect = 'narrower' | 'wider' | 'unknown';

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
const compare = (before: number, after: number, narrowerWhen: 'up' | 'down'): Effect | undefined =>
  before === after ? undefined : (after > before) === (narrowerWhen === 'up') ? 'narrower' : 'wider';

/** Joins the effects of several parts of one keyword. */
const combined = (effects: Array<Effect | undefined>): Effect | undefined => {
  const seen = new Set(effects.filter((effect) => effect !== undefined));
  return seen.size === 0 ? undefined : seen.size === 1 ? [...seen][0] : 'unknown';
};

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Per keyword: how the change moves the set of valid values (undefined: no change, or Redocly's). */
const KEYWORDS: Readonly<Record<string, (before: JsonObject, after: JsonObject) => Effect | undefined>> = {
  minContains: (b, a) => (b.contains === undefined ? undefined : compare(numberOr(b.minContains, 1), numberOr(a.minContains, 1), 'up')),
  maxContains: (b, a) => (b.contains === undefined ? undefined : compare(numberOr(b.maxContains, Infinity), numberOr(a.maxContains, Infinity), 'down')),
  // Added or removed as a whole, Redocly judges it; a changed map, not.
  dependentRequired: (b, a) => {
    if (!isObject(b.dependentRequired) || !isObject(a.dependentRequired)) return undefined;
    const before = b.dependentRequired;
    const after = a.dependentRequired;
    return combined([...new Set([...Object.keys(before), ...Object.keys(after)])].map((key) => {
      const old = listOf(before[key]);
      const now = listOf(after[key]);
      const more = now.some((name) => !old.includes(name));
      const fewer = old.some((name) => !now.includes(name));
      return more && fewer ? 'unknown' : more ? 'narrower' : fewer ? 'wider' : undefined;
    }));
  },
  patternProperties: (b, a) => {
    const before = isObject(b.patternProperties) ? Object.keys(b.patternProperties) : [];
    const after = isObject(a.patternProperties) ? Object.keys(a.patternProperties) : [];
    const added = after.some((key) => !before.includes(key));
    const removed = before.some((key) => !after.includes(key));
    return added && removed ? 'unknown' : added ? 'narrower' : removed ? 'wider' : undefined;
  },
  // Items past the shorter list are now held to another schema.
  prefixItems: (b, a) => (Array.isArray(b.prefixItems) && Array.isArray(a.prefixItems) && b.prefixItems.length !== a.prefixItems.length ? 'unknown' : undefined),
  contentSchema: (b, a) => (b.contentSchema === undefined && a.contentSchema !== undefined ? 'narrower' : b.contentSchema !== undefined && a.contentSchema === undefined ? 'wider' : undefined),
};

/** A keyword's value in a few characters: maps and lists of names as JSON, schemas by their summary. */
const shown = (value: unknown): string => {
  if (value === undefined || typeof value === 'number') return oldToNew(value, value).split(' → ')[0]!;
  const json = JSON.stringify(value);
  return json.length <= 60 ? json : `${json.slice(0, 57)}…`;
};

const breaks = (effect: Effect, side: Side) => effect === 'unknown' || (effect === 'narrower') === (side === 'request');

const WORDS: Readonly<Record<Effect, string>> = {
  narrower: 'Values that were valid are now refused.',
  wider: 'Values that were not valid may now be sent.',
  unknown: 'The set of valid values changed.',
};

export const schemaKeywordChanged: OwnCheck = {
  id: 'schema-keyword-changed',
  severity: 'break',
  summary: 'minContains, maxContains, dependentRequired, patternProperties, prefixItems or contentSchema changed the values a side takes',
  find: (base, revision) =>
    atNodes(base, revision, ['schema'], ({ base: before, revision: after, side }) =>
      Object.entries(KEYWORDS).flatMap(([keyword, effectOf]): NodeVerdict[] => {
        const effect = effectOf(before, after);
        if (!effect || !breaks(effect, side)) return [];
        return [{ keyword, change: `${shown(before[keyword])} → ${shown(after[keyword])}`, message: WORDS[effect] }];
      }),
    ),
};
