// An operation drops its own `security` that allowed anonymous calls (`security: []` or a `{}`
// alternative) and so inherits a root requirement that does not. Redocly compares each
// `security` list where it is written and rates the removed override a patch.
import { isObject, type JsonObject } from '../pointer';
import type { OwnCheck } from './check';
import { operationsOf } from './operations';

type Requirements = JsonObject[];

const requirementsOf = (value: unknown): Requirements | undefined =>
  Array.isArray(value) ? value.filter(isObject) : undefined;

/** No requirement at all, or an empty `{}` alternative, lets a call without credentials through. */
const allowsAnonymous = (requirements: Requirements | undefined) =>
  requirements === undefined || requirements.length === 0 || requirements.some((r) => Object.keys(r).length === 0);

const names = (requirements: Requirements) => requirements.map((r) => Object.keys(r).join(' + ')).join(' or ');

export const operationAuthBecameRequired: OwnCheck = {
  id: 'operation-auth-became-required',
  severity: 'break',
  summary: "an operation's own anonymous `security` was removed, so a required root `security` now applies",
  find(base, revision) {
    const rootAfter = requirementsOf(revision.security);
    if (allowsAnonymous(rootAfter)) return [];
    const after = operationsOf(revision);
    return [...operationsOf(base)].flatMap(([where, operation]) => {
      const own = requirementsOf(operation.security);
      const now = after.get(where);
      if (own === undefined || !allowsAnonymous(own) || now === undefined || now.security !== undefined) return [];
      return [{
        location: `${where} security`,
        change: `anonymous allowed → ${names(rootAfter ?? [])} (inherited from the root)`,
        message: `\`${where}\` no longer has its own \`security\`, so the root requirement applies and anonymous calls are refused.`,
      }];
    });
  },
};
