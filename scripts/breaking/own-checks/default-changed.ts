// A request parameter's `default` changed, was added or removed: a client that leaves the
// parameter out now gets another behaviour (oasdiff: request-parameter-default-value-*, ERR).
// The default of a request body property changed: reported as a warning (oasdiff rates it INFO;
// a client that leaves the property out gets another value all the same).
import { oldToNew } from '../describe';
import type { OwnCheck } from './check';
import { atNodes } from './at-nodes';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export const defaultChanged: OwnCheck = {
  id: 'default-changed',
  severity: 'break',
  summary: "a request parameter's `default` changed, was added or removed (a request body property's: a warning)",
  find: (base, revision) =>
    atNodes(base, revision, ['schema'], ({ base: before, revision: after, side, role }) => {
      if (side !== 'request' || same(before.default, after.default)) return undefined;
      if (role !== 'parameter' && role !== 'property' && role !== 'body') return undefined;
      const change = `default: ${oldToNew(before.default, after.default)}`;
      return role === 'parameter'
        ? { change, message: 'A client that leaves the parameter out now gets another behaviour.' }
        : { change, severity: 'warning', message: 'A client that leaves the field out now gets another value.' };
    }),
};
