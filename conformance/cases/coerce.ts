// How servers read values, for proving a case valid or invalid as sent. `fromWire` types a query
// or form string the way an OpenAPI server does (strictly); `read` applies a combination of the
// lenient readings widespread frameworks make: surrounding whitespace trimmed, an empty value
// taken as absent, text taken as a number or boolean (and a UUID in another spelling), codes and
// enum values matched whatever their case, a repeated single value taken as its last. A server
// may make any combination of them, so a request is invalid only when it is invalid under every
// combination (READINGS), and valid only when it is valid under every one.
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

/** One way a server may read a request: which lenient readings it makes. */
export interface Reading {
  /** Surrounding whitespace trimmed from text. */
  trim: boolean;
  /** An empty value (after trimming, when trimmed) is no value: an empty filter or form field ignored, a null body as none. */
  empty: boolean;
  /** Text read as a number or boolean, a number as text, a UUID in another spelling; a body of another media type read anyway. */
  types: boolean;
  /** A code or enum value matched whatever its case (`active` for `Active`, `at` for a code that must be upper case). */
  fold: boolean;
  /** A single-valued parameter sent twice with different values: the last one counts. */
  last: boolean;
}

export const FLAGS = ['trim', 'empty', 'types', 'fold', 'last'] as const satisfies ReadonlyArray<keyof Reading>;

/** The readings `read` looks at: `last` is about which of several values counts, the caller's to apply. */
export const READ_FLAGS: ReadonlyArray<keyof Reading> = ['trim', 'empty', 'types', 'fold'];

/** Every combination of the lenient readings; the first is the strict one (none of them). */
export const READINGS: readonly Reading[] = Array.from({ length: 2 ** FLAGS.length }, (_, bits) =>
  Object.fromEntries(FLAGS.map((flag, i) => [flag, Boolean(bits & (1 << i))])) as unknown as Reading,
);
export const STRICT: Reading = READINGS[0]!;

const TRUE = new Set(['true', 'True', 'TRUE', 't', 'T', 'yes', 'Yes', 'YES', 'y', 'Y', 'on', 'On', 'ON', '1']);
const FALSE = new Set(['false', 'False', 'FALSE', 'f', 'F', 'no', 'No', 'NO', 'n', 'N', 'off', 'Off', 'OFF', '0']);
const HEX32 = /^\{?[0-9a-f]{32}\}?$/i;
const UUID_LIKE = /^\{?(?:urn:uuid:)?[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;
const A_UUID = '00000000-0000-4000-8000-000000000000';

const patterns = new Map<string, RegExp>();
const compiled = (source: string) => patterns.get(source) ?? patterns.set(source, new RegExp(source, 'u')).get(source)!;

/** Text matched to the schema's enum member or pattern whatever its case, when one matches. */
function folded(text: string, schema: JsonSchema): string {
  const member = Array.isArray(schema.enum) ? schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === text.toLowerCase()) : undefined;
  if (typeof member === 'string') return member;
  if (typeof schema.pattern !== 'string') return text;
  const pattern = compiled(schema.pattern);
  if (pattern.test(text)) return text;
  return [text.toUpperCase(), text.toLowerCase()].find((variant) => pattern.test(variant)) ?? text;
}

/** A value as a server making the readings `r` reads it; `undefined` for a value it would ignore. */
export function read(value: unknown, schema: JsonSchema, r: Reading): unknown {
  const types = typesOf(schema);
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') {
    let text = r.trim ? value.trim() : value;
    if (r.empty && text === '') return undefined;
    if (r.types && schema.format === 'uuid' && (UUID_LIKE.test(text) || HEX32.test(text))) return A_UUID;
    if (r.fold) text = folded(text, schema);
    if (types.includes('string') || !r.types) return text;
    if (types.includes('boolean') && (TRUE.has(text) || FALSE.has(text))) return TRUE.has(text);
    // `1.0`, `1e3`: integers to servers that read numbers with Number() (Prism, most JavaScript ones).
    if (types.includes('integer') && NUMBER.test(text) && Number.isInteger(Number(text))) return Number(text);
    if (types.includes('number') && NUMBER.test(text)) return Number(text);
    return text;
  }
  if (!r.types) {
    if (Array.isArray(value)) return value.map((item) => read(item, (schema.items ?? {}) as JsonSchema, r) ?? item);
    if (typeof value === 'object') return readObject(value as Record<string, unknown>, schema, r);
    return value;
  }
  if (typeof value === 'number') {
    if (schema.format === 'uuid' && Number.isInteger(value)) return A_UUID;
    if (types.includes('string')) return String(value);
    if (types.includes('boolean') && (value === 0 || value === 1)) return value === 1;
    return value;
  }
  if (typeof value === 'boolean') return schema.format === 'uuid' ? A_UUID : value;
  // An array's items are read, never dropped: no framework removes an empty item from a list.
  if (Array.isArray(value)) return value.map((item) => read(item, (schema.items ?? {}) as JsonSchema, r) ?? item);
  if (typeof value === 'object') return readObject(value as Record<string, unknown>, schema, r);
  return value;
}

/** An object's known properties read; one read as no value is left out. */
function readObject(value: Record<string, unknown>, schema: JsonSchema, r: Reading): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const coerced = properties[key] ? read(item, properties[key], r) : item;
    if (coerced !== undefined) out[key] = coerced;
  }
  return out;
}

/** Strings longer than this are keyed by identity of content, not spelled out in the key. */
const LONG = 256;

/**
 * What `judge` says of the value under each reading, each distinct reading judged once. `uses`:
 * the flags `readAs` looks at — readings that differ only in others are read once.
 */
export function judgedUnder<T>(readings: readonly Reading[], readAs: (r: Reading) => unknown, judge: (value: unknown) => T, uses: ReadonlyArray<keyof Reading> = FLAGS): T[] {
  const seen = new Map<string, T>();
  const bySignature = new Map<number, T>();
  // A long string (a 1 MiB body's field) is one entry of `long` and a short mark in the key: the
  // same text under every reading hashes once (its hash is kept with the string), instead of
  // being copied into a key 32 times.
  const long = new Map<string, number>();
  const mark = (_: string, v: unknown) => {
    if (typeof v !== 'string') return v;
    // A short string that could read as a mark is escaped, so a mark stands for nothing else.
    if (v.length <= LONG) return v.startsWith('\u0000') ? `\u0000${v}` : v;
    let id = long.get(v);
    if (id === undefined) long.set(v, (id = long.size));
    return `\u0000#${id}`;
  };
  return readings.map((r) => {
    const signature = uses.reduce((bits, flag, i) => (r[flag] ? bits | (1 << i) : bits), 0);
    if (bySignature.has(signature)) return bySignature.get(signature)!;
    const value = readAs(r);
    const key = value === undefined ? 'undefined' : JSON.stringify(value, mark);
    if (!seen.has(key)) seen.set(key, judge(value));
    bySignature.set(signature, seen.get(key)!);
    return seen.get(key)!;
  });
}
