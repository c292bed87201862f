// What the contract leaves open, as deployments with one choice each: the suite may warn, and
// must fail nothing (correct-deployment.test.ts; the matrix of variants.ts sweeps them).
import { authorizedAs, bodyOf, contentTypeOf, editAnswer, formAsJson, formField, isOk, json, query, recordOf } from '../../../strength/edits';
import { SANDBOX_CREDENTIALS, type FaultCase, type Seen } from '../../../strength/faulty';

type Body = Record<string, unknown>;
const body = bodyOf;
const record = recordOf;
const invalid = (error: string) => json(400, { error, code: 'invalid' });
const bearer = (token: string) => `Bearer ${token}`;
/** The request carries one of the full-access credentials, in any form. */
const hasFullAccess = (s: Seen) => {
  const { token, sessionId } = SANDBOX_CREDENTIALS;
  const authorization = s.headers.get('authorization') ?? '';
  return [bearer(token), `Token ${token}`, `Session ${sessionId}`].includes(authorization)
    || query(s).get('sessionid') === sessionId
    || (s.headers.get('cookie') ?? '').split(';').some((pair) => pair.trim() === `sessionid=${sessionId}`);
};
const isList = (s: Seen) => s.op === 'municipalitiesList';
const isSearch = (s: Seen) => s.op === 'companiesSearch';
const contentType = contentTypeOf;
const rateLimited = { count: 0 };

/** What the contract leaves open: warnings at most, nothing fails. */
export const OPEN: FaultCase[] = [
  { name: 'rate limited now and then (429 with Retry-After)', expect: ['response_received', 'municipalitiesList', 'pass'],
    spec: { request: (s) => (isList(s) && ++rateLimited.count % 25 === 0 ? json(429, { error: 'Too many requests', code: 'throttled' }, { 'retry-after': rateLimited.count < 100 ? '1' : '0' }) : s) } },
  { name: 'activate leaves is_active false', expect: ['watchdog_is_active_effect', 'watchdogsActivate', 'warn'],
    spec: { response: (s, a, sandbox) => {
      const r = s.op === 'watchdogsActivate' && isOk(a) ? record(sandbox, s) : undefined;
      if (r) r.isActive = false;
      return r ? editAnswer(a, (b) => void (b.is_active = false)) : a;
    } } },
  { name: 'refusals answer 422 instead of 400', expect: ['status_declared', 'watchdogsCreate', 'warn'],
    spec: { response: (s, a) => (a.status === 400 ? { ...a, status: 422 } : a) } },
  { name: 'company search answers 201', expect: ['status_declared', 'companiesSearch', 'warn'],
    spec: { response: (s, a) => (isSearch(s) && a.status === 200 ? { ...a, status: 201 } : a) } },
  { name: 'monitored companies come without registration_number', expect: ['listed_field_present', 'watchdogsSubscribe', 'warn'],
    spec: { response: (s, a) => (isOk(a) && Array.isArray((a.json as Body | undefined)?.monitored_companies) ? editAnswer(a, (b) => void (b.monitored_companies as Body[]).forEach((c) => delete c.registration_number)) : a) } },
  { name: 'the event path answers 404 for an event that does not exist', expect: ['valid_request_accepted', 'watchdogsEventsPartialUpdate', 'warn'],
    // Looked up after authentication and the watchdog, before anything is applied, as a view would.
    spec: { request: (s, sandbox) => (s.op === 'watchdogsEventsPartialUpdate' && hasFullAccess(s) && record(sandbox, s) ? json(404, { error: 'No such event', code: 'not_found' }) : s) } },
  { name: 'made-up tags are refused as unknown', expect: ['valid_request_accepted', '*', 'warn'], meets: ['lifecycle'],
    spec: { request: (s) => (s.op !== undefined && s.op.startsWith('watchdogs') && s.op !== 'watchdogsUnsubscribe' && Array.isArray(body(s).tags) && (body(s).tags as unknown[]).length ? invalid('tags: unknown tag') : s) } },
  { name: 'a search without criteria is refused', expect: ['valid_request_accepted', 'companiesSearch', 'warn'],
    spec: { request: (s) => (isSearch(s) && s.json !== null && typeof s.json === 'object' && Object.keys(s.json as Body).length === 0 ? invalid('give a name or registration number') : s) } },
  { name: 'activate requires name and prompt, as deactivate does', expect: ['valid_request_accepted', 'watchdogsActivate', 'warn'],
    spec: { request: (s) => (s.op === 'watchdogsActivate' && (!('name' in body(s)) || !('prompt' in body(s))) ? invalid('name and prompt are required') : s) } },
  // Checked after authentication and the body, as a view that validates before it looks at the state.
  ...([[409, 'conflict'], [400, 'invalid']] as const).map(([status, code]): FaultCase => ({
    name: `deactivate refuses an inactive watchdog with ${status} (from which states a transition starts is not published)`, expect: ['valid_request_accepted', 'watchdogsDeactivate', 'warn'],
    spec: { request: (s, sandbox) => {
      const r = s.op === 'watchdogsDeactivate' && hasFullAccess(s) ? record(sandbox, s) : undefined;
      return r && !r.isActive && typeof body(s).name === 'string' && typeof body(s).prompt === 'string' ? json(status, { error: 'The watchdog is already inactive', code }) : s;
    } },
  })),
  // A search input past its published bound, accepted: the search stores nothing, so refusing is optional (conformance/README.md, "What must be refused").
  { name: 'multipart search does not bound registration_number', expect: ['invalid_request_refused', 'companiesSearch', 'warn'],
    spec: { request: (s) => (isSearch(s) && contentType(s).startsWith('multipart/') && (formField(s, 'registration_number') ?? '').length > 100 ? formAsJson(s, (f) => void (f.registration_number = f.registration_number!.slice(0, 100))) : s) } },
  { name: 'form-encoded search does not bound the name', expect: ['invalid_request_refused', 'companiesSearch', 'warn'],
    spec: { request: (s) => (isSearch(s) && contentType(s).startsWith('application/x-www-form') && [...(formField(s, 'name') ?? '')].length > 512 ? formAsJson(s, (f) => void (f.name = [...f.name!].slice(0, 512).join(''))) : s) } },
  { name: 'activate clears the companies', expect: ['watchdog_activate_consistent', 'watchdogsActivate', 'warn'],
    spec: { response: (s, a, sandbox) => {
      const r = s.op === 'watchdogsActivate' && isOk(a) ? record(sandbox, s) : undefined;
      if (r) r.companies = [];
      return r ? editAnswer(a, (b) => void Object.assign(b, { companies: [], monitored_companies: [], monitored_company_count: 0 })) : a;
    } } },
];

export const rateLimitedCount = () => rateLimited.count;
