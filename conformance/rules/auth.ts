// Credential rules: each published form accepted as real clients send it; missing, empty or
// unknown values and near misses of a real secret refused with the published 401; the limited
// key refused with the published 403 on every watchdog write. Each judges the exchanges of its
// probe (RequestSpec.probe).
import { isDeepStrictEqual } from 'node:util';
import { publishedErrors } from '../../generated';
import { OPERATION_IDS, WRITES } from '../contract/facts';
import { DEFAULT_SCHEME, formOf, shownOn, type CredentialScheme } from '../engine/credentials';
import { nearMissClass } from '../engine/near-miss';
import { isObject, isSuccess, type Exchange } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';
import { defineRule, PRISM } from './define';

const UNAUTHORIZED = publishedErrors['401'];
const FORBIDDEN = publishedErrors['403'];
const said = (x: Exchange) => (isObject(x.json) && typeof x.json.error === 'string' ? ` ("${x.json.error.slice(0, 100)}")` : '');
/** A status that refuses the credential itself. */
export const refusesCredential = (status: number) => status === 401 || status === 403;
/** The request carries its credential in the run's default form, spelled as published. */
const asPublished = ({ spec: { credential } }: Exchange) => credential === undefined || (credential !== 'none' && credential.scheme === DEFAULT_SCHEME && credential.spelling === undefined);
const formLabel = (x: Exchange) => (x.spec.credential && x.spec.credential !== 'none' ? formOf(x.spec.credential.scheme).label : 'no credential');

/** The published status with the published body, byte for byte. */
function refusedAsPublished(x: Exchange, status: 401 | 403, body: object): Verdict {
  const what = x.spec.purpose;
  if (x.status !== status) return fail(`${what}: answered ${x.status}${said(x)}, expected ${status}`, { received: x.status, expected: status });
  if (!isDeepStrictEqual(x.json, body)) return fail(`${what}: ${status} with body ${x.text.slice(0, 120)}, expected the published ${JSON.stringify(body)}`, { received: x.json ?? x.text.slice(0, 120), expected: body });
  return pass(`${what}: ${status} as published`);
}

export const credentialFormAccepted = defineRule<Exchange>({
  name: 'credential_form_accepted',
  area: 'auth',
  summary: 'each published credential form, sent as real clients send it, is accepted: no 401 or 403 (a refusal fails where the published document shows the form on the operation, and warns elsewhere)',
  operations: OPERATION_IDS,
  mock: true,
  live: 'session forms need CONFORMANCE_SESSION_ID',
  check: (x) => {
    if (x.spec.probe !== 'credential-form' || !x.spec.credential || x.spec.credential === 'none') return undefined;
    const form = formLabel(x);
    // Anything but 401 or 403 means the credential was taken (a 400 refuses the body, not the key).
    if (!refusesCredential(x.status)) return pass(`${form}: accepted (${x.status})`);
    const message = `${form}: answered ${x.status}${said(x)}`;
    return shownOn(x.spec.credential.scheme, x.spec.operationId)
      ? fail(`${message}; the published document shows this form on ${x.spec.operationId}`, { received: x.status, expected: '2xx' })
      : warn(`${message}; which operation accepts which form is not published (the form is shown on ${JSON.stringify(formOf(x.spec.credential.scheme).shownOn)})`);
  },
});

export const unauthorizedWithoutCredentials = defineRule<Exchange>({
  name: 'unauthorized_without_credentials',
  area: 'auth',
  summary: 'a request without credentials gets 401 with the published body',
  operations: OPERATION_IDS,
  mock: true,
  check: (x) => (x.spec.probe === 'missing-credentials' ? refusedAsPublished(x, 401, UNAUTHORIZED) : undefined),
});

export const unauthorizedInvalidCredentials = defineRule<Exchange>({
  name: 'unauthorized_invalid_credentials',
  area: 'auth',
  summary: 'an empty or unknown value, or a secret of the other kind (a session id as a key, a key as a session), in any credential form gets 401 with the published body',
  operations: OPERATION_IDS,
  mock: PRISM.noKeys,
  check: (x) => (x.spec.probe === 'invalid-credentials' ? refusedAsPublished(x, 401, UNAUTHORIZED) : undefined),
});

export const credentialsExact = defineRule<Exchange>({
  name: 'credentials_exact',
  area: 'auth',
  summary: 'a near miss of a valid secret gets 401 with the published body, in every form of its kind: its case swapped (whole, or one letter), a character appended (a letter, a full stop) or prepended, its last or first character removed, its middle one changed, its first half, its first half with another tail (the token is "an opaque string … treated like a password": only the string issued is it)',
  operations: OPERATION_IDS,
  mock: PRISM.noKeys,
  live: 'the session forms need CONFORMANCE_SESSION_ID, the limited key\'s near misses CONFORMANCE_LIMITED_TOKEN',
  check: (x) => {
    const credential = x.spec.credential;
    if (x.spec.probe !== 'near-miss' || credential === undefined || credential === 'none' || !('nearMiss' in credential) || !credential.nearMiss) return undefined;
    const verdict = refusedAsPublished(x, 401, UNAUTHORIZED);
    // Taken (a success, or a 403 that knows whose key it is): say what the compare that took it does wrong.
    const taken = isSuccess(x.status) || x.status === 403;
    return taken ? { ...verdict, message: `${verdict.message}: the near miss was taken for the secret — is it ${nearMissClass(credential.nearMiss).suggests}?` } : verdict;
  },
});

export const forbiddenLimitedKey = defineRule<Exchange>({
  name: 'forbidden_limited_key',
  area: 'auth',
  summary: 'a valid key without write permission gets 403 with the published body on every watchdog write',
  operations: WRITES,
  mock: PRISM.noKeys,
  live: 'needs CONFORMANCE_LIMITED_TOKEN (and CONFORMANCE_WRITES=1 for a real watchdog; on a made-up one a 404 only warns)',
  check: (x) => {
    if (x.spec.probe !== 'limited-key') return undefined;
    if (!asPublished(x)) {
      // In another form or spelling, the key may not be taken at all (a 401); it must never write.
      if (isSuccess(x.status)) return fail(`${x.spec.purpose}: answered ${x.status}: the key without write permission wrote`, { received: x.status, expected: 403 });
      if (x.status === 401) return pass(`${x.spec.purpose}: 401, this form is not taken`);
    }
    if (x.status === 404 && (x.spec.resource === 'unknown' || x.spec.madeUp?.some((input) => input.startsWith('path/')))) {
      return warn(`${x.spec.purpose}: 404 for a made-up ${x.spec.resource === 'unknown' ? 'watchdog (run with CONFORMANCE_WRITES=1 to use a real one)' : (x.spec.madeUp ?? []).join(', ')}; whether permission or existence is checked first is not published`);
    }
    return refusedAsPublished(x, 403, FORBIDDEN);
  },
});

export const credentialSpellingAccepted = defineRule<Exchange>({
  name: 'credential_spelling_accepted',
  area: 'auth',
  summary: 'a credential scheme spelled as real clients spell it (`bearer`, `token`, `session` in lower case: the scheme is case-insensitive, RFC 9110 §11.1) is accepted (warning only: the document shows one spelling; a 5xx is no_server_error\'s)',
  operations: OPERATION_IDS,
  mock: PRISM.noKeys,
  warnOnly: true,
  check: (x) => {
    if (x.spec.probe !== 'credential-spelling' || x.spec.credential === 'none' || !x.spec.credential?.spelling) return undefined;
    const spelled = `"${x.spec.credential.spelling.trim()}"`;
    if (!refusesCredential(x.status)) return pass(`${spelled}: accepted (${x.status})`);
    return warn(`${x.spec.purpose}: answered ${x.status}${said(x)}; the scheme is case-insensitive (RFC 9110 §11.1), but the document shows only "${formOf(x.spec.credential.scheme).prefix.trim()}"`, { received: x.status });
  },
});

/** The auth rules that judge one exchange, in report order. */
export const AUTH_EXCHANGE_RULES = [credentialFormAccepted, credentialSpellingAccepted, unauthorizedWithoutCredentials, unauthorizedInvalidCredentials, credentialsExact, forbiddenLimitedKey];

export interface FormAnswers {
  scheme: CredentialScheme;
  /** The status each operation answered the form with (a valid request otherwise). */
  answers: Array<{ operationId: string; status: number }>;
}

export const credentialFormAcceptedSomewhere = defineRule<FormAnswers>({
  name: 'credential_form_accepted_somewhere',
  area: 'auth',
  summary: 'each of the five published credential forms is accepted by at least one operation',
  // About the run as a whole: one line per run (`-`), not per operation.
  operations: [],
  mock: true,
  live: 'session forms need CONFORMANCE_SESSION_ID',
  check: ({ scheme, answers }) => {
    const label = formOf(scheme).label;
    const accepted = answers.filter((a) => !refusesCredential(a.status));
    return accepted.length
      ? pass(`${label}: accepted by ${accepted.map((a) => a.operationId).join(', ')}`)
      : fail(`${label}: refused by every operation tried (${answers.map((a) => `${a.operationId} ${a.status}`).join(', ')}); the published document lists it as an accepted form`, { received: answers });
  },
});
