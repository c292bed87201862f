// How servers read values, for proving a case valid or invalid as sent. `fromWire` types a query
// or form string the way an OpenAPI server does (strictly); `lenient` applies the coercions
// widespread frameworks make (a number accepted as a string, "yes" as true, surrounding
// whitespace trimmed, an empty filter ignored...). A request is invalid only when it is invalid
// both ways: then no reasonable deployment may accept it.
import type { JsonSchema } from '../contract/document';

export const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : schema.enum ? ['string'] : [];

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A query or form value as a typed server reads it: numbers and booleans parsed, the rest kept. */
export function fromWire(raw: string, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (types.includes('string')) return raw;
  if (types.includes('integer') && INTEGER.test(raw)) return Number(raw);
  if (types.includes('number') && NUMBER.test(raw)) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

const TRUE = new Set(['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON', '1']);
const FALSE = new Set(['false', 'False', 'FALSE', 'f', 'F', 'no', 'No', 'NO', 'n', 'N', 'off', 'Off', 'OFF', '0']);
const HEX32 = /^\{?[0-9a-f]{32}\}?$/i;
const UUID_LIKE = /^\{?(?:urn:uuid:)?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;
const A_UUID = '00000000-0000-4000-8000-000000000000';

/** What lenient frameworks make of a value for a schema; `undefined` for a value they would ignore. */
export function lenient(value: unknown, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (schema.format === 'uuid' && (UUID_LIKE.test(trimmed) || HEX32.test(trimmed))) return A_UUID;
    if (types.includes('string')) return trimmed;
    if (trimmed === '') return undefined;
    if (types.includes('boolean') && (TRUE.has(trimmed) || FALSE.has(trimmed))) return TRUE.has(trimmed);
    // `1.0`, `1e3`: integers to servers that read numbers with Number() (Prism, most JavaScript ones).
    if (types.includes('integer') && NUMBER.test(trimmed) && Number.isInteger(Number(trimmed))) return Number(trimmed);
    if (types.includes('number') && NUMBER.test(trimmed)) return Number(trimmed);
    return value;
  }
  if (typeof value === 'number') {
    if (schema.format === 'uuid' && Number.isInteger(value)) return A_UUID;
    if (types.includes('string')) return String(value);
    if (types.includes('boolean') && (value === 0 || value === 1)) return value === 1;
    if (types.includes('integer') && Number.isInteger(value)) return value;
    return value;
  }
  if (typeof value === 'boolean') {
    if (schema.format === 'uuid') return A_UUID;
    return value;
  }
  if (Array.isArray(value)) {
    const items = (schema.items ?? {}) as JsonSchema;
    return value.map((item) => lenient(item, items));
  }
  if (typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const coerced = properties[key] ? lenient(item, properties[key]) : item;
      if (coerced !== undefined) out[key] = coerced;
    }
    return out;
  }
  return value;
}
