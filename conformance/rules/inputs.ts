// Rules on what a deployment refuses beyond the body and parameter rules (rules/responses.ts):
// methods a published path does not declare, and watchdogs that do not exist. (What a request
// sent another equivalent way answers: rules/equivalence.ts.)
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

export const unknownWatchdogRefused = defineRule<Exchange>({
  name: 'unknown_watchdog_refused',
  area: 'inputs',
  summary: 'an operation on a watchdog that does not exist is refused with a 4xx (missing resources are not published: a 2xx only warns)',
  operations: ON_ONE_RESOURCE,
  mock: PRISM.noState,
  warnOnly: true,
  check: (x) => {
    if (x.spec.probe !== 'unknown-resource') return undefined;
    return isClientError(x.status) ? pass(`refused with ${x.status}`) : isSuccess(x.status) ? warn(`answered ${x.status} for a watchdog that does not exist`) : undefined;
  },
});

/** The rules of this file that judge one exchange, in report order. */
export const INPUT_RULES = [undeclaredMethodRefused, unknownWatchdogRefused];
