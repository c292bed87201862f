// The string formats the contract names, held to their RFCs where ajv-formats (which the generated
// validators use) is looser. ajv-formats' `date-time` takes an offset without its colon (`+0100`),
// an offset of hours alone (`+01`) and any whitespace for the `T` (`str(datetime)` in Python
// writes a space), none of which RFC 3339 §5.6 allows; its `uuid` takes a `urn:uuid:` prefix,
// which is the UUID's URN (RFC 9562 §4), not its string representation. Every other format the
// contract uses (date, uri, email) ajv-formats already checks as its RFC says. Applied on top of
// the generated validators, wherever the suite validates a value (facts.ts, rules/responses.ts).
import type { JsonSchema } from './document';

/** RFC 3339 §5.6 `date-time`; `T` and `Z` may be lower case (§5.6, NOTE). */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;
/** RFC 9562 §4: 8-4-4-4-12 hexadecimal digits, either case. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const leap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const daysIn = (year: number, month: number) => (month === 2 ? (leap(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31);

/** Why a string is not an RFC 3339 date-time, or undefined when it is one. */
export function dateTimeProblem(value: string): string | undefined {
  const match = DATE_TIME.exec(value);
  if (!match) {
    if (/[+-]\d{4}$/.test(value)) return 'its offset has no colon (RFC 3339: ±hh:mm)';
    if (/[+-]\d{2}$/.test(value)) return 'its offset has no minutes (RFC 3339: ±hh:mm)';
    if (/^\d{4}-\d{2}-\d{2}\s/.test(value)) return 'date and time are not separated by "T"';
    if (/^\d{4}-\d{2}-\d{2}[Tt][\d:.]+$/.test(value)) return 'it has no offset (RFC 3339: Z or ±hh:mm)';
    return 'it is not YYYY-MM-DDThh:mm:ss[.frac](Z|±hh:mm)';
  }
  // Z has no sign and no offset: 0.
  const [year, month, day, hour, minute, second, sign, offsetHour, offsetMinute] = match.slice(1).map((part) => (part === undefined ? 0 : part === '+' ? 1 : part === '-' ? -1 : Number(part))) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysIn(year!, month!)) return 'no such date';
  if (hour! > 23 || minute! > 59 || offsetHour! > 23 || offsetMinute! > 59) return 'no such time';
  if (second === 60) {
    // A leap second is 23:59:60 in UTC (RFC 3339 §5.7): the local time shifted back by the offset.
    const utc = (((hour! * 60 + minute! - sign! * (offsetHour! * 60 + offsetMinute!)) % 1440) + 1440) % 1440;
    return utc === 23 * 60 + 59 ? undefined : 'second 60 outside a leap second (23:59:60 UTC)';
  }
  return second! > 59 ? 'no such time' : undefined;
}

/** Why a string is not a UUID's string representation, or undefined when it is one. */
export function uuidProblem(value: string): string | undefined {
  if (UUID.test(value)) return undefined;
  return /^urn:uuid:/i.test(value) ? 'it is the URN (urn:uuid:…), not the UUID' : 'it is not 8-4-4-4-12 hexadecimal digits';
}

/** The formats checked here, by name; the others are ajv-formats' alone. */
export const STRICT_FORMATS: Readonly<Record<string, (value: string) => string | undefined>> = {
  'date-time': dateTimeProblem,
  uuid: uuidProblem,
};

const typesOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : []);

/** A value that breaks its format's RFC: where, and the line that says so. */
export interface StrictFormatError {
  /** The value's JSON pointer ('' for the whole value). */
  pointer: string;
  /** Named by its pointer as the generated validators name theirs: `/created_at "…" is not an RFC 3339 date-time: …`. */
  line: string;
}

/**
 * Each value that breaks a format's RFC where ajv-formats took it.
 * Walks what the contract's schemas use: properties, items, and allOf (no schema of the contract
 * uses anyOf, oneOf or not).
 */
export function strictFormatErrors(schema: JsonSchema | undefined, value: unknown, at = ''): StrictFormatError[] {
  if (!schema || value === null || value === undefined) return [];
  const errors: StrictFormatError[] = [];
  const format = typeof schema.format === 'string' ? STRICT_FORMATS[schema.format] : undefined;
  if (format && typeof value === 'string' && (typesOf(schema).length === 0 || typesOf(schema).includes('string'))) {
    const problem = format(value);
    if (problem) errors.push({ pointer: at, line: `${at || '/'} ${JSON.stringify(value.slice(0, 60))} is not ${schema.format === 'uuid' ? 'a UUID (RFC 9562)' : 'an RFC 3339 date-time'}: ${problem}` });
  }
  if (Array.isArray(value) && schema.items && typeof schema.items === 'object') {
    value.forEach((item, i) => errors.push(...strictFormatErrors(schema.items as JsonSchema, item, `${at}/${i}`)));
  }
  if (typeof value === 'object' && !Array.isArray(value) && schema.properties && typeof schema.properties === 'object') {
    for (const [name, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      if (name in (value as object)) errors.push(...strictFormatErrors(property, (value as Record<string, unknown>)[name], `${at}/${name}`));
    }
  }
  for (const part of Array.isArray(schema.allOf) ? (schema.allOf as JsonSchema[]) : []) errors.push(...strictFormatErrors(part, value, at));
  return errors;
}
