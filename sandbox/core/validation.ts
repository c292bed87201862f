// Request bodies are checked with the generated validators; a refusal names the field and
// the rule, e.g. `name: must NOT have more than 200 characters` (400, code `invalid`).
import type { OperationId } from '../../generated';
import { requestValidatorFor, type BodyValidator } from '../../protocol/validation';
import { errors } from './errors';

/** `/companies/3 must match format "uuid"` -> `companies[3]: must match format "uuid"`. */
export function describeViolation(line: string): string {
  const space = line.indexOf(' ');
  const pointer = space === -1 ? line : line.slice(0, space);
  let rule = space === -1 ? 'is invalid' : line.slice(space + 1);
  if (/^must have required property /.test(rule)) rule = 'is required';
  const parts = pointer.split('/').slice(1).filter((part) => part !== '');
  const field = parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
  return `${field || 'body'}: ${rule}`;
}

/** A huge invalid array would otherwise produce one line per item. */
const MAX_REPORTED = 10;

const cache = new Map<string, BodyValidator | undefined>();

function validatorOf(operationId: OperationId, mediaType: string): BodyValidator | undefined {
  const key = `${operationId} ${mediaType}`;
  if (!cache.has(key)) cache.set(key, requestValidatorFor(operationId, mediaType));
  return cache.get(key);
}

/** Throws a 400 naming the violated fields and rules (the first ten). */
export function validateRequestBody(operationId: OperationId, mediaType: string, body: unknown): void {
  const validator = validatorOf(operationId, mediaType);
  if (!validator) return;
  const result = validator(body);
  if (result.valid) return;
  const shown = result.errors.slice(0, MAX_REPORTED).map(describeViolation);
  const more = result.errors.length - shown.length;
  throw errors.invalid(shown.join('; ') + (more > 0 ? `; and ${more} more` : ''));
}

/** Refuses arrays longer than the sandbox's cap (the contract sets no bound; this is a limit). */
export function checkListSizes(body: Record<string, unknown>, fields: string[], max: number): void {
  for (const field of fields) {
    const value = body[field];
    if (Array.isArray(value) && value.length > max) throw errors.invalid(`${field}: must NOT have more than ${max} items (sandbox limit)`);
  }
}
