// A media type without a schema takes any body. A request media type that gets a schema now
// refuses bodies it took (oasdiff: request-body-media-type-schema-added, ERR); a response media
// type that loses its schema may now carry anything. Redocly walks only schemas both sides have.
import { summary } from '../describe';
import type { OwnCheck } from './check';
import { atNodes } from './at-nodes';

export const mediaTypeSchemaChanged: OwnCheck = {
  id: 'media-type-schema-changed',
  severity: 'break',
  summary: 'a request media type without a schema got one, or a response media type lost its schema',
  find: (base, revision) =>
    atNodes(base, revision, ['media type'], ({ base: before, revision: after, side }) => {
      const added = before.schema === undefined && after.schema !== undefined;
      const removed = before.schema !== undefined && after.schema === undefined;
      if (side === 'request' ? !added : !removed) return undefined;
      return {
        field: 'schema',
        change: `${summary(before.schema)} → ${summary(after.schema)}`,
        message: side === 'request' ? 'Bodies of any shape were accepted; now only those the schema allows.' : 'The body may now be of any shape.',
      };
    }),
};
