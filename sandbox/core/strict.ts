// `--strict`: every response body is checked against the contract before it is sent, so a
// sandbox bug can never teach a client a wrong shape. Declared statuses use the operation's
// generated validator; an undeclared error status (404 page, 405, 409, 413, 415) must still be
// the published error body; an undeclared success status is itself a violation.
import type { OperationId } from '../../generated';
import { schemaValidator, validatorFor, type BodyValidator } from '../../protocol/validation';

export type ResponseChecker = (operationId: OperationId | undefined, status: number, body: string | Uint8Array | null) => string[];

const utf8 = new TextDecoder();

export function createResponseChecker(): ResponseChecker {
  const errorBody = schemaValidator('Error');
  const cache = new Map<string, BodyValidator | undefined>();
  const validatorOf = (operationId: OperationId, status: number) => {
    const key = `${operationId} ${status}`;
    if (!cache.has(key)) cache.set(key, validatorFor(operationId, status));
    return cache.get(key);
  };
  return (operationId, status, body) => {
    if (status === 204) return [];
    let data: unknown;
    try {
      data = JSON.parse(typeof body === 'string' ? body : utf8.decode(body ?? undefined));
    } catch {
      return ['body is not JSON'];
    }
    const validator = operationId ? validatorOf(operationId, status) : undefined;
    if (validator) return validator(data).errors;
    if (status >= 400) return errorBody(data).errors;
    return [`status ${status} is not declared for ${operationId ?? 'this path'}`];
  };
}
