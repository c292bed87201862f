// An operation without a request body gets a required one: every call made so far lacks it
// (oasdiff: request-body-added-required, ERR). Redocly judges `required` only on a body both
// sides have.
import { deref, isObject } from '../pointer';
import type { OwnCheck } from './check';
import { atNodes } from './at-nodes';

export const requiredRequestBodyAdded: OwnCheck = {
  id: 'required-request-body-added',
  severity: 'break',
  summary: 'an operation without a request body got a required one',
  find: (base, revision) =>
    atNodes(base, revision, ['operation'], ({ base: before, revision: after }) => {
      const body = deref(revision, after.requestBody);
      if (before.requestBody !== undefined || !isObject(body) || body.required !== true) return undefined;
      return { field: 'request body', change: '(none) → required', message: 'Calls made without a body are refused.' };
    }),
};
