// Query parameters are checked with the generated parameter validators, as bodies are with the
// body validators: a refusal names the parameter, the rule and the value, e.g.
// `official_role: must be equal to one of the allowed values: … (got "king")` (400 `invalid`).
// A query string carries text: a value of an integer or number parameter (`page`) is read as a
// number first when it is written as one, `true`/`false` of a boolean one as a boolean. Empty
// values of text parameters are no criterion (django-filter) and are not checked; an empty `page`
// is not an integer. A required parameter the request lacks (or gives only empty) is refused,
// naming it.
import { operations, type OperationId } from '../../generated';
import contract from '../../generated/openapi.json';
import { parameterValidatorFor, type BodyValidator } from '../../protocol/validation';
import { errors, quote } from './errors';
import type { Query } from './query';

interface QueryParameter {
  name: string;
  /** How a message names it: `status (query)` where the operation also reads a body. */
  label: string;
  repeated: boolean;
  required: boolean;
  /** The type of the value (or each item) in the contract, where text must be read as another. */
  scalar?: 'integer' | 'number' | 'boolean';
  validate: BodyValidator;
}

type SchemaNode = { $ref?: string; type?: string | string[]; items?: SchemaNode };
type ParameterNode = { $ref?: string; name?: string; in?: string; schema?: SchemaNode };

/** A `#/components/<section>/<name>` ref followed. */
function resolve<T extends { $ref?: string }>(node: T | undefined): T | undefined {
  if (!node?.$ref) return node;
  const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(node.$ref) ?? [];
  return resolve((contract.components as unknown as Record<string, Record<string, T>>)[section ?? '']?.[name ?? '']);
}

function scalarOf(operationId: OperationId, name: string): QueryParameter['scalar'] {
  const { path, method } = operations[operationId];
  const nodes = ((contract.paths as Record<string, Record<string, { parameters?: ParameterNode[] }>>)[path]?.[method]?.parameters ?? []).map((node) => resolve(node)!);
  let schema = resolve(nodes.find((node) => node.in === 'query' && node.name === name)?.schema);
  if ([schema?.type].flat().includes('array')) schema = resolve(schema?.items);
  const types = [schema?.type].flat();
  return types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : types.includes('boolean') ? 'boolean' : undefined;
}

function queryParameters(operationId: OperationId): QueryParameter[] {
  const operation = operations[operationId];
  const hasBody = Object.keys(operation.requestBodies).length > 0;
  return (operation.parameters as ReadonlyArray<{ name: string; in: string; repeated: boolean; required: boolean }>)
    .filter((parameter) => parameter.in === 'query')
    .map(({ name, repeated, required }) => ({
      name,
      label: hasBody ? `${name} (query)` : name,
      repeated,
      required,
      scalar: scalarOf(operationId, name),
      validate: parameterValidatorFor(operationId, 'query', name)!,
    }));
}

const BY_OPERATION = new Map<OperationId, QueryParameter[]>();

const INTEGER = /^-?\d{1,16}$/;
const NUMBER = /^-?\d{1,16}(\.\d{1,16})?$/;

/** A query value as the contract types it, where the text spells that type; otherwise the text (the validator refuses it). */
function typed(scalar: QueryParameter['scalar'], text: string): unknown {
  if (scalar === 'integer') return INTEGER.test(text) ? Number(text) : text;
  if (scalar === 'number') return NUMBER.test(text) ? Number(text) : text;
  if (scalar === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return text;
}

/** Throws a 400 naming the first parameter whose value breaks the contract. */
export function validateQuery(operationId: OperationId, query: Query): void {
  let parameters = BY_OPERATION.get(operationId);
  if (!parameters) BY_OPERATION.set(operationId, (parameters = queryParameters(operationId)));
  for (const parameter of parameters) {
    const sent = query.get(parameter.name);
    if (parameter.required && !sent?.some((value) => value !== '')) throw errors.invalid(`${parameter.label}: required query parameter is missing`);
    if (!sent) continue;
    // Repeated: every non-empty value; single: the last value, as Django's QueryDict.get reads it.
    const texts = parameter.repeated ? sent.filter((value) => value !== '') : sent.slice(-1);
    if (texts.length === 0 || (parameter.scalar !== 'integer' && parameter.scalar !== 'number' && texts[0] === '')) continue;
    const values = texts.map((text) => typed(parameter.scalar, text));
    const result = parameter.validate(parameter.repeated ? values : values[0]);
    if (result.valid) continue;
    const line = result.errors[0] ?? '/ is invalid';
    const space = line.indexOf(' ');
    const index = parameter.repeated ? Number(line.slice(0, space).split('/')[1] ?? 0) : 0;
    throw errors.invalid(`${parameter.label}: ${line.slice(space + 1)} (got ${quote(texts[index] ?? texts[0]!)})`);
  }
}
