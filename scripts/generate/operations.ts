// Reads the operations table out of the bundled contract: for each operationId its method,
// path, declared statuses, media types and the id of the validator for each body.
import type { OpenApiDocument } from './bundle';

export type JsonSchema = Record<string, unknown>;

export interface BodyEntry {
  mediaType: string;
  validatorId: string;
  schema: JsonSchema;
}

export interface ResponseEntry {
  status: number;
  /** Declared only as a modelling choice (`x-modelling-choice`): the status is not published. */
  modellingChoice: boolean;
  bodies: BodyEntry[];
}

export interface ParameterEntry {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required: boolean;
  /** Repeated in the query (`?a=1&a=2`): an array schema with form style, exploded (the default). */
  repeated: boolean;
  /** Declared only as a modelling choice: its name or shape is not published. */
  modellingChoice: boolean;
  validatorId: string;
  schema: JsonSchema;
}

export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
  /** `x-writes`: the operation changes stored state (a key without write permission gets 403). */
  writes: boolean;
  parameters: ParameterEntry[];
  requestBodies: BodyEntry[];
  requestBodyRequired: boolean;
  responses: ResponseEntry[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `application/x-www-form-urlencoded` -> `form_urlencoded`, for validator export names. */
export function mediaTypeSlug(mediaType: string): string {
  const subtype = mediaType.split('/')[1] ?? mediaType;
  return subtype.replace(/^x-www-/, '').replace(/[^a-zA-Z0-9]+/g, '_');
}

/** Follows `#/components/<section>/<name>` refs to the object they name. */
export function resolve(doc: OpenApiDocument, node: unknown): Record<string, unknown> {
  let current = node as Record<string, unknown>;
  while (current && typeof current.$ref === 'string') {
    const [, section, name] = /^#\/components\/([^/]+)\/(.+)$/.exec(current.$ref) ?? [];
    if (!section || !name) throw new Error(`unsupported $ref ${current.$ref}`);
    current = doc.components[section]?.[name] as Record<string, unknown>;
    if (!current) throw new Error(`dangling $ref #/components/${section}/${name}`);
  }
  return current;
}

function bodies(content: unknown, idPrefix: string): BodyEntry[] {
  return Object.entries((content ?? {}) as Record<string, { schema?: JsonSchema }>)
    .filter(([, media]) => media.schema)
    .map(([mediaType, media]) => ({
      mediaType,
      validatorId: `${idPrefix}_${mediaTypeSlug(mediaType)}`,
      schema: media.schema as JsonSchema,
    }));
}

function parameters(doc: OpenApiDocument, declared: unknown[], operationId: string): ParameterEntry[] {
  return declared.map((ref) => {
    const parameter = resolve(doc, ref);
    const schema = (parameter.schema ?? {}) as JsonSchema;
    const place = parameter.in as ParameterEntry['in'];
    const name = String(parameter.name);
    return {
      name,
      in: place,
      required: parameter.required === true,
      repeated: resolve(doc, schema).type === 'array' && (parameter.style ?? 'form') === 'form' && parameter.explode !== false,
      modellingChoice: 'x-modelling-choice' in parameter,
      validatorId: `${operationId}_param_${place}_${name.replace(/[^a-zA-Z0-9]+/g, '_')}`,
      schema,
    };
  });
}

export function readOperations(doc: OpenApiDocument): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const operationId = op.operationId as string;
      if (!operationId) throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const requestBody = op.requestBody ? resolve(doc, op.requestBody) : undefined;
      const responses = Object.entries((op.responses ?? {}) as Record<string, unknown>).map(
        ([status, ref]) => {
          const response = resolve(doc, ref);
          return {
            status: Number(status),
            modellingChoice: 'x-modelling-choice' in response,
            bodies: bodies(response.content, `${operationId}_${status}`),
          };
        },
      );
      // Path-level parameters apply to every operation of the path unless the operation redeclares them.
      const own = (op.parameters ?? []) as unknown[];
      const ownKeys = new Set(own.map((ref) => `${resolve(doc, ref).in} ${resolve(doc, ref).name}`));
      const inherited = ((item.parameters ?? []) as unknown[]).filter((ref) => !ownKeys.has(`${resolve(doc, ref).in} ${resolve(doc, ref).name}`));
      entries.push({
        operationId,
        method,
        path,
        writes: op['x-writes'] === true,
        parameters: parameters(doc, [...inherited, ...own], operationId),
        requestBodies: bodies(requestBody?.content, `${operationId}_request`),
        requestBodyRequired: requestBody?.required === true,
        responses,
      });
    }
  }
  return entries;
}
