// generated/index.ts: the contract's tables as data — the operations (method, path, x-writes,
// parameters, declared statuses and the validator of each parameter and body), the schema names,
// the credential forms, the published error bodies, and what each operation means (its filters,
// pagination, the resources its identifiers name, what its statuses answer, what is undeclared).
// The lookups over them are hand-written TypeScript in protocol/ (protocol/validation.ts,
// protocol/operations.ts, protocol/meaning.ts).
import { CONDITIONS, FILTER_MATCHES, type Meaning } from './meaning';
import type { OperationEntry } from './operations';
import type { PublishedError } from './published-errors';
import type { CredentialFormEntry } from './security';
import { GENERATED_BANNER } from './banner';

export interface ContractFacts {
  operations: OperationEntry[];
  schemaNames: string[];
  credentialForms: CredentialFormEntry[];
  publishedErrors: Record<string, PublishedError>;
  meaning: Meaning;
}

const union = (values: readonly string[]) => values.map((v) => `'${v}'`).join(' | ');

/** The types of the meaning tables (data: the lookups over them live in protocol/meaning.ts). */
const MEANING_TYPES = [
  '/** How a filter compares (openapi/README.md, `x-filter`). */',
  `export type FilterMatch = ${union(FILTER_MATCHES)};`,
  '/** What a declared error status answers (`x-condition`). */',
  `export type Condition = ${union(CONDITIONS)};`,
  '/** How a field or a filter value compares: by its type in the schema. */',
  "export type ValueType = 'string' | 'uuid' | 'date' | 'integer' | 'number' | 'boolean';",
  '',
  '/** One filter (`x-filter` on a query parameter or a search body field). */',
  'export interface FilterDeclaration {',
  "  readonly where: 'query' | 'body';",
  '  readonly name: string;',
  '  readonly match: FilterMatch;',
  '  /** The item fields it compares with (`officials[].relationship_type` reaches into an array); for code-or-name the codes first. */',
  '  readonly reads: readonly string[];',
  '  /** code-or-name: which of `reads` are names. */',
  '  readonly names?: readonly string[];',
  '  /** The published words it rests on. */',
  '  readonly words: string;',
  '  /** What it does with an item whose field is null or absent, where the contract says; absent: not published. */',
  "  readonly nulls?: 'excluded' | 'included';",
  '  /** The type of the fields it reads. */',
  '  readonly field: ValueType;',
  "  /** The type of a value given to it (an array's items). */",
  '  readonly value: ValueType;',
  '  /** Given repeated (`?a=1&a=2`). */',
  '  readonly repeated: boolean;',
  '}',
  '',
  '/** A resource an identifier names (`x-resource`, `x-references`). */',
  'export interface ResourceDeclaration {',
  "  /** The resource's field that holds the identifier. */",
  '  readonly key: string;',
  '  /** The operation whose items are these resources. */',
  '  readonly listedBy?: OperationId;',
  '  /** The operation whose answer is a new one. */',
  '  readonly createdBy?: OperationId;',
  "  /** The identifier's format, where its schema gives one. */",
  '  readonly format?: string;',
  '}',
  '',
  '/** What an operation means, as the contract declares it. */',
  'export interface OperationMeaning {',
  '  readonly filters: readonly FilterDeclaration[];',
  '  /** The query parameter that picks a page (`x-pagination: page`). */',
  '  readonly page?: string;',
  '  /** The resource each path parameter names. */',
  '  readonly pathResources: Readonly<Record<string, ResourceName>>;',
  '  /** The resource a query parameter or body field refers to. */',
  '  readonly references: { readonly query: Readonly<Record<string, ResourceName>>; readonly body: Readonly<Record<string, ResourceName>> };',
  '  /** What each declared error status answers. */',
  '  readonly conditions: Readonly<Record<string, readonly Condition[]>>;',
  '  /** The blind areas: each place whose meaning the document does not declare, and what it lacks. */',
  '  readonly blind: readonly string[];',
  '}',
  '',
];

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

export function renderTables({ operations, schemaNames, credentialForms, publishedErrors, meaning }: ContractFacts): string {
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
    ...MEANING_TYPES,
    ...constant(
      ['The resources identifiers name: the field holding the identifier, the operation listing them', 'and the one creating them (`x-resource`, `x-references`).'],
      'resources',
      meaning.resources,
    ).map((line) => line.replace(/ as const;$/, ' as const satisfies Readonly<Record<string, ResourceDeclaration>>;')),
    'export type ResourceName = keyof typeof resources;',
    '',
    ...constant(
      ['What each operation means: its filters (`x-filter`), page parameter (`x-pagination`), the', 'resources its identifiers name (`x-resource`, `x-references`), what its error statuses answer', '(`x-condition`), and its blind areas (what the document does not declare).'],
      'meaning: Readonly<Record<OperationId, OperationMeaning>>',
      meaning.operations,
      false,
    ),
  ].join('\n');
}
