// Old → new in a few words: `200 → 100`, `[…, "Relocated"] → […]`, `type boolean → (none)`.
import { isObject } from './pointer';

type Primitive = string | number | boolean | null;
const MAX_ITEMS = 6;

const isPrimitive = (value: unknown): value is Primitive => value === null || ['string', 'number', 'boolean'].includes(typeof value);
const isPrimitiveArray = (value: unknown): value is Primitive[] => Array.isArray(value) && value.every(isPrimitive);

function list(items: string[]): string {
  const shown = items.length > MAX_ITEMS ? [...items.slice(0, MAX_ITEMS), `… ${items.length - MAX_ITEMS} more`] : items;
  return `[${shown.join(', ')}]`;
}

/** Redocly's node type as words: `PathItem` → `path item`. */
const typeWords = (typeName: string) => typeName.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/** What a node is, in a few words: a schema by its type, a parameter by its name. */
export function summary(value: unknown, typeName?: string): string {
  if (value === undefined) return '(none)';
  if (isPrimitive(value)) return JSON.stringify(value);
  if (Array.isArray(value)) return list(value.map((item) => summary(item)));
  if (!isObject(value)) return String(value);
  if (typeName === 'SecurityScheme') {
    return [value.type, value.scheme, value.in, value.name].filter((part) => typeof part === 'string').join(' ');
  }
  if (typeof value.name === 'string' && typeof value.in === 'string') {
    return `${value.in} parameter ${value.name}${value.required === true ? ' (required)' : ''}`;
  }
  if (typeof value.operationId === 'string') return `operation ${value.operationId}`;
  if (typeof value.$ref === 'string') return `$ref ${value.$ref.split('/').at(-1)}`;
  if (typeof value.type === 'string' || Array.isArray(value.type)) return `type ${[value.type].flat().join(' | ')}`;
  if (typeof value.url === 'string') return `server ${value.url}`;
  const keys = Object.keys(value);
  if (keys.length === 0) return '{}';
  // A security requirement maps scheme names to scope lists.
  if (Object.values(value).every(Array.isArray)) return keys.join(' + ');
  return typeName ? typeWords(typeName) : '{…}';
}

/** Two lists of values: only what differs is shown, `…` stands for what both share. */
function listChange(before: Primitive[], after: Primitive[]): string {
  const removed = before.filter((item) => !after.includes(item));
  const added = after.filter((item) => !before.includes(item));
  const shared = before.some((item) => after.includes(item)) ? ['…'] : [];
  const show = (items: Primitive[]) => list([...shared, ...items.map((item) => JSON.stringify(item))]);
  return `${show(removed)} → ${show(added)}`;
}

/** `typeName` is Redocly's name of the node's type (`Response`), for nodes nothing else names. */
export function oldToNew(before: unknown, after: unknown, typeName?: string): string {
  if (isPrimitiveArray(before) && isPrimitiveArray(after)) return listChange(before, after);
  return `${summary(before, typeName)} → ${summary(after, typeName)}`;
}
