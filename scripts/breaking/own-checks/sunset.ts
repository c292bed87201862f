// The sunset of a deprecated operation, parameter or property is the promise clients plan by
// (lifecycle.ts): it may not vanish, move into the past, be unreadable, or be in the past on the
// day of the deprecation (which would allow removal without notice). oasdiff: sunset-deleted,
// api-sunset-date-changed-too-small, api-deprecated-sunset-parse, api-sunset-date-too-small
// and their request-parameter / property forms, all ERR.
import { oldToNew } from '../describe';
import { isDeprecated, SUNSET, sunsetDay, today } from '../lifecycle';
import type { JsonObject } from '../pointer';
import type { OwnCheck } from './check';
import { atNodes, type NodeVerdict } from './at-nodes';
import type { NodePair } from './walk';

/** Operations, parameters and schema properties carry `deprecated`. */
const deprecatable = (pair: NodePair) => pair.kind !== 'schema' || pair.role === 'property';

const sunsetCheck = (id: string, summary: string, judge: (before: JsonObject, after: JsonObject, on: string) => string | undefined): OwnCheck => ({
  id,
  severity: 'break',
  summary,
  find: (base, revision) =>
    atNodes(base, revision, ['operation', 'parameter', 'schema'], (pair): NodeVerdict | undefined => {
      if (!deprecatable(pair) || !isDeprecated(pair.revision)) return undefined;
      const message = judge(pair.base, pair.revision, today());
      return message === undefined ? undefined : { change: `${SUNSET}: ${oldToNew(pair.base[SUNSET], pair.revision[SUNSET])}`, message };
    }),
});

export const SUNSET_CHECKS: readonly OwnCheck[] = [
  sunsetCheck('sunset-removed', 'the sunset date of a deprecated operation, parameter or property was removed', (before, after) =>
    sunsetDay(before[SUNSET]) !== undefined && after[SUNSET] === undefined ? 'Clients planned by the sunset date; without it the removal may come at any time.' : undefined,
  ),
  sunsetCheck('sunset-moved-earlier', 'a sunset date was moved earlier, into the past', (before, after, on) => {
    const [old, now] = [sunsetDay(before[SUNSET]), sunsetDay(after[SUNSET])];
    return old !== undefined && now !== undefined && now < old && now < on ? 'The sunset now lies in the past: the removal may come without the notice given.' : undefined;
  }),
  sunsetCheck('sunset-invalid', 'a deprecated node has an `x-sunset` that is not an RFC 3339 date', (before, after) =>
    after[SUNSET] !== undefined && sunsetDay(after[SUNSET]) === undefined && JSON.stringify(before[SUNSET]) !== JSON.stringify(after[SUNSET])
      ? 'Not an RFC 3339 date (2025-12-31): clients cannot tell when the removal comes.'
      : undefined,
  ),
  sunsetCheck('sunset-already-past', 'deprecated with a sunset date already in the past', (before, after, on) => {
    const day = sunsetDay(after[SUNSET]);
    return !isDeprecated(before) && day !== undefined && day < on ? 'Deprecated with a sunset in the past: it could be removed at once, without notice.' : undefined;
  }),
];
