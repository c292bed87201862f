// generated/validators.cjs: ajv standalone code with one validator per component schema, per
// operation parameter and per operation body (request and response, per status and media
// type), compiled once at generate time so nothing compiles a schema at run time.
import standaloneCode from 'ajv/dist/standalone';
import { createAjv } from './ajv';
import type { OpenApiDocument } from './bundle';
import type { JsonSchema, OperationEntry } from './operations';
import { GENERATED_BANNER } from './banner';

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

/** An Ajv instance holding every component schema (by absolute id) and every operation body. */
export interface CompiledContract {
  ajv: ReturnType<typeof createAjv>;
  /** Export name (component name or body validator id) -> schema id in `ajv`. */
  ids: Record<string, string>;
  schemaNames: string[];
}

/** The id under which a schema that may `$ref` components is added to an Ajv instance. */
export function bodySchemaId(validatorId: string): string {
  return `${BASE}bodies/${validatorId}`;
}

export function compileContract(doc: OpenApiDocument, operations: OperationEntry[]): CompiledContract {
  const ajv = createAjv();
  const ids: Record<string, string> = {};
  const schemas = (doc.components.schemas ?? {}) as Record<string, JsonSchema>;
  const schemaNames = Object.keys(schemas).sort();
  for (const name of schemaNames) {
    const id = `${BASE}schemas/${name}`;
    ajv.addSchema({ ...(rewriteRefs(schemas[name]) as JsonSchema), $id: id });
    ids[name] = id;
  }
  const bodies = operations.flatMap((op) => [
    ...op.parameters,
    ...op.requestBodies,
    ...op.responses.flatMap((response) => response.bodies),
  ]);
  for (const body of bodies) {
    const id = bodySchemaId(body.validatorId);
    ajv.addSchema({ ...(rewriteRefs(body.schema) as JsonSchema), $id: id });
    ids[body.validatorId] = id;
  }
  return { ajv, ids, schemaNames };
}

/**
 * ajv counts code points for `maxLength` and `minLength` (ucs2length walks the whole string). A
 * string never has more code points than UTF-16 units, so `s.length <= N` already proves `s`
 * within a maximum, and `s.length < N` already proves it below a minimum: guard each call with
 * that O(1) test and walk only strings the test cannot decide. Verdicts and messages are
 * unchanged; a page of municipalities validates about 10 % of JSON.parse faster.
 */
export function guardCodePointCounts(code: string): string {
  const binding = /const (func\d+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default;/.exec(code);
  if (!binding) return code;
  const count = binding[1]!;
  const calls = code.split(`${count}(`).length - 1;
  let guarded = 0;
  const rewritten = code.replace(new RegExp(`\\b${count}\\((data\\d*)\\) ([<>]) (\\d+)\\b`, 'g'), (_match, data: string, comparison: string, limit: string) => {
    guarded += 1;
    return comparison === '>'
      ? `(${data}.length > ${limit} && ${count}(${data}) > ${limit})`
      : `(${data}.length < ${limit} || ${count}(${data}) < ${limit})`;
  });
  if (guarded !== calls) throw new Error(`generate: ${calls - guarded} ucs2length call(s) are not \`> N\` or \`< N\` comparisons; update guardCodePointCounts`);
  return rewritten;
}

export function renderValidators(doc: OpenApiDocument, operations: OperationEntry[]): ValidatorSources {
  const { ajv, ids, schemaNames } = compileContract(doc, operations);
  const code = guardCodePointCounts(standaloneCode(ajv, ids));
  const names = Object.keys(ids);
  const declarations = [
    GENERATED_BANNER,
    '',
    // ajv's ErrorObject, as its standalone code fills it, declared here so that the built package's
    // declarations need no ajv: the package ships this code with ajv's runtime helpers bundled.
    '/** One violation, as ajv reports it: the rule (`keyword`, `params`), where (`instancePath`) and a `message`. */',
    'export interface ValidationError {',
    '  keyword: string;',
    '  instancePath: string;',
    '  schemaPath: string;',
    '  params: Record<string, unknown>;',
    '  message?: string;',
    '}',
    '',
    '/** A precompiled ajv validator: returns whether `data` is valid and leaves the errors on `errors`. */',
    'export interface ContractValidator {',
    '  (data: unknown): boolean;',
    '  errors?: ValidationError[] | null;',
    '}',
    '',
    ...names.map((name) => `export declare const ${name}: ContractValidator;`),
    '',
  ].join('\n');
  return { code: `${GENERATED_BANNER}\n${code}\n`, declarations, schemaNames };
}
