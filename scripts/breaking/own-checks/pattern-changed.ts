// The gate judges `pattern` itself (Redocly's verdicts on it are dropped: it refuses a request
// pattern removed from a schema that a response also uses, and any pattern changed). A request
// refuses values it took when a pattern is added or changed to one not provably looser
// (pattern-looser.ts: removed or provably looser passes). A response may carry values clients
// never saw when its pattern is removed or changed to one not provably tighter: a warning, as
// oasdiff rates it INFO (response-property-pattern-removed/changed) and patterns on responses
// document a format more than they bound it.
import { oldToNew } from '../describe';
import type { OwnCheck } from './check';
import { atNodes } from './at-nodes';
import { provablyLooser } from './pattern-looser';

const patternOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

export const patternChanged: OwnCheck = {
  id: 'pattern-changed',
  severity: 'break',
  summary: 'a request pattern added or changed to one not provably looser (a response pattern removed or loosened: a warning)',
  find: (base, revision) =>
    atNodes(base, revision, ['schema'], ({ base: before, revision: after, side }) => {
      const [old, now] = [patternOf(before.pattern), patternOf(after.pattern)];
      if (old === now) return undefined;
      const change = `pattern: ${oldToNew(old, now)}`;
      if (side === 'request') {
        if (old === undefined) return { change, message: 'Values that do not match the new pattern are now refused.' };
        if (now === undefined || provablyLooser(old, now)) return undefined;
        return { change, message: 'The gate cannot prove the new pattern accepts every value the old one did; declare the change if it does.' };
      }
      if (now !== undefined && (old === undefined || provablyLooser(now, old))) return undefined;
      return { change, severity: 'warning', message: 'A response value may no longer match the old pattern.' };
    }),
};
