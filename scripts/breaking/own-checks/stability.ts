// `x-stability-level` (lifecycle.ts) tells clients how far to rely on an operation or property:
// lowering it, or writing a level that is none of the four, takes back what they relied on
// (oasdiff: api-stability-decreased, request/response-property-stability-decreased,
// api-invalid-stability-level, ERR).
import { oldToNew } from '../describe';
import { STABILITY, STABILITY_LEVELS, stabilityRank } from '../lifecycle';
import type { OwnCheck } from './check';
import { atNodes } from './at-nodes';

const stabilityCheck = (id: string, summary: string, judge: (before: number | undefined, after: number | undefined) => string | undefined): OwnCheck => ({
  id,
  severity: 'break',
  summary,
  find: (base, revision) =>
    atNodes(base, revision, ['operation', 'schema'], (pair) => {
      if (pair.kind === 'schema' && pair.role !== 'property') return undefined;
      if (JSON.stringify(pair.base[STABILITY]) === JSON.stringify(pair.revision[STABILITY])) return undefined;
      const message = judge(stabilityRank(pair.base), stabilityRank(pair.revision));
      return message === undefined ? undefined : { change: `${STABILITY}: ${oldToNew(pair.base[STABILITY], pair.revision[STABILITY])}`, message };
    }),
});

export const STABILITY_CHECKS: readonly OwnCheck[] = [
  stabilityCheck('stability-decreased', '`x-stability-level` lowered (stable → beta → alpha → draft)', (before, after) =>
    before !== undefined && before >= 0 && after !== undefined && after >= 0 && after < before ? 'Clients relied on the higher stability.' : undefined,
  ),
  stabilityCheck('stability-level-invalid', `\`x-stability-level\` is none of ${STABILITY_LEVELS.join(', ')}`, (_before, after) =>
    after === -1 ? `Not one of ${STABILITY_LEVELS.join(', ')}.` : undefined,
  ),
];
