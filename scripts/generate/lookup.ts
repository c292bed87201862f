// generated/index.ts: the operations table, the credential forms, the published error bodies
// and the typed lookup that the mock, the sandbox, the client and the conformance suite use.
import type { OperationEntry } from './operations';
import type { PublishedError } from './published-errors';
import type { CredentialFormEntry } from './security';
import { GENERATED_BANNER } from './banner';

export interface ContractFacts {
  operations: OperationEntry[];
  schemaNames: string[];
  credentialForms: CredentialFormEntry[];
  publishedErrors: Record<string, PublishedError>;
}

function operationsTable(operations: OperationEntry[]): string {
  const table = Object.fromEntries(
    operations.map((op) => [
      op.operationId,
      {
        method: op.method,
        path: op.path,
        writes: op.writes,
        parameters: op.parameters.map((p) => ({
          name: p.name,
          in: p.in,
          required: p.required,
          repeated: p.repeated,
          modellingChoice: p.modellingChoice,
          validator: p.validatorId,
        })),
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

/**
 * generated/credential-forms.ts: the credential forms alone, so the typed client reaches them
 * without loading the operations table or the validators (and so without ajv).
 */
export function renderCredentialForms(credentialForms: CredentialFormEntry[]): string {
  return `${GENERATED_BANNER}
/**
 * The published credential forms, any one of which a request may carry, from the security
 * schemes: where the secret goes (\`in\`, \`name\`) and what precedes it (\`prefix\`).
 */
export const credentialForms = ${JSON.stringify(credentialForms, null, 2)} as const;

export type CredentialForm = (typeof credentialForms)[number];
export type CredentialScheme = CredentialForm['scheme'];
`;
}

export function renderLookup({ operations, schemaNames, publishedErrors }: Omit<ContractFacts, 'credentialForms'>): string {
  return `${GENERATED_BANNER}
import * as validators from './validators.cjs';
import type { ContractValidator } from './validators.cjs';

/**
 * Every operation of the contract: method, path, whether it writes (\`x-writes\`), its
 * parameters, declared statuses and the validator of each parameter and body.
 */
export const operations = ${operationsTable(operations)} as const;

export type OperationId = keyof typeof operations;
export type SchemaName = ${schemaNames.map((n) => `'${n}'`).join(' | ')};

/** The operations that change stored state: a credential without write permission gets 403. */
export const writeOperations = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].writes);

export { credentialForms, type CredentialForm, type CredentialScheme } from './credential-forms';

/** The published error bodies by status, byte for byte from the contract's examples. */
export const publishedErrors = ${JSON.stringify(publishedErrors, null, 2)} as const;

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

/** The validator of a parameter's value (one item per repetition for a repeated parameter: the whole array). */
export function parameterValidatorFor(
  operationId: OperationId,
  place: 'query' | 'path' | 'header' | 'cookie',
  name: string,
): BodyValidator | undefined {
  const parameters = operations[operationId].parameters as ReadonlyArray<{ name: string; in: string; validator: string }>;
  return byId(parameters.find((p) => p.in === place && p.name === name)?.validator);
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
