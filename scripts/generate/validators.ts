// generated/validators.cjs: ajv standalone code with one validator per component schema and
// per operation body (request and response, per status and media type), compiled once at
// generate time so nothing compiles a schema at run time.
import standaloneCode from 'ajv/dist/standalone';
import { createAjv } from './ajv';
import type { OpenApiDocument } from './bundle';
import type { JsonSchema, OperationEntry } from './operations';
import { GENERATED_BANNER } from './types';

/** Schemas get absolute ids under a reserved domain so `$ref`s resolve without a network. */
const BASE = 'https://contract.invalid/';

function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => {
      if (key === '$ref' && typeof value === 'string') {
        const match = /^#\/components\/schemas\/(.+)$/.exec(value);
        if (!match) throw new Error(`unsupported schema $ref ${value}`);
        return [key, `${BASE}schemas/${match[1]}`];
      }
      return [key, rewriteRefs(value)];
    }),
  );
}

export interface ValidatorSources {
  code: string;
  declarations: string;
  schemaNames: string[];
}

export function renderValidators(doc: OpenApiDocument, operations: OperationEntry[]): ValidatorSources {
  const ajv = createAjv();
  const exports: Record<string, string> = {};
  const schemas = (doc.components.schemas ?? {}) as Record<string, JsonSchema>;
  const schemaNames = Object.keys(schemas).sort();
  for (const name of schemaNames) {
    const id = `${BASE}schemas/${name}`;
    ajv.addSchema({ ...(rewriteRefs(schemas[name]) as JsonSchema), $id: id });
    exports[name] = id;
  }
  const bodies = operations.flatMap((op) => [
    ...op.requestBodies,
    ...op.responses.flatMap((response) => response.bodies),
  ]);
  for (const body of bodies) {
    const id = `${BASE}bodies/${body.validatorId}`;
    ajv.addSchema({ ...(rewriteRefs(body.schema) as JsonSchema), $id: id });
    exports[body.validatorId] = id;
  }
  const code = standaloneCode(ajv, exports);
  const names = Object.keys(exports);
  const declarations = [
    GENERATED_BANNER,
    "import type { ErrorObject } from 'ajv';",
    '',
    '/** A precompiled ajv validator: returns whether `data` is valid and leaves the errors on `errors`. */',
    'export interface ContractValidator {',
    '  (data: unknown): boolean;',
    '  errors?: ErrorObject[] | null;',
    '}',
    '',
    ...names.map((name) => `export declare const ${name}: ContractValidator;`),
    '',
  ].join('\n');
  return { code: `${GENERATED_BANNER}\n${code}\n`, declarations, schemaNames };
}
