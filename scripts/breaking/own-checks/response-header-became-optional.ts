// A response header that was `required` no longer is: clients that read it may not get it
// (oasdiff: response-header-became-optional, ERR). Redocly rates the change a patch.
import type { OwnCheck } from './check';
import { atNodes } from './at-nodes';

export const responseHeaderBecameOptional: OwnCheck = {
  id: 'response-header-became-optional',
  severity: 'break',
  summary: 'a required response header became optional',
  find: (base, revision) =>
    atNodes(base, revision, ['header'], ({ base: before, revision: after }) =>
      before.required === true && after.required !== true
        ? { change: 'required → optional', message: 'Clients that read the header may not get it.' }
        : undefined,
    ),
};
