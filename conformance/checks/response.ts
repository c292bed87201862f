// Checks every response gets, whichever scenario sent the request (Schemathesis style: one
// rule each, a precise message). `undefined` means the check does not apply to this response.
import { operations, validatorFor, type OperationId } from '../../generated';
import { isObject, type Exchange } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';

export type ResponseCheck = (x: Exchange) => Verdict | undefined;

type Responses = Record<string, { modellingChoice: boolean }>;
const responses = (id: OperationId) => operations[id].responses as Responses;

/** The one 2xx the contract declares, and whether it is only a modelling choice. */
export function publishedSuccess(id: OperationId): { status: number; choice: boolean } {
  const [status, response] = Object.entries(responses(id)).find(([code]) => code.startsWith('2'))!;
  return { status: Number(status), choice: response.modellingChoice };
}

const declared = (id: OperationId, status: number) => String(status) in responses(id);
const isRateLimit = (x: Exchange) => x.status === 429;
const said = (x: Exchange) => (isObject(x.json) && typeof x.json.error === 'string' ? `: "${x.json.error}"` : '');

export const statusDeclared: ResponseCheck = (x) => {
  const id = x.spec.operationId;
  const list = Object.keys(responses(id)).join(', ');
  if (declared(id, x.status)) return pass(`${x.status} is declared`);
  if (x.status >= 500) return fail(`${x.status} is not declared for ${id} (declared: ${list}) and a 5xx is never acceptable`);
  if (x.status >= 200 && x.status < 300) {
    const success = publishedSuccess(id);
    const message = `${x.status} is not declared for ${id} (declared: ${list}); the published success status is ${success.status}`;
    return success.choice ? warn(`${message}, a modelling choice`) : fail(message);
  }
  if (isRateLimit(x)) return warn(`429 after ${x.retries} retries: rate limiting is not published`);
  return warn(`${x.status} is not declared for ${id} (declared: ${list}); statuses beyond the published ones are not shown, so this is a warning`);
};

export const noServerError: ResponseCheck = (x) =>
  x.status >= 500 ? fail(`${x.spec.purpose}: answered ${x.status}${said(x)}`) : pass(`${x.status}`);

export const contentTypeJson: ResponseCheck = (x) => {
  if (x.text.length === 0) return undefined;
  if (x.mediaType === 'application/json') return pass('application/json');
  if (x.mediaType.endsWith('+json')) return warn(`Content-Type is ${x.mediaType}, a JSON type other than the declared application/json`);
  return fail(`${x.status} answered with Content-Type "${x.mediaType || '(none)'}", expected application/json`);
};

export const bodyMatchesSchema: ResponseCheck = (x) => {
  const validate = validatorFor(x.spec.operationId, x.status);
  if (!validate) return undefined;
  if (x.json === undefined) return fail(`${x.status} body is not JSON: ${JSON.stringify(x.text.slice(0, 120))}`);
  const result = validate(x.json);
  if (result.valid) return pass(`${x.status} body valid`);
  const shown = result.errors.slice(0, 5).join('; ');
  const more = result.errors.length > 5 ? ` (+${result.errors.length - 5} more)` : '';
  return fail(`${x.status} body violates the ${x.spec.operationId} ${x.status} schema: ${shown}${more}`);
};

export const successStatusAsPublished: ResponseCheck = (x) => {
  if (!x.spec.expectSuccess) return undefined;
  const { status, choice } = publishedSuccess(x.spec.operationId);
  if (x.status === status) return pass(`${status}`);
  if (isRateLimit(x)) return warn(`${x.spec.purpose}: still 429 after ${x.retries} retries; success status not checked`);
  if (x.status >= 200 && x.status < 300) {
    const message = `${x.spec.purpose}: answered ${x.status}, the published success status is ${status}`;
    return choice ? warn(`${message} (a modelling choice: any 2xx is acceptable)`) : fail(message);
  }
  return fail(`${x.spec.purpose}: a valid, authorised request answered ${x.status}${said(x)}, expected ${status}`);
};

export const errorBodyShape: ResponseCheck = (x) => {
  if (x.status < 400 || x.status >= 500) return undefined;
  const shape = isObject(x.json) && typeof x.json.error === 'string' && typeof x.json.code === 'string';
  if (shape) return pass(`${x.status} {error, code}`);
  const body = x.json === undefined ? `non-JSON ${JSON.stringify(x.text.slice(0, 80))}` : JSON.stringify(x.json).slice(0, 120);
  const message = `${x.status} body is not {error: string, code: string}: ${body}`;
  return isRateLimit(x) ? warn(`${message} (rate-limit responses are not published)`) : fail(message);
};

/** Every response check, by the rule it records. */
export const RESPONSE_CHECKS: Array<[rule: string, check: ResponseCheck]> = [
  ['response_received', (x) => pass(`${x.status}`)],
  ['status_declared', statusDeclared],
  ['no_server_error', noServerError],
  ['content_type_json', contentTypeJson],
  ['body_matches_schema', bodyMatchesSchema],
  ['success_status_as_published', successStatusAsPublished],
  ['error_body_shape', errorBodyShape],
];
