// Deployments that refuse a valid secret in one published form and take it in the others: the key
// (or session) is fine, the form is the bug. Preflight must let the run go on (no set-up error),
// and the auth area must fail the form, whatever the seed.
import { publishedErrors } from '../../generated';
import { json, query } from '../edits';
import type { FaultCase, FaultSpec, Seen } from '../faulty';

const unauthorized = json(401, publishedErrors['401']);
const refusesWhen = (when: (s: Seen) => boolean): FaultSpec => ({ request: (s) => (when(s) ? unauthorized : s) });
const scheme = (s: Seen) => (s.headers.get('authorization') ?? '').split(' ')[0]!;

export const BROKEN_CREDENTIALS: FaultCase[] = [
  { name: 'the Bearer scheme refused everywhere (only "Token" configured, as DRF’s TokenAuthentication)', expect: ['credential_form_accepted', '*', 'fail'],
    spec: refusesWhen((s) => scheme(s) === 'Bearer') },
  { name: 'the session refused in the "Session" header form (only the cookie and the query read)', expect: ['credential_form_accepted', 'municipalitiesList', 'fail'],
    spec: refusesWhen((s) => scheme(s) === 'Session') },
  { name: 'the session refused in the query form everywhere (sessionid in the URL ignored)', expect: ['credential_form_accepted_somewhere', '-', 'fail'],
    spec: refusesWhen((s) => query(s).has('sessionid')) },
];
