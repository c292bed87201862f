// Query strings, decoded strictly (protocol/encoding.ts, the rule the client encodes with):
// malformed percent-encoding or invalid UTF-8 is a 400 instead of being replaced silently, so
// a filter never runs on a value the client did not send.
import { decodeQueryComponent } from '../../protocol/encoding';
import { errors } from './errors';

/** Parameter name -> every value, in the order sent (repeated parameters are arrays). */
export type Query = Map<string, string[]>;

function decode(part: string): string {
  const decoded = decodeQueryComponent(part);
  if (decoded === undefined) {
    throw errors.parse(`Query string: malformed percent-encoding or invalid UTF-8 in ${JSON.stringify(part.slice(0, 60))}`);
  }
  return decoded;
}

export function parseQuery(raw: string): Query {
  const query: Query = new Map();
  if (raw === '') return query;
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decode(pair.slice(eq + 1));
    const values = query.get(name);
    if (values) values.push(value);
    else query.set(name, [value]);
  }
  return query;
}

/** The last value of a single-valued parameter, as Django's QueryDict.get does. */
export function single(query: Query, name: string): string | undefined {
  const values = query.get(name);
  return values?.[values.length - 1];
}
