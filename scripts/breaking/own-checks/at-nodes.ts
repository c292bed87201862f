// Runs a judgement over the node pairs of a kind (walk.ts) and words what it finds at the place
// a client meets it. A component met from several operations gives one finding: the first
// place, `alsoAt` the others, `definedAt` the component.
import { locate, renderPlace, withField, withKeyword } from '../locate';
import type { JsonObject } from '../pointer';
import type { OwnFinding } from './check';
import { nodePairs, type NodeKind, type NodePair } from './walk';

/** What a judgement says about one node pair; `field` names a part of it (a property). */
export type NodeVerdict = Pick<OwnFinding, 'change' | 'message' | 'severity' | 'note'> & {
  field?: string;
  /** The keyword judged, when a check judges several of one node: part of the place (`… name minContains`). */
  keyword?: string;
};

const walked = new WeakMap<JsonObject, WeakMap<JsonObject, NodePair[]>>();

/** The node pairs of two documents, walked once for all checks. */
function pairsOf(base: JsonObject, revision: JsonObject): NodePair[] {
  const byRevision = walked.get(base) ?? new WeakMap<JsonObject, NodePair[]>();
  walked.set(base, byRevision);
  const pairs = byRevision.get(revision) ?? nodePairs(base, revision);
  byRevision.set(revision, pairs);
  return pairs;
}

const placeOf = (document: JsonObject, segments: string[], field?: string, keyword?: string) => {
  const at = locate(document, segments);
  const place = field === undefined ? at : withField(at, field);
  return renderPlace(keyword === undefined ? place : withKeyword(place, keyword));
};

export function atNodes(
  base: JsonObject,
  revision: JsonObject,
  kinds: readonly NodeKind[],
  judge: (pair: NodePair) => NodeVerdict | NodeVerdict[] | undefined,
): OwnFinding[] {
  const grouped = new Map<string, OwnFinding>();
  for (const pair of pairsOf(base, revision)) {
    if (!kinds.includes(pair.kind)) continue;
    for (const verdict of [judge(pair) ?? []].flat()) {
      const { field, keyword, ...said } = verdict;
      const location = placeOf(revision, pair.segments, field, keyword);
      const key = `${(pair.component ?? pair.segments).join('/')}|${field}|${keyword}|${said.change}|${said.severity}`;
      const known = grouped.get(key);
      if (known) {
        if (known.location !== location && !known.alsoAt?.includes(location)) known.alsoAt = [...(known.alsoAt ?? []), location];
        continue;
      }
      const definedAt = pair.component && placeOf(revision, pair.component, field, keyword);
      grouped.set(key, { ...said, location, ...(definedAt !== undefined && definedAt !== location && { definedAt }) });
    }
  }
  return [...grouped.values()];
}
