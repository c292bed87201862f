// Query parameters are checked with the generated parameter validators, as bodies are with the
// body validators: a refusal names the parameter, the rule and the value, e.g.
// `official_role: must be equal to one of the allowed values: … (got "king")` (400 `invalid`).
// A query string carries text: a value of an integer parameter (`page`) is read as a number
// first when it is written as one. Empty values of text parameters are no criterion
// (django-filter) and are not checked; an empty `page` is not an integer.
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
  /** The value (or each item) is an integer in the contract. */
  integer: boolean;
  validate: BodyValidator;
}

type ParameterNode = { $ref?: string; name?: string; in?: string; schema?: { type?: string; items?: { type?: string } } };

function resolve(node: ParameterNode): ParameterNode {
  if (!node.$ref) return node;
  const name = node.$ref.replace('#/components/parameters/', '');
  return (contract.components.parameters as Record<string, ParameterNode>)[name] ?? {};
}

function isIntegerParameter(operationId: OperationId, name: string): boolean {
  const { path, method } = operations[operationId];
  const nodes = ((contract.paths as Record<string, Record<string, { parameters?: ParameterNode[] }>>)[path]?.[method]?.parameters ?? []).map(resolve);
  const schema = nodes.find((node) => node.in === 'query' && node.name === name)?.schema;
  return (schema?.type === 'array' ? schema.items?.type : schema?.type) === 'integer';
}

function queryParameters(operationId: OperationId): QueryParameter[] {
  const operation = operations[operationId];
  const hasBody = Object.keys(operation.requestBodies).length > 0;
  return (operation.parameters as ReadonlyArray<{ name: string; in: string; repeated: boolean }>)
    .filter((parameter) => parameter.in === 'query')
    .map(({ name, repeated }) => ({
      name,
      label: hasBody ? `${name} (query)` : name,
      repeated,
      integer: isIntegerParameter(operationId, name),
      validate: parameterValidatorFor(operationId, 'query', name)!,
    }));
}

const BY_OPERATION = new Map<OperationId, QueryParameter[]>();

const INTEGER = /^-?\d{1,16}$/;

/** Throws a 400 naming the first parameter whose value breaks the contract. */
export function validateQuery(operationId: OperationId, query: Query): void {
  let parameters = BY_OPERATION.get(operationId);
  if (!parameters) BY_OPERATION.set(operationId, (parameters = queryParameters(operationId)));
  for (const parameter of parameters) {
    const sent = query.get(parameter.name);
    if (!sent) continue;
    // Repeated: every non-empty value; single: the last value, as Django's QueryDict.get reads it.
    const texts = parameter.repeated ? sent.filter((value) => value !== '') : sent.slice(-1);
    if (texts.length === 0 || (!parameter.integer && texts[0] === '')) continue;
    const values = parameter.integer ? texts.map((text) => (INTEGER.test(text) ? Number(text) : text)) : texts;
    const result = parameter.validate(parameter.repeated ? values : values[0]);
    if (result.valid) continue;
    const line = result.errors[0] ?? '/ is invalid';
    const space = line.indexOf(' ');
    const index = parameter.repeated ? Number(line.slice(0, space).split('/')[1] ?? 0) : 0;
    throw errors.invalid(`${parameter.label}: ${line.slice(space + 1)} (got ${quote(texts[index] ?? texts[0]!)})`);
  }
}
