// What the strings of an error body name, from the contract: each field of the published error
// schema marked `x-string-role` (openapi/README.md) — a human-readable `message`, or a `code` of
// the condition — and the code the document publishes for each status (401 `unauthorized`).
import { publishedErrors } from '../../generated';
import { responseSchema, type JsonSchema } from './document';
import { OPERATION_IDS } from './facts';

export type StringRole = 'message' | 'code';

export interface ErrorString {
  field: string;
  role: StringRole;
}

/** The codes published by status. */
export const PUBLISHED_CODES: ReadonlyMap<number, string> = new Map(Object.entries(publishedErrors).map(([status, body]) => [Number(status), body.code]));

/** The schema the published errors are answered in (any operation's published 401). */
const errorSchema = (): JsonSchema | undefined => {
  const [status] = PUBLISHED_CODES.keys();
  return status === undefined ? undefined : OPERATION_IDS.map((op) => responseSchema(op, status)).find(Boolean);
};

/** The fields of an error body that name something, with what they name. */
export const ERROR_STRINGS: readonly ErrorString[] = Object.entries((errorSchema()?.properties ?? {}) as Record<string, JsonSchema>)
  .filter(([, schema]) => schema['x-string-role'] === 'message' || schema['x-string-role'] === 'code')
  .map(([field, schema]) => ({ field, role: schema['x-string-role'] as StringRole }));
