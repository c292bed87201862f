// Refusal rules. The exact 4xx of a refused request is not published, so any 4xx passes.
import type { Exchange } from '../engine/request';
import { isObject } from '../engine/request';
import { fail, pass, type Verdict } from '../engine/types';

const said = (x: Exchange) => (isObject(x.json) && typeof x.json.error === 'string' ? ` ("${x.json.error.slice(0, 100)}")` : '');

/** A request that breaks a published bound or required field must be refused with a 4xx. */
export function refusedWith4xx(x: Exchange, what: string): Verdict {
  if (x.status >= 400 && x.status < 500) return pass(`${what}: refused with ${x.status}`);
  if (x.status >= 500) return fail(`${what}: answered ${x.status}${said(x)}, a server error instead of a 4xx`);
  return fail(`${what}: accepted with ${x.status}; the published bound requires a refusal (any 4xx)`);
}

/** A value exactly at a published bound must be accepted. */
export function acceptedAtBound(x: Exchange, what: string): Verdict {
  if (x.status >= 200 && x.status < 300) return pass(`${what}: accepted with ${x.status}`);
  return fail(`${what}: answered ${x.status}${said(x)}, but the value is within the published bound`);
}

/** Malformed JSON must get a 4xx: never accepted, never a server error. */
export function malformedRefused(x: Exchange): Verdict {
  if (x.status >= 400 && x.status < 500) return pass(`malformed JSON refused with ${x.status}`);
  if (x.status >= 500) return fail(`malformed JSON answered ${x.status}${said(x)}, expected a 4xx`);
  return fail(`malformed JSON answered ${x.status}, expected a 4xx`);
}
