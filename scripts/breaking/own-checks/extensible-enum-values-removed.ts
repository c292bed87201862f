// `x-extensible-enum` (Zalando's guideline, read by oasdiff) lists the values a field takes
// today and lets responses grow new ones; a value removed from a request's list is one a client
// may still send (oasdiff: request-*-x-extensible-enum-value-removed, ERR). Redocly's diff does
// not compare array-valued extensions at all.
import { oldToNew } from '../describe';
import type { OwnCheck } from './check';
import { atNodes } from './at-nodes';

const EXTENSION = 'x-extensible-enum';
const values = (value: unknown): unknown[] | undefined => (Array.isArray(value) ? value : undefined);

export const extensibleEnumValuesRemoved: OwnCheck = {
  id: 'extensible-enum-values-removed',
  severity: 'break',
  summary: 'a value was removed from a request `x-extensible-enum`',
  find: (base, revision) =>
    atNodes(base, revision, ['schema'], ({ base: before, revision: after, side }) => {
      const old = values(before[EXTENSION]);
      const now = values(after[EXTENSION]);
      // Without the list, the field takes any value of its type: wider, not narrower.
      if (side !== 'request' || !old || !now) return undefined;
      const removed = old.filter((value) => !now.some((kept) => JSON.stringify(kept) === JSON.stringify(value)));
      if (removed.length === 0) return undefined;
      return { change: `${EXTENSION}: ${oldToNew(old, now)}`, message: `Clients may still send ${removed.map((v) => JSON.stringify(v)).join(', ')}.` };
    }),
};
