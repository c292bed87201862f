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

export interface OperationEntry {
  operationId: string;
  method: string;
  path: string;
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

function resolve(doc: OpenApiDocument, node: unknown): Record<string, unknown> {
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
      entries.push({
        operationId,
        method,
        path,
        requestBodies: bodies(requestBody?.content, `${operationId}_request`),
        requestBodyRequired: requestBody?.required === true,
        responses,
      });
    }
  }
  return entries;
}
