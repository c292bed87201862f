// The path as clients spell it: the resource's UUID in upper case (RFC 9562: UUIDs are read
// case-insensitively; the contract's format uuid allows it) and the path without the trailing
// slash the document gives every path. Whether either is served is not published (a framework's
// UUID converter may answer its own 404, an unslashed path may redirect): only what every
// deployment owes is judged — no 5xx, and a success on the published path answers the resource
// addressed, in the published shape.
import { FACTS } from '../../contract/facts';
import type { RequestSpec } from '../../engine/request';
import { proven } from '../classify';
import type { Axis } from './axis';

export const pathSpellings: Axis = {
  name: 'path spellings',
  mock: false,
  cases(op, base) {
    const cases: RequestSpec[] = [];
    const resource = FACTS[op].parameters.find((p) => p.in === 'path' && p.schema.format === 'uuid');
    const uuid = resource && base.params?.[resource.name];
    if (resource && uuid && uuid !== uuid.toUpperCase()) {
      const upper: RequestSpec = { ...base, params: { ...base.params, [resource.name]: uuid.toUpperCase() }, probe: 'path-spelling', purpose: `${op}: the ${resource.name} in the path in upper case` };
      cases.push({ ...upper, ...proven(upper, 'any') });
    }
    cases.push({ ...base, trailingSlash: false, probe: 'path-spelling', purpose: `${op}: the path without its trailing slash` });
    return cases;
  },
};
