// Whether a server must refuse an invalid value depends on what makes it invalid. The contract's
// types, enums, formats of typed fields (a UUID), integer pages and the published bounds of
// stored fields are refusal rules. A keyword the contract made from a description in prose
// (`x-from-prose`: "ISO 3166-1 alpha-2" as a pattern) and the value domain of a read input (a
// filter's pattern or length, a search field's bound: the server stores nothing) are not: a
// server may refuse such a value or answer it correctly (an empty list, or items that match).
import type { JsonSchema } from '../contract/document';
import type { ValidationResult, Violation } from '../../protocol/validation';

/** How a value fares: valid, invalid (a refusal rule), or invalid only where refusing is optional (why). */
export type Fare = 'valid' | 'invalid' | { optional: string };

/** Keywords that bound a value's domain rather than its type: on a read input, refusing past them is optional. */
const DOMAIN = new Set(['pattern', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems']);

interface FromProse {
  words: string;
  keywords: string[];
}

/** The schema node a JSON pointer into a value lands on (properties by name, array items by index). */
export function schemaAt(schema: JsonSchema, pointer: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const segment of pointer.split('/').slice(1)) {
    if (!node) return undefined;
    const items = node.items as JsonSchema | undefined;
    node = /^\d+$/.test(segment) && items ? items : ((node.properties ?? {}) as Record<string, JsonSchema>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** Why refusing a value for this violation is optional; undefined where the contract makes it a refusal rule. */
export function optionalBecause(violation: Violation, schema: JsonSchema, read: boolean): string | undefined {
  const node = schemaAt(schema, violation.pointer);
  // A body field by name; a parameter's value (or one of a repeated parameter's values) as "the value".
  const subject = violation.pointer.split('/').filter((segment) => segment !== '' && !/^\d+$/.test(segment)).join('.') || 'the value';
  const prose = node?.['x-from-prose'] as FromProse | undefined;
  if (prose?.keywords.includes(violation.keyword)) return `${subject} is not ${prose.words}, which the document states in prose (${prose.keywords.join(', ')} made from its words)`;
  if (read && node && DOMAIN.has(violation.keyword)) return `${subject} breaks ${violation.keyword} ${String(node[violation.keyword])} of an input the operation only reads (nothing is stored)`;
  return undefined;
}

/** How a value fares by a validator's verdict on it; `read`: the operation stores nothing. */
export function fareOf(result: ValidationResult, schema: JsonSchema, read: boolean): Fare {
  if (result.valid) return 'valid';
  const reasons = result.violations.map((violation) => optionalBecause(violation, schema, read));
  if (reasons.some((reason) => reason === undefined)) return 'invalid';
  return { optional: [...new Set(reasons)].join('; ') };
}

export const isValid = (fare: Fare) => fare === 'valid';
export const mustRefuse = (fare: Fare) => fare === 'invalid';
