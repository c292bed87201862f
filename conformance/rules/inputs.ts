// Rules on what a deployment refuses beyond the body and parameter rules (rules/responses.ts):
// methods a published path does not declare, and resources that do not exist. (What a request
// sent another equivalent way answers: rules/equivalence.ts.)
import { statusFor } from '../../protocol/meaning';
import { FACTS, ON_ONE_RESOURCE, OPERATION_IDS } from '../contract/facts';
import { isClientError, isSuccess, type Exchange } from '../engine/request';
import { fail, pass, warn } from '../engine/types';
import { defineRule, PRISM } from './define';

/** Methods HTTP itself defines on every resource: a 2xx is their correct answer, not an undeclared operation. */
function definedByHttp(x: Exchange): string | undefined {
  const declared = OPERATION_IDS.filter((op) => FACTS[op].path === FACTS[x.spec.operationId].path).map((op) => FACTS[op].method);
  if (x.method === 'HEAD' && declared.includes('GET')) return 'HEAD is GET without the body (RFC 9110 §9.3.2)';
  if (x.method === 'OPTIONS') return 'OPTIONS describes the resource (RFC 9110 §9.3.7)';
  return undefined;
}

export const undeclaredMethodRefused = defineRule<Exchange>({
  name: 'undeclared_method_refused',
  area: 'inputs',
  summary: 'a method a published path does not declare is refused with a 4xx {error, code} (a 2xx only warns: operations that are not shown may exist); HEAD on a GET path and OPTIONS may succeed, as HTTP defines them',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    if (x.spec.probe !== 'undeclared-method') return undefined;
    if (isClientError(x.status)) return pass(`${x.method}: refused with ${x.status}`);
    const http = definedByHttp(x);
    if (http && isSuccess(x.status)) return pass(`${x.method}: ${x.status}; ${http}`);
    if (isSuccess(x.status)) return warn(`${x.method} ${new URL(x.url).pathname}: answered ${x.status}; the contract declares no such operation (operations not shown may exist)`);
    return undefined; // a 5xx is no_server_error's
  },
});

/**
 * The status the contract declares for an unknown resource (`x-condition: unknown-resource`), and
 * whether it is published: a modelling choice (the 404 of today's document) is at most a warning.
 */
function notFound(x: Exchange): { status?: number; published: boolean } {
  const status = statusFor(x.spec.operationId, 'unknown-resource');
  const declared = status === undefined ? undefined : (FACTS[x.spec.operationId].declared.includes(status) ? status : undefined);
  const choice = declared === undefined || FACTS[x.spec.operationId].choices.includes(declared);
  return { status: declared, published: !choice };
}

export const unknownResourceRefused = defineRule<Exchange>({
  name: 'unknown_resource_refused',
  area: 'inputs',
  summary: 'an operation on a resource that does not exist (an identifier of the resource its path names, made up) is refused: with the status the contract declares for it (x-condition: unknown-resource), else a 4xx. Where that status is not published (a modelling choice), another 4xx passes and a 2xx only warns',
  operations: ON_ONE_RESOURCE,
  mock: PRISM.noState,
  check: (x) => {
    if (x.spec.probe !== 'unknown-resource') return undefined;
    const { status, published } = notFound(x);
    if (isClientError(x.status)) {
      if (!published || x.status === status) return pass(`refused with ${x.status}`);
      return fail(`${x.spec.purpose}: answered ${x.status}; the contract answers an unknown resource with ${status}`, { received: x.status, expected: status });
    }
    if (!isSuccess(x.status)) return undefined; // a 5xx is no_server_error's
    const message = `${x.spec.purpose}: answered ${x.status}`;
    return published ? fail(`${message}; the contract answers an unknown resource with ${status}`, { received: x.status, expected: status }) : warn(`${message} (what an unknown resource gets is not published)`);
  },
});

/** The rules of this file that judge one exchange, in report order. */
export const INPUT_RULES = [undeclaredMethodRefused, unknownResourceRefused];
