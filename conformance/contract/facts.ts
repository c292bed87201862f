// What the suite knows about each operation, all of it from generated/: method and path, whether
// it writes, its parameters and bodies with their schemas and validators, its statuses. Cases are
// derived from these facts, so a new field or bound in openapi/ is exercised without touching
// conformance/.
import { operations, writeOperations, type OperationId } from '../../generated';
import { parameterValidatorFor, requestValidatorFor, validatorFor, type BodyValidator } from '../../protocol/validation';
import { operationNode, parameterNode, requestBodyOf, responseSchema, unspecifiedFacets, type JsonSchema } from './document';
import { strictFormatErrors } from './formats';

export type Place = 'query' | 'path' | 'header' | 'cookie';

export interface ParameterFacts {
  name: string;
  in: Place;
  required: boolean;
  /** Sent once per value (`?a=1&a=2`); the schema is the array. */
  repeated: boolean;
  schema: JsonSchema;
  /** Its name or shape is a modelling choice: what depends on it can only warn. */
  choice: boolean;
  validate: BodyValidator;
}

export interface BodyFacts {
  mediaType: string;
  schema: JsonSchema;
  validate: BodyValidator;
}

export interface OperationFacts {
  id: OperationId;
  /** Upper case, as sent. */
  method: string;
  path: string;
  writes: boolean;
  parameters: ParameterFacts[];
  bodies: BodyFacts[];
  bodyRequired: boolean;
  /** The declared 2xx and whether it is only a modelling choice. */
  success: { status: number; choice: boolean };
  declared: number[];
  /** Declared statuses that are only a modelling choice (`x-modelling-choice`): not published. */
  choices: number[];
  /** The success body is a paginated list (`count` and `results`). */
  paginated: boolean;
  /** A state transition whose effect and whose states it may start from are not published (activate, deactivate). */
  transition: boolean;
}

/** The generated validator, with the formats held to their RFCs where ajv-formats is looser (formats.ts). */
function strictly(validate: BodyValidator, schema: JsonSchema | undefined): BodyValidator {
  return (data) => {
    const result = validate(data);
    const strict = strictFormatErrors(schema, data);
    return strict.length
      ? { valid: false, errors: [...result.errors, ...strict.map((e) => e.line)], violations: [...result.violations, ...strict.map((e) => ({ pointer: e.pointer, keyword: 'format' }))] }
      : result;
  };
}

type ParameterRow = { name: string; in: Place; required: boolean; repeated: boolean; modellingChoice: boolean };

function factsOf(id: OperationId): OperationFacts {
  const op = operations[id];
  const responses = op.responses as Record<string, { modellingChoice: boolean }>;
  const [status, response] = Object.entries(responses).find(([code]) => code.startsWith('2'))!;
  const body = requestBodyOf(id);
  const success = responseSchema(id, Number(status));
  const properties = (success?.properties ?? {}) as Record<string, JsonSchema>;
  return {
    id,
    method: op.method.toUpperCase(),
    path: op.path,
    writes: op.writes,
    parameters: (op.parameters as readonly ParameterRow[]).map((row) => {
      const node = parameterNode(id, row.in, row.name);
      return {
        name: row.name,
        in: row.in,
        required: row.required,
        repeated: row.repeated,
        schema: node.schema as JsonSchema,
        choice: row.modellingChoice,
        validate: strictly(parameterValidatorFor(id, row.in, row.name)!, node.schema as JsonSchema),
      };
    }),
    bodies: Object.entries(body.schemas).map(([mediaType, schema]) => ({ mediaType, schema, validate: strictly(requestValidatorFor(id, mediaType)!, schema) })),
    bodyRequired: body.required,
    success: { status: Number(status), choice: response.modellingChoice },
    declared: Object.keys(responses).map(Number),
    choices: Object.entries(responses).filter(([, r]) => r.modellingChoice).map(([code]) => Number(code)),
    paginated: properties.count !== undefined && properties.results !== undefined,
    transition: unspecifiedFacets(operationNode(id)).includes('effect_on_is_active'),
  };
}

export const OPERATION_IDS = Object.keys(operations) as OperationId[];

export const FACTS: Readonly<Record<OperationId, OperationFacts>> = Object.fromEntries(OPERATION_IDS.map((id) => [id, factsOf(id)])) as Record<
  OperationId,
  OperationFacts
>;

export const WRITES: readonly OperationId[] = writeOperations;
/** Operations answering a paginated list. */
export const LISTS: readonly OperationId[] = OPERATION_IDS.filter((id) => FACTS[id].paginated);
/** Operations with path parameters (one resource each: the one its path names). */
export const ON_ONE_RESOURCE: readonly OperationId[] = OPERATION_IDS.filter((id) => FACTS[id].parameters.some((p) => p.in === 'path'));
/** Operations that take a JSON body (malformed JSON can be sent to them). */
export const JSON_BODIES: readonly OperationId[] = OPERATION_IDS.filter((id) => FACTS[id].bodies.some((b) => b.mediaType === 'application/json'));

const responseValidators = new Map<string, BodyValidator | undefined>();

/** The validator of an operation's JSON answer for a status, formats held to their RFCs; undefined where none is declared. */
export function responseValidator(id: OperationId, status: number): BodyValidator | undefined {
  const key = `${id} ${status}`;
  if (!responseValidators.has(key)) {
    const validate = validatorFor(id, status);
    responseValidators.set(key, validate && strictly(validate, responseSchema(id, status)));
  }
  return responseValidators.get(key);
}

export const queryParameters = (id: OperationId) => FACTS[id].parameters.filter((p) => p.in === 'query');
export const pathParameters = (id: OperationId) => FACTS[id].parameters.filter((p) => p.in === 'path');
export const jsonBody = (id: OperationId) => FACTS[id].bodies.find((b) => b.mediaType === 'application/json');

/** The maxLength the contract states for a field of an operation's JSON body; undefined where it states none. */
export function bodyFieldMaxLength(id: OperationId, field: string): number | undefined {
  const schema = ((jsonBody(id)?.schema.properties ?? {}) as Record<string, JsonSchema>)[field];
  return typeof schema?.maxLength === 'number' ? schema.maxLength : undefined;
}
