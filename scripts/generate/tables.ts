// generated/index.ts: the contract's tables as data — the operations (method, path, x-writes,
// parameters, declared statuses and the validator of each parameter and body), the schema names,
// the credential forms and the published error bodies. The lookups over them are hand-written
// TypeScript in protocol/ (protocol/validation.ts, protocol/operations.ts).
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

function operationsTable(operations: OperationEntry[]): Record<string, unknown> {
  return Object.fromEntries(
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
}

/** `export const name[: type] = <JSON> [as const];` under its doc comment. */
function constant(comment: string[], declaration: string, value: unknown, asConst = true): string[] {
  return [
    '/**',
    ...comment.map((line) => ` * ${line}`),
    ' */',
    `export const ${declaration} = ${JSON.stringify(value, null, 2)}${asConst ? ' as const' : ''};`,
    '',
  ];
}

export function renderTables({ operations, schemaNames, credentialForms, publishedErrors }: ContractFacts): string {
  return [
    GENERATED_BANNER,
    '',
    ...constant(
      ['Every operation of the contract: method, path, whether it writes (`x-writes`), its', 'parameters, declared statuses and the validator of each parameter and body.'],
      'operations',
      operationsTable(operations),
    ),
    'export type OperationId = keyof typeof operations;',
    `export type SchemaName = ${schemaNames.map((name) => `'${name}'`).join(' | ')};`,
    '',
    ...constant(
      ['The operations that change stored state: a credential without write permission gets 403.'],
      'writeOperations: readonly OperationId[]',
      operations.filter((op) => op.writes).map((op) => op.operationId),
      false,
    ),
    ...constant(
      ['The published credential forms, any one of which a request may carry, from the security', 'schemes: where the secret goes (`in`, `name`) and what precedes it (`prefix`).'],
      'credentialForms',
      credentialForms,
    ),
    'export type CredentialForm = (typeof credentialForms)[number];',
    "export type CredentialScheme = CredentialForm['scheme'];",
    '',
    ...constant(['The published error bodies by status, byte for byte from the contract\'s examples.'], 'publishedErrors', publishedErrors),
  ].join('\n');
}
