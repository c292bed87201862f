// Rules on what a deployment refuses beyond the body and parameter rules (rules/responses.ts):
// methods a published path does not declare, and watchdogs that do not exist; and what a request
// in another legal spelling of its headers or body answers.
import { FACTS, ON_ONE_RESOURCE, OPERATION_IDS } from '../contract/facts';
import { isClientError, isObject, isSuccess, type Exchange } from '../engine/request';
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

/** A request in another spelling (`x`) and the same request as published (`base`), both answered. */
export interface Spelled {
  base: Exchange;
  x: Exchange;
}

/** What an answer says, for comparing two of them: a list's count and its page's items, else the body. */
function gist(x: Exchange): string {
  const body = x.json;
  if (isObject(body) && Array.isArray(body.results)) {
    const uuids = body.results.map((item) => (isObject(item) ? String(item.uuid) : JSON.stringify(item))).sort();
    return `${x.status}, count ${String(body.count)}, ${uuids.length} item(s) on the page${uuids.length ? `: ${uuids.slice(0, 3).join(', ')}${uuids.length > 3 ? ', …' : ''}` : ''}`;
  }
  return `${x.status}, ${x.text.slice(0, 120)}`;
}

/** Operations that write nothing: the same request twice answers the same. */
const READS = OPERATION_IDS.filter((op) => !FACTS[op].writes);

export const spellingAnsweredAlike = defineRule<Spelled>({
  name: 'spelling_answered_alike',
  area: 'inputs',
  summary: 'a read in another legal spelling of its headers or body (Accept as clients send it, the media type and its parameters, a byte-order mark), when it succeeds, answers what the same read as published answers: the same count and items (a refusal is judged by the other rules)',
  operations: READS,
  mock: PRISM.noState,
  check: ({ base, x }) => {
    if (!isSuccess(x.status) || !isSuccess(base.status)) return undefined;
    const [spelled, published] = [gist(x), gist(base)];
    if (spelled === published) return pass(`${x.spec.purpose}: answered as published (${spelled})`);
    return fail(`${x.spec.purpose}: answered ${spelled}; the same request as published answered ${published}`, { received: spelled, expected: published });
  },
});
