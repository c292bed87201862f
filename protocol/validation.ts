// The contract's precompiled validators (generated/validators.cjs), looked up through generated/'s
// operations table by operation and status, request media type, parameter or schema name, with
// ajv's errors turned into lines that name the JSON pointer and the broken rule. The servers, the
// suite and the tests check bodies with it; the client does not import it (a bundle of the client
// would carry every validator).
import * as validators from '../generated/validators.cjs';
import type { ContractValidator } from '../generated/validators.cjs';
import { operations, type OperationId, type SchemaName } from '../generated';

export interface ValidationResult {
  valid: boolean;
  /** One line per violation: the JSON pointer and the rule, e.g. `/results/3/population must be <= 2147483647`. */
  errors: string[];
  /** The same violations as data: where (a missing property's own pointer) and which keyword. */
  violations: Violation[];
}

export interface Violation {
  pointer: string;
  keyword: string;
}

export type BodyValidator = (data: unknown) => ValidationResult;

/** What the lookups read of an operation: the validator id of each parameter and body. */
interface OperationValidators {
  readonly parameters: ReadonlyArray<{ readonly name: string; readonly in: string; readonly validator: string }>;
  readonly requestBodies: Readonly<Record<string, string>>;
  readonly responses: Readonly<Record<string, { readonly bodies: Readonly<Record<string, string>> }>>;
}

const table: Readonly<Record<OperationId, OperationValidators>> = operations;
const compiled: Readonly<Record<string, ContractValidator | undefined>> = validators;

type AjvError = NonNullable<ContractValidator['errors']>[number];

/** Where an error is: its instance path, or for a missing property the property's own path. */
const pointerOf = (error: AjvError) =>
  error.keyword === 'required' ? `${error.instancePath}/${String((error.params as Record<string, unknown>).missingProperty)}` : error.instancePath;

/** Turns ajv's errors into lines that name the JSON pointer and the broken rule. */
export function formatErrors(errors: ContractValidator['errors']): string[] {
  return (errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
    return `${pointerOf(error) || '/'} ${error.message ?? error.keyword}${allowed}`;
  });
}

function run(validator: ContractValidator): BodyValidator {
  return (data) => {
    const valid = validator(data);
    if (valid) return { valid, errors: [], violations: [] };
    const errors = validator.errors ?? [];
    return { valid, errors: formatErrors(errors), violations: errors.map((error) => ({ pointer: pointerOf(error), keyword: error.keyword })) };
  };
}

function byId(id: string | undefined): BodyValidator | undefined {
  const validator = id === undefined ? undefined : compiled[id];
  return validator ? run(validator) : undefined;
}

/** The validator of an operation's response body for a status and media type, if declared. */
export function validatorFor(operationId: OperationId, status: number | string, mediaType = 'application/json'): BodyValidator | undefined {
  return byId(table[operationId].responses[String(status)]?.bodies[mediaType]);
}

/** The validator of an operation's request body for a media type, if declared. */
export function requestValidatorFor(operationId: OperationId, mediaType = 'application/json'): BodyValidator | undefined {
  return byId(table[operationId].requestBodies[mediaType]);
}

/** The validator of a parameter's value (for a repeated parameter: the array of its values). */
export function parameterValidatorFor(
  operationId: OperationId,
  place: 'query' | 'path' | 'header' | 'cookie',
  name: string,
): BodyValidator | undefined {
  return byId(table[operationId].parameters.find((p) => p.in === place && p.name === name)?.validator);
}

/** The validator of a component schema by name. */
export function schemaValidator(name: SchemaName): BodyValidator {
  const validator = byId(name);
  if (!validator) throw new Error(`generated/validators.cjs has no validator for schema ${name}; run \`npm run generate\``);
  return validator;
}
