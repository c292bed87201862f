// The same JSON value written other ways RFC 8259 allows: whitespace around every structural
// character (§2), the members of an object in another order (§4: an object is an unordered
// collection), characters escaped (§7: any character may be escaped, `\/` is `/`). Each text
// parses to the value it was written from (test/equivalence.test.ts holds them to it).
import { isObject } from '../../engine/request';

/** Pretty-printed with CRLF line breaks, after a line break: `\r\n{\r\n  "name": …\r\n}\r\n`. */
export const prettyJson = (value: unknown) => `\r\n${JSON.stringify(value, null, 2).replace(/\n/g, '\r\n')}\r\n`;

/** Whether any object in the value has two members or more (another order exists). */
export function hasMemberOrder(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasMemberOrder);
  if (!isObject(value)) return false;
  const members = Object.values(value).filter((v) => v !== undefined);
  return members.length > 1 || members.some(hasMemberOrder);
}

/** Every object's members in reverse order, at every depth. */
export function reversedMembers(value: unknown): string {
  return written(value, (members) => [...members].reverse(), JSON.stringify);
}

/** Whether any string in the value (not a key) is non-empty: it can be written with escapes. */
export function hasText(value: unknown): boolean {
  if (typeof value === 'string') return value.length > 0;
  if (Array.isArray(value)) return value.some(hasText);
  return isObject(value) && Object.values(value).some(hasText);
}

/**
 * Every string value with its first character, each character beyond ASCII (`ü` as `\u00fc`, one
 * escape per UTF-16 unit) and each `/` escaped (`\/`); keys as they are.
 */
export function escapedStrings(value: unknown): string {
  return written(value, (members) => members, escapeString);
}

function escapeString(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    const unit = ch.charCodeAt(0);
    if (unit > 0x7e || (i === 0 && /[A-Za-z0-9 ]/.test(ch))) out += `\\u${unit.toString(16).padStart(4, '0')}`;
    else if (ch === '/') out += '\\/';
    else out += JSON.stringify(ch).slice(1, -1);
  }
  return `"${out}"`;
}

type Members = Array<[string, unknown]>;

/** The value as JSON text, its objects' members ordered by `order` and its strings written by `text`. */
function written(value: unknown, order: (members: Members) => Members, text: (s: string) => string): string {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : written(item, order, text))).join(',')}]`;
  if (isObject(value)) {
    const members = order(Object.entries(value).filter(([, v]) => v !== undefined));
    return `{${members.map(([name, v]) => `${JSON.stringify(name)}:${written(v, order, text)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
