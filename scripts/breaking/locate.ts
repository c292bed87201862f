// Names a place in the contract the way a client developer would: `POST /api/v1/watchdogs/
// request body name`, `GET /api/v1/municipalities/ response 200 results[].population`,
// `GET /api/v1/municipalities/ query parameter district`, `schema CompanyStatus`.
import { isObject, resolve } from './pointer';

/** Words up to a schema (`POST /x/ response 200`), then the field path inside it (`results[].name`). */
export interface Place {
  head: string[];
  field: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const COMPONENT_WORDS: Readonly<Record<string, string>> = {
  schemas: 'schema',
  parameters: 'parameter',
  requestBodies: 'request body',
  responses: 'response',
  headers: 'header',
  securitySchemes: 'security scheme',
  examples: 'example',
};
const COMBINATORS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

export function renderPlace({ head, field }: Place): string {
  if (field === '') return head.join(' ');
  // An array at the top of a schema reads as a suffix: `query parameter status[]`.
  if (field.startsWith('[') && head.length > 0) return [...head.slice(0, -1), `${head.at(-1)}${field}`].join(' ');
  return [...head, field].join(' ');
}

export const withField = (place: Place, name: string): Place => ({
  head: place.head,
  field: place.field === '' ? name : `${place.field}.${name}`,
});

/** A keyword of the node at a place, after a space: `request body name maxLength` (a property would be `name.maxLength`). */
export const withKeyword = (place: Place, keyword: string): Place =>
  place.field === '' ? { head: [...place.head, keyword], field: '' } : { head: place.head, field: `${place.field} ${keyword}` };

/** One step inside a schema; returns the new field path and how many segments it used. */
function schemaStep(field: string, segment: string, next: string | undefined): [string, number] {
  const join = (name: string) => (field === '' ? name : `${field}.${name}`);
  if (segment === 'properties' && next !== undefined) return [join(next), 2];
  if (segment === 'items') return [`${field}[]`, 1];
  if (segment === 'additionalProperties') return [`${field}{}`, 1];
  if (COMBINATORS.has(segment) && next !== undefined) return [join(`${segment}[${next}]`), 2];
  return [join(segment), 1];
}

/** Words for one step outside schemas; parameters, requirements and servers are looked up by name. */
function operationStep(document: unknown, segments: readonly string[], i: number): [string[], number] {
  const segment = segments[i]!;
  const next = segments[i + 1];
  if (next === undefined && ['parameters', 'responses', 'security'].includes(segment)) return [[segment], 1];
  switch (segment) {
    case 'parameters': {
      const parameter = resolve(document, segments.slice(0, i + 2));
      return [[isObject(parameter) ? `${String(parameter.in)} parameter ${String(parameter.name)}` : `parameter ${next}`], 2];
    }
    case 'requestBody':
      return [['request body'], 1];
    case 'responses':
      return [[`response ${next}`], 2];
    case 'headers':
      return [[`header ${next ?? ''}`.trim()], 2];
    case 'content':
      // The media type is named only when it is the changed node itself.
      return [i + 2 === segments.length ? [next ?? ''] : [], 2];
    case 'security': {
      const requirement = resolve(document, segments.slice(0, i + 2));
      const names = isObject(requirement) ? Object.keys(requirement) : [];
      return [[`security requirement ${names.length ? names.join(' + ') : '(anonymous)'}`], 2];
    }
    case 'servers': {
      const server = resolve(document, segments.slice(0, i + 2));
      return [[`server ${isObject(server) ? String(server.url) : next}`], 2];
    }
    default:
      return [[segment], 1];
  }
}

interface Start {
  head: string[];
  /** Segments the head used. */
  used: number;
  inSchema: boolean;
}

/** The first words: `POST /api/v1/watchdogs/` for an operation, `schema Watchdog` for a component. */
function start(segments: readonly string[]): Start {
  const [root, first, second] = segments;
  if (root === 'paths' && first !== undefined) {
    return second !== undefined && METHODS.has(second)
      ? { head: [second.toUpperCase(), first], used: 3, inSchema: false }
      : { head: [first], used: 2, inSchema: false };
  }
  if (root === 'components' && first !== undefined && second !== undefined) {
    return { head: [COMPONENT_WORDS[first] ?? first, second], used: 3, inSchema: first === 'schemas' };
  }
  return { head: [], used: 0, inSchema: false };
}

/** The place of `segments` (already decoded) in `document`. */
export function locate(document: unknown, segments: readonly string[]): Place {
  const { head, used, inSchema: startsInSchema } = start(segments);
  let field = '';
  let inSchema = startsInSchema;
  for (let i = used; i < segments.length; ) {
    if (inSchema) {
      const [next, step] = schemaStep(field, segments[i]!, segments[i + 1]);
      field = next;
      i += step;
    } else if (segments[i] === 'schema') {
      inSchema = true;
      i += 1;
    } else {
      const [words, step] = operationStep(document, segments, i);
      head.push(...words);
      i += step;
    }
  }
  return { head, field };
}
