// Rules every exchange is held to, whichever phase sent it (Schemathesis style: one rule each,
// a precise message, what was received against what is declared), and the two that judge a
// request by what the contract says of it as sent: accept the valid, refuse the invalid.
import { responseExamples, responseSchema, unspecifiedFacets, type JsonSchema } from '../contract/document';
import { pathResource } from '../../protocol/meaning';
import { FACTS, ON_ONE_RESOURCE, OPERATION_IDS, pathParameters, responseValidator } from '../contract/facts';
import { isClientError, isObject, isSuccess, type Exchange } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';
import { defineRule, PRISM } from './define';
import { judgeLenientAnswer } from './filters';

const declared = (x: Exchange) => FACTS[x.spec.operationId].declared.includes(x.status);
const said = (x: Exchange) => (isObject(x.json) && typeof x.json.error === 'string' ? `: "${x.json.error.slice(0, 120)}"` : '');
export const isRateLimit = (x: Exchange) => x.status === 429;
/**
 * The operation itself, as published: an undeclared method is judged by its own rule, and a path
 * spelled without its trailing slash is not a published path (only no_server_error judges it).
 */
const ownMethod = (x: Exchange) => x.spec.method === undefined && x.spec.trailingSlash !== false;
/**
 * An answer whose body the published shapes judge: not HEAD's (it carries none, RFC 9110
 * §9.3.2), not a successful OPTIONS' (its format is HTTP's, §9.3.7), not an unpublished path's,
 * and not a refused path spelling's (a router that does not match it answers its own 404).
 */
export const hasJudgedBody = (x: Exchange) =>
  x.method !== 'HEAD' && !(x.method === 'OPTIONS' && isSuccess(x.status)) && x.spec.trailingSlash !== false && !(x.spec.probe === 'path-spelling' && isClientError(x.status));

export const responseReceived = defineRule<Exchange>({
  name: 'response_received',
  answerOnly: true,
  area: 'responses',
  summary: 'every request gets an HTTP response within the timeout',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => pass(`${x.status}`),
});

export const noServerError = defineRule<Exchange>({
  name: 'no_server_error',
  answerOnly: true,
  area: 'responses',
  summary: 'no request, whatever its input, is answered with a 5xx',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => (x.status >= 500 ? fail(`${x.spec.purpose}: answered ${x.status}${said(x)}`, { received: x.status, expected: 'not 5xx' }) : pass(`${x.status}`)),
});

export const statusDeclared = defineRule<Exchange>({
  name: 'status_declared',
  answerOnly: true,
  area: 'responses',
  summary: 'the status is one the contract declares (an undeclared 4xx only warns: statuses beyond the published ones are not shown)',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    if (!ownMethod(x)) return undefined;
    const facts = FACTS[x.spec.operationId];
    const detail = { received: x.status, expected: facts.declared };
    if (declared(x)) return pass(`${x.status} is declared`);
    const list = facts.declared.join(', ');
    if (x.status >= 500) return fail(`${x.status} is not declared for ${facts.id} (declared: ${list}); a 5xx is never acceptable`, detail);
    if (isSuccess(x.status)) {
      const message = `${x.status} is not declared for ${facts.id} (declared: ${list}); the published success status is ${facts.success.status}`;
      return facts.success.choice ? warn(`${message}, a modelling choice`, detail) : fail(message, detail);
    }
    if (x.status >= 300 && x.status < 400) return fail(`${x.status} redirect to ${x.headers.location ?? '(no Location)'}: the published paths are answered directly (check the base URL)`, detail);
    if (isRateLimit(x)) return warn(`429 after ${x.retries} retries: rate limiting is not published`, detail);
    return warn(`${x.status} is not declared for ${facts.id} (declared: ${list}); statuses beyond the published ones are not shown`, detail);
  },
});

export const contentTypeJson = defineRule<Exchange>({
  name: 'content_type_json',
  answerOnly: true,
  area: 'responses',
  summary: 'every 4xx, and every 2xx with a body, is labelled Content-Type: application/json',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    const applies = isClientError(x.status) || (isSuccess(x.status) && x.text.length > 0);
    if (!applies || !hasJudgedBody(x)) return undefined;
    if (x.mediaType === 'application/json') return pass('application/json');
    const message = `${x.status} answered with Content-Type "${x.mediaType || '(none)'}", expected application/json`;
    return isRateLimit(x) ? warn(`${message} (rate-limit responses are not published)`) : fail(message, { received: x.mediaType || null, expected: 'application/json' });
  },
});

export const bodyMatchesSchema = defineRule<Exchange>({
  name: 'body_matches_schema',
  answerOnly: true,
  area: 'responses',
  summary: 'the body validates against the generated validator for operation and status, date-times and UUIDs held to RFC 3339 and RFC 9562 where ajv-formats is looser (contract/formats.ts)',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    const validate = ownMethod(x) ? responseValidator(x.spec.operationId, x.status) : undefined;
    if (!validate) return undefined;
    if (x.json === undefined) return fail(`${x.status} body is not JSON: ${JSON.stringify(x.text.slice(0, 120))}`, { received: x.text.slice(0, 120) });
    const result = validate(x.json);
    if (result.valid) return pass(`${x.status} body valid`);
    const shown = result.errors.slice(0, 5).join('; ');
    const more = result.errors.length > 5 ? ` (+${result.errors.length - 5} more)` : '';
    return fail(`${x.status} body violates the ${x.spec.operationId} ${x.status} schema: ${shown}${more}`, { received: result.errors });
  },
});

export const errorBodyShape = defineRule<Exchange>({
  name: 'error_body_shape',
  answerOnly: true,
  area: 'responses',
  summary: 'every 4xx body is {error: string, code: string} (refused methods, unknown watchdogs and validation failures included)',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    if (!isClientError(x.status) || !hasJudgedBody(x)) return undefined;
    if (isObject(x.json) && typeof x.json.error === 'string' && typeof x.json.code === 'string') return pass(`${x.status} {error, code}`);
    const body = x.json === undefined ? `non-JSON ${JSON.stringify(x.text.slice(0, 80))}` : JSON.stringify(x.json).slice(0, 120);
    const message = `${x.status} body is not {error: string, code: string}: ${body}`;
    return isRateLimit(x) ? warn(`${message} (rate-limit responses are not published)`) : fail(message, { received: x.json ?? x.text.slice(0, 80), expected: '{error: string, code: string}' });
  },
});

/**
 * The path parameter naming the resource an operation answers, by operation: the last one whose
 * resource (`x-resource`) some operation lists or creates (the watchdog of the event path, not its event).
 */
const ADDRESSED = new Map(
  ON_ONE_RESOURCE.map((op) => {
    const named = pathParameters(op).map((p) => ({ name: p.name, resource: pathResource(op, p.name) })).filter((p) => p.resource?.listedBy || p.resource?.createdBy);
    return [op, named[named.length - 1]] as const;
  }),
);

/** Fields of the listed item the answer gives otherwise (both present, values unequal). */
function differing(listed: Record<string, unknown>, answered: Record<string, unknown>): string[] {
  return Object.keys(listed).filter((field) => field in answered && JSON.stringify(listed[field]) !== JSON.stringify(answered[field]));
}

export const addressedResourceAnswered = defineRule<Exchange>({
  name: 'addressed_resource_answered',
  area: 'responses',
  summary: 'a success on one resource answers that resource: the identifier in the path (in any spelling of the same UUID) is the one in the body (its x-resource key); a resource its list served is answered as listed (a field answered otherwise warns: the list and the retrieve are read at different times)',
  operations: ON_ONE_RESOURCE,
  mock: PRISM.noState,
  check: (x) => {
    const addressed = ADDRESSED.get(x.spec.operationId);
    const sent = addressed ? x.spec.params?.[addressed.name] : undefined;
    if (!addressed || !ownMethod(x) || !isSuccess(x.status) || !sent || !isObject(x.json)) return undefined;
    const { key, name } = addressed.resource!;
    const answered = x.json[key];
    if (typeof answered !== 'string') return undefined;
    const same = (a: string, b: string) => (addressed.resource!.format === 'uuid' ? a.toLowerCase() === b.toLowerCase() : a === b);
    if (!same(answered, sent)) return fail(`${x.spec.purpose}: addressed ${sent} in the path (a ${name}), answered ${answered} (its ${key})`, { received: answered, expected: sent });
    const listed = x.spec.listed;
    if (listed && typeof listed[key] === 'string' && same(listed[key] as string, sent)) {
      const fields = differing(listed, x.json);
      if (fields.length) return warn(`${x.spec.purpose}: answered ${name} ${answered} with ${fields.slice(0, 5).join(', ')} other than its list served (e.g. ${fields[0]}: listed ${JSON.stringify(listed[fields[0]!]).slice(0, 60)}, answered ${JSON.stringify(x.json[fields[0]!]).slice(0, 60)})`, { received: fields });
      return pass(`answered ${answered}, the ${name} addressed, as its list served it`);
    }
    return pass(`answered ${answered}, the ${name} addressed`);
  },
});

/** Objects of a schema whose listed properties have a required-ness the contract does not publish. */
function missingListed(schema: JsonSchema | undefined, data: unknown, at: string, out: Map<string, string>): void {
  if (!schema || data === null || data === undefined) return;
  if (Array.isArray(data)) {
    if (schema.items) data.forEach((item, i) => missingListed(schema.items as JsonSchema, item, `${at}/${i}`, out));
    return;
  }
  if (!isObject(data) || !isObject(schema.properties)) return;
  const properties = schema.properties as Record<string, JsonSchema>;
  const open = unspecifiedFacets(schema).includes('required');
  for (const [name, property] of Object.entries(properties)) {
    if (!(name in data)) {
      if (open) out.set(`${at.replace(/\/\d+/g, '/*')}/${name}`, `${at}/${name}`);
    } else missingListed(property, data[name], `${at}/${name}`, out);
  }
}

export const listedFieldPresent = defineRule<Exchange>({
  name: 'listed_field_present',
  answerOnly: true,
  area: 'responses',
  summary: 'fields the published tables list but whose required-ness is not shown are present (absent: a warning naming the field)',
  operations: OPERATION_IDS,
  mock: true,
  warnOnly: true,
  check: (x) => {
    if (!ownMethod(x) || !isSuccess(x.status) || x.json === undefined) return undefined;
    const missing = new Map<string, string>();
    missingListed(responseSchema(x.spec.operationId, x.status), x.json, '', missing);
    if (missing.size === 0) return pass('every listed field present');
    const fields = [...missing.keys()];
    return warn(`listed field${fields.length > 1 ? 's' : ''} absent (required-ness not published): ${fields.slice(0, 6).join(', ')}${fields.length > 6 ? ` and ${fields.length - 6} more` : ''}, e.g. at ${[...missing.values()][0]}`, { received: fields });
  },
});

/** Refusals that say something other than the resource's state: credentials, existence, size, media type. */
const NOT_A_STATE_REFUSAL = [401, 403, 404, 405, 413, 415];

export const validRequestAccepted = defineRule<Exchange>({
  name: 'valid_request_accepted',
  area: 'inputs',
  summary: 'a request the contract declares valid as sent (values at every bound, every enum value, non-ASCII at the maximum length) gets the published success status',
  operations: OPERATION_IDS,
  mock: true,
  live: 'writes need CONFORMANCE_WRITES=1',
  check: (x) => {
    if (x.spec.expect !== 'accept') return undefined;
    const { status, choice } = FACTS[x.spec.operationId].success;
    const detail = { received: x.status, expected: status };
    if (x.status === status) return pass(`${x.spec.purpose}: ${status}`);
    // A made-up path value (the PATCH path's event) excuses a 404; made-up body values (tags) any 4xx.
    const madeUp = x.spec.madeUp ?? [];
    if (isClientError(x.status) && madeUp.length && (x.status === 404 || madeUp.some((input) => input.startsWith('body/')))) {
      return warn(`${x.spec.purpose}: answered ${x.status}${said(x)}; it names made-up ${madeUp.join(', ')}, and whether those must exist is not published`, detail);
    }
    const verdict = isSuccess(x.status)
      ? choice
        ? warn(`${x.spec.purpose}: answered ${x.status}; the success status ${status} is a modelling choice`, detail)
        : fail(`${x.spec.purpose}: answered ${x.status}, the published success status is ${status}`, detail)
      : fail(`${x.spec.purpose}: a valid, authorised request answered ${x.status}${said(x)}`, detail);
    if (verdict.outcome !== 'fail') return verdict;
    if (x.spec.choice) return { ...verdict, outcome: 'warn', message: `${verdict.message} (valid only under a modelling choice)` };
    if (x.spec.openFields?.length) return { ...verdict, outcome: 'warn', message: `${verdict.message} (it leaves out ${x.spec.openFields.join(', ')}, whose required-ness is not published)` };
    // From which states a transition may start is not published: a deployment may refuse to deactivate
    // an inactive watchdog (409, or 400/422 as a validation error), unless this state was proven to accept it.
    if (FACTS[x.spec.operationId].transition && !x.spec.stateProven && isClientError(x.status) && !NOT_A_STATE_REFUSAL.includes(x.status)) {
      return { ...verdict, outcome: 'warn', message: `${verdict.message}; from which states ${x.spec.operationId} may start is not published` };
    }
    return verdict;
  },
});

export const invalidRequestRefused = defineRule<Exchange>({
  name: 'invalid_request_refused',
  area: 'inputs',
  summary: 'a request proven invalid as sent (a bound broken by one, a value outside an enum, a wrong JSON type or format, a required field missing, a body that is not an object) gets a 4xx (any 4xx); invalid only by a description in prose or a read input\'s value domain, a correct answer warns',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => {
    if (x.spec.expect !== 'refuse') return undefined;
    const detail = { received: x.status, expected: '4xx' };
    if (isClientError(x.status)) return pass(`${x.spec.purpose}: refused with ${x.status}`);
    if (x.spec.refusalOptional && isSuccess(x.status)) return leniency(x, x.spec.refusalOptional);
    const verdict = x.status >= 500
      ? fail(`${x.spec.purpose}: answered ${x.status}${said(x)}, a server error instead of a 4xx`, detail)
      : fail(`${x.spec.purpose}: accepted with ${x.status}; the contract makes this request invalid`, detail);
    return x.spec.choice ? { ...verdict, outcome: 'warn', message: `${verdict.message} (invalid only under a modelling choice)` } : verdict;
  },
});

/**
 * A request invalid only by a description in prose or a read input's value domain, accepted: a
 * correct answer (for a filter, an empty list or items that match) warns, naming the leniency; a
 * list of items the filter cannot keep fails.
 */
function leniency(x: Exchange, why: string): Verdict {
  const paginated = FACTS[x.spec.operationId].paginated;
  const answer = paginated ? judgeLenientAnswer(x) : undefined;
  if (answer?.outcome === 'fail') return fail(`${x.spec.purpose}: accepted (refusing was optional: ${why}), but ${answer.message}`, { received: answer.received, expected: answer.expected });
  const results = isObject(x.json) && Array.isArray(x.json.results) ? x.json.results.length : undefined;
  const what = !paginated ? `${x.status}` : results === 0 ? `${x.status} and an empty list` : `${x.status} and ${results} matching item(s)`;
  return warn(`${x.spec.purpose}: answered ${what}: ${why}; refusing it is optional`, { received: x.status });
}

/** `Prefer: code=403, example=forbidden` → { code: 403, example: 'forbidden' }. */
function prefer(x: Exchange): { code?: number; example?: string } {
  const header = x.spec.headers?.Prefer ?? '';
  return { code: Number(/code=(\d+)/.exec(header)?.[1]) || undefined, example: /example=([^,\s]+)/.exec(header)?.[1] };
}

export const declaredStatusServed = defineRule<Exchange>({
  name: 'declared_status_served',
  answerOnly: true,
  area: 'responses',
  summary: 'Prefer: code=<status> is answered with that declared status (every declared status of every operation is exercised against the mock)',
  operations: OPERATION_IDS,
  mock: true,
  mockOnly: true,
  check: (x) => {
    const { code } = prefer(x);
    if (code === undefined) return undefined;
    return x.status === code ? pass(`${code} served`) : fail(`Prefer: code=${code} answered ${x.status}`, { received: x.status, expected: code });
  },
});

export const exampleServed = defineRule<Exchange>({
  name: 'example_served',
  answerOnly: true,
  area: 'responses',
  summary: "Prefer: example=<name> serves the contract's named example (links pointing into the API may carry the mock's origin; a list's next and previous lead through the mock's own pages)",
  operations: OPERATION_IDS,
  mock: true,
  mockOnly: true,
  check: (x) => {
    const { code, example } = prefer(x);
    if (example === undefined) return undefined;
    const status = code ?? FACTS[x.spec.operationId].success.status;
    const value = responseExamples(x.spec.operationId, status).find((e) => e.name === example)?.value;
    const served = sameExample(x.json, value);
    return x.status === status && served ? pass(`${status} ${example}`) : fail(`Prefer: example=${example} (${status}) answered ${x.status} with a body other than the contract's example`, { received: x.json, expected: value });
  },
});

/**
 * Equal, but for absolute URLs into the API, whose origin the mock may replace with its own, and
 * a list's `next` and `previous`: the mock serves the example as a page of its own list (its
 * links lead to that list's pages; mock/pages.ts), not as the page the example shows.
 */
function sameExample(served: unknown, example: unknown): boolean {
  const ownLinks = (value: unknown) => (isObject(value) && Array.isArray(value.results) ? { ...value, next: undefined, previous: undefined } : value);
  const local = (value: unknown) => JSON.stringify(ownLinks(value), (_key, v: unknown) => (typeof v === 'string' && /^https?:\/\/[^/]+\/api\//.test(v) ? new URL(v).pathname + new URL(v).search : v));
  return local(served) === local(example);
}

/** The rules of this file, in report order; each judges one exchange. */
export const RESPONSE_RULES = [
  responseReceived,
  statusDeclared,
  noServerError,
  contentTypeJson,
  bodyMatchesSchema,
  errorBodyShape,
  addressedResourceAnswered,
  listedFieldPresent,
  declaredStatusServed,
  exampleServed,
  validRequestAccepted,
  invalidRequestRefused,
];
