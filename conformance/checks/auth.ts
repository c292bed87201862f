// Credential rules: the published 401 and 403 with their codes, and the five accepted forms.
import type { Exchange } from '../engine/request';
import { isObject } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';

const said = (x: Exchange) => (isObject(x.json) && typeof x.json.error === 'string' ? ` ("${x.json.error.slice(0, 100)}")` : '');

/** An auth refusal: the status and the published code in the body. */
export function refusedWith(x: Exchange, status: 401 | 403, code: string, what: string): Verdict {
  const got = isObject(x.json) ? x.json.code : undefined;
  if (x.status !== status) return fail(`${what}: answered ${x.status}${said(x)}, expected ${status} with code "${code}"`);
  if (got !== code) return fail(`${what}: ${status} with code ${JSON.stringify(got)}, expected "${code}"`);
  return pass(`${what}: ${status} ${code}`);
}

/**
 * The limited key on an unknown watchdog: 403 is right; 404 may be too, since whether the
 * permission or the existence is checked first is not published.
 */
export function forbiddenOnUnknown(x: Exchange, what: string): Verdict {
  if (x.status === 404) return warn(`${what}: 404 for a random watchdog UUID; 403 was not observed (order of 403 and 404 is not published; run with CONFORMANCE_WRITES=1 to use a real watchdog)`);
  if (x.status === 403) return refusedWith(x, 403, 'forbidden', what);
  if (x.status >= 200 && x.status < 300) return fail(`${what}: accepted with ${x.status}, expected 403 "forbidden"`);
  if (x.status === 401) return fail(`${what}: 401 for a valid (limited) key, expected 403 "forbidden"`);
  return warn(`${what}: answered ${x.status} for a random watchdog UUID; 403 was not observed`);
}

/** A credential in a published form is accepted. */
export function credentialAccepted(x: Exchange, form: string): Verdict {
  if (x.status >= 200 && x.status < 300) return pass(`${form}: accepted with ${x.status}`);
  return fail(`${form}: answered ${x.status}${said(x)}; every published credential form must be accepted`);
}
