// What the run's requests covered of the contract's inputs, for report.html's coverage maps:
// each query parameter × the class of value it was given, each bounded body field × the side of
// its bound it was sent at, each operation × the credential form it was sent with. Read from the
// requests as sent, against the schemas in generated/ (through contract/facts).
import type { OperationId } from '../../generated';
import { FACTS } from '../contract/facts';
import type { JsonSchema } from '../contract/document';
import { formOf, fullAccess } from '../engine/credentials';
import type { CellCounts } from '../engine/recorder';
import { isObject, type RequestSpec } from '../engine/request';

/** The maps report.html draws, each row → column → requests. */
export type InputMapName = 'parameterValues' | 'fieldBounds' | 'credentials';
export type InputMaps = Record<InputMapName, CellCounts>;

export const VALUE_CLASSES = ['plain', 'empty', 'enum member', 'outside enum', 'in range', 'out of range', 'not a number', 'at maxLength', 'over maxLength', 'wrong format', 'odd characters'] as const;
export const BOUND_SIDES = ['under minimum', 'at minimum', 'at maximum', 'over maximum'] as const;

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i,
};
const itemsOf = (schema: JsonSchema): JsonSchema => (schema.type === 'array' && isObject(schema.items) ? (schema.items as JsonSchema) : schema);
/** Code points, as maxLength counts them, without copying the text (1 MiB values are sent in every run). */
function length(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) (pairs += 1), (i += 1);
    }
  }
  return text.length - pairs;
}

/** The class of a text value given a (query) parameter, by the first facet of its schema it meets. */
export function valueClass(value: string, schema: JsonSchema): (typeof VALUE_CLASSES)[number] {
  if (value === '') return 'empty';
  if (Array.isArray(schema.enum)) return schema.enum.map(String).includes(value) ? 'enum member' : 'outside enum';
  if (schema.type === 'integer' || schema.type === 'number') {
    if (!/^-?\d+(\.\d+)?$/.test(value)) return 'not a number';
    const n = Number(value);
    return (typeof schema.minimum === 'number' && n < schema.minimum) || (typeof schema.maximum === 'number' && n > schema.maximum) ? 'out of range' : 'in range';
  }
  if (typeof schema.maxLength === 'number') {
    const size = length(value);
    if (size > schema.maxLength) return 'over maxLength';
    if (size === schema.maxLength) return 'at maxLength';
  }
  const format = typeof schema.format === 'string' ? FORMATS[schema.format] : undefined;
  if (format && !format.test(value)) return 'wrong format';
  return /[^\x20-\x7e]/.test(value) ? 'odd characters' : 'plain';
}

/** Which side of a bound a body value sits at, if it sits at or past one. */
export function boundSide(value: unknown, schema: JsonSchema): (typeof BOUND_SIDES)[number] | undefined {
  const [min, max] = typeof value === 'string' ? [schema.minLength, schema.maxLength] : Array.isArray(value) ? [schema.minItems, schema.maxItems] : [schema.minimum, schema.maximum];
  if (typeof min !== 'number' && typeof max !== 'number') return undefined;
  // A text of more than twice as many code units as the maximum has more code points than it: no count needed.
  if (typeof value === 'string' && typeof max === 'number' && value.length > 2 * max + 1) return 'over maximum';
  const size = typeof value === 'string' ? length(value) : Array.isArray(value) ? value.length : typeof value === 'number' ? value : undefined;
  if (size === undefined) return undefined;
  if (typeof min === 'number' && size < min) return 'under minimum';
  if (typeof min === 'number' && size === min) return 'at minimum';
  if (typeof max === 'number' && size > max) return 'over maximum';
  if (typeof max === 'number' && size === max) return 'at maximum';
  return undefined;
}

/** How a request carried its credential, as a column: the form, and whether the secret was the run's, the limited key or made up. */
export function credentialColumn(spec: RequestSpec): string {
  const credential = spec.credential ?? fullAccess();
  if (credential === 'none') return 'none';
  const label = formOf(credential.scheme).label;
  if ('literal' in credential || credential.nearMiss) return `${label}, invalid`;
  return credential.secret === 'limited' ? `${label}, limited key` : label;
}

/** The fields a body gives, with their values (a form's and a multipart body's as text). */
function bodyFields(spec: RequestSpec): Array<[string, unknown]> {
  const body = spec.body;
  if (!body) return [];
  if (body.kind === 'json') return isObject(body.value) ? Object.entries(body.value) : [];
  return body.kind === 'raw' ? [] : body.fields;
}

/** Counts what each request sent into `maps` (the recorder's). */
export function createInputCoverage(maps: InputMaps) {
  const count = (map: InputMapName, row: string, column: string) => {
    const cells = (maps[map][row] ??= {});
    cells[column] = (cells[column] ?? 0) + 1;
  };
  return {
    add(spec: RequestSpec): void {
      const op: OperationId = spec.operationId;
      const facts = FACTS[op];
      count('credentials', op, credentialColumn(spec));
      for (const [name, value] of spec.query ?? []) {
        const parameter = facts.parameters.find((p) => p.in === 'query' && p.name === name);
        if (parameter) count('parameterValues', `${op} ${name}`, valueClass(value, itemsOf(parameter.schema)));
      }
      const properties = (facts.bodies[0]?.schema.properties ?? {}) as Record<string, JsonSchema>;
      for (const [name, value] of bodyFields(spec)) {
        const schema = properties[name];
        const side = schema && boundSide(value, schema);
        if (side) count('fieldBounds', `${op} ${name}`, side);
      }
    },
  };
}
