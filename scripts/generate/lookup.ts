// generated/index.ts: the operations table and the typed lookup that the mock, the sandbox
// and the conformance suite use to find and run the right validator.
import type { OperationEntry } from './operations';
import { GENERATED_BANNER } from './banner';

function operationsTable(operations: OperationEntry[]): string {
  const table = Object.fromEntries(
    operations.map((op) => [
      op.operationId,
      {
        method: op.method,
        path: op.path,
        requestBodyRequired: op.requestBodyRequired,
        requestBodies: Object.fromEntries(op.requestBodies.map((b) => [b.mediaType, b.validatorId])),
        responses: Object.fromEntries(
          op.responses.map((r) => [
            String(r.status),
            {
              modellingChoice: r.modellingChoice,
              bodies: Object.fromEntries(r.bodies.map((b) => [b.mediaType, b.validatorId])),
            },
          ]),
        ),
      },
    ]),
  );
  return JSON.stringify(table, null, 2);
}

export function renderLookup(operations: OperationEntry[], schemaNames: string[]): string {
  return `${GENERATED_BANNER}
import * as validators from './validators.cjs';
import type { ContractValidator } from './validators.cjs';

/** Every operation of the contract: method, path, declared statuses and body validators. */
export const operations = ${operationsTable(operations)} as const;

export type OperationId = keyof typeof operations;
export type SchemaName = ${schemaNames.map((n) => `'${n}'`).join(' | ')};

export interface ValidationResult {
  valid: boolean;
  /** One line per violation: the JSON pointer and the rule, e.g. \`/results/3/population must be <= 2147483647\`. */
  errors: string[];
}

export type BodyValidator = (data: unknown) => ValidationResult;

/** Turns ajv's errors into lines that name the JSON pointer and the broken rule. */
export function formatErrors(errors: ContractValidator['errors']): string[] {
  return (errors ?? []).map((error) => {
    const params = error.params as Record<string, unknown>;
    const pointer =
      error.keyword === 'required'
        ? \`\${error.instancePath}/\${String(params.missingProperty)}\`
        : error.instancePath || '/';
    const allowed = Array.isArray(params.allowedValues) ? \`: \${params.allowedValues.join(', ')}\` : '';
    return \`\${pointer} \${error.message ?? error.keyword}\${allowed}\`;
  });
}

function run(validator: ContractValidator): BodyValidator {
  return (data) => {
    const valid = validator(data);
    return { valid, errors: valid ? [] : formatErrors(validator.errors) };
  };
}

function byId(id: string | undefined): BodyValidator | undefined {
  const validator = id ? (validators as unknown as Record<string, ContractValidator>)[id] : undefined;
  return validator ? run(validator) : undefined;
}

/** The validator of an operation's response body for a status and media type, if declared. */
export function validatorFor(
  operationId: OperationId,
  status: number | string,
  mediaType = 'application/json',
): BodyValidator | undefined {
  const response = (operations[operationId].responses as Record<string, { bodies: Record<string, string> }>)[
    String(status)
  ];
  return byId(response?.bodies[mediaType]);
}

/** The validator of an operation's request body for a media type, if declared. */
export function requestValidatorFor(
  operationId: OperationId,
  mediaType = 'application/json',
): BodyValidator | undefined {
  return byId((operations[operationId].requestBodies as Record<string, string>)[mediaType]);
}

/** The validator of a component schema by name. */
export function schemaValidator(name: SchemaName): BodyValidator {
  return byId(name) as BodyValidator;
}

/** The statuses an operation declares, as numbers. */
export function declaredStatuses(operationId: OperationId): number[] {
  return Object.keys(operations[operationId].responses).map(Number);
}
`;
}
