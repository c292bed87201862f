// Realistic single bugs, each in one operation or one class of input, and the rule × operation
// the suite must report: FAIL for a published rule broken; WARN (with nothing failing) for what
// the contract leaves open. The sandbox with the bug is the deployment (support/faults.ts).
import { publishedErrors, type OperationId } from '../../../generated';
import { isObject } from '../../engine/request';
import { SANDBOX_CREDENTIALS } from './sandbox';
import {
  ask,
  authorizedAs,
  UUID,
  bodyOf,
  codePoints,
  contentTypeOf,
  editAnswer,
  formAsJson,
  formField,
  isOk,
  json,
  municipalityFilterAs,
  query,
  recordOf,
  serverError,
  utf8Bytes,
  uuidOf,
  withJson,
  withoutParameter,
  type FaultSpec,
  type Seen,
} from './faults';

export interface FaultCase {
  name: string;
  spec: FaultSpec;
  /** The fault reads how the request was framed: the run reaches it over loopback HTTP (support/faults.ts, deployed). */
  overHttp?: true;
  /** The rule × operation line the suite must report (`*`: on some operation). */
  expect: [rule: string, operationId: string, outcome: 'fail' | 'warn' | 'pass'];
}

type Body = Record<string, unknown>;
const body = bodyOf;
const record = recordOf;
const invalid = (error: string) => json(400, { error, code: 'invalid' });
const bearer = (token: string) => `Bearer ${token}`;
/** A deployment that takes the limited key for the full one on operation `op`. */
const limitedKeyWrites = (op: OperationId): FaultSpec => ({
  request: (s) => {
    if (s.op !== op || s.headers.get('authorization') !== bearer(SANDBOX_CREDENTIALS.limitedToken)) return s;
    const headers = new Headers(s.headers);
    headers.set('authorization', bearer(SANDBOX_CREDENTIALS.token));
    return { ...s, headers };
  },
});
/** The request carries one of the full-access credentials, in any form. */
const hasFullAccess = (s: Seen) => {
  const { token, sessionId } = SANDBOX_CREDENTIALS;
  const authorization = s.headers.get('authorization') ?? '';
  return [bearer(token), `Token ${token}`, `Session ${sessionId}`].includes(authorization)
    || query(s).get('sessionid') === sessionId
    || (s.headers.get('cookie') ?? '').split(';').some((pair) => pair.trim() === `sessionid=${sessionId}`);
};
const pageOf = (s: Seen) => Number(query(s).get('page') ?? '1');
const isList = (s: Seen) => s.op === 'municipalitiesList';
const isSearch = (s: Seen) => s.op === 'companiesSearch';
const contentType = contentTypeOf;
const hasUpper = (values: unknown) => Array.isArray(values) && values.some((v) => typeof v === 'string' && v !== v.toLowerCase());
const rateLimited = { count: 0 };

/** A published rule broken: the suite fails and names it. Responses and inputs here. */
export const BROKEN_INPUTS: FaultCase[] = [
  // No request is answered with a 5xx.
  { name: 'activate crashes on an upper-case company UUID', expect: ['no_server_error', 'watchdogsActivate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsActivate' && hasUpper(body(s).companies) ? serverError : s) } },
  { name: 'the municipality list crashes when q holds a % (unescaped LIKE)', expect: ['no_server_error', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && (query(s).get('q') ?? '').includes('%') ? serverError : s) } },
  { name: 'company search crashes on an apostrophe in the name (SQL built by hand)', expect: ['no_server_error', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && String(body(s).name ?? formField(s, 'name') ?? '').includes("'") ? serverError : s) } },
  { name: 'PATCH crashes on an upper-case tag UUID', expect: ['no_server_error', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && hasUpper(body(s).tags) ? serverError : s) } },
  { name: 'create crashes when the name exceeds 255 bytes (a column sized in bytes)', expect: ['no_server_error', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && utf8Bytes(body(s).name) > 255 ? serverError : s) } },
  { name: 'subscribe crashes on a company named twice in one body (a unique constraint hit twice)', expect: ['no_server_error', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s) => {
      const companies = body(s).companies;
      return s.op === 'watchdogsSubscribe' && Array.isArray(companies) && new Set(companies.map((c) => String(c).toLowerCase())).size < companies.length ? serverError : s;
    } } },
  { name: 'the event path crashes on an event that is not a UUID (uuid.UUID() unguarded; the event is published as a string)', expect: ['no_server_error', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && !UUID.test(s.url.pathname.split('/')[6] ?? '') ? serverError : s) } },
  { name: 'the event path crashes on a NUL character in the prompt', expect: ['no_server_error', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && String(body(s).prompt ?? '').includes('\u0000') ? serverError : s) } },

  // Every 4xx is {error, code} in JSON; every 2xx with a body is JSON.
  { name: 'an unknown watchdog gets an HTML 404 page', expect: ['error_body_shape', 'watchdogsSubscribe', 'fail'],
    spec: { response: (s, a) => (s.op === 'watchdogsSubscribe' && a.status === 404 ? { status: 404, headers: { 'content-type': 'text/html' }, text: '<h1>Not Found</h1>' } : a) } },
  { name: 'a refused method gets an empty 405', expect: ['error_body_shape', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => (a.status === 405 && s.url.pathname === '/api/v1/municipalities/' ? { status: 405, headers: { allow: 'GET' }, text: '' } : a) } },
  { name: 'form-encoded search refusals in the framework’s own shape', expect: ['error_body_shape', 'companiesSearch', 'fail'],
    spec: { response: (s, a) => (isSearch(s) && a.status === 400 && contentType(s).startsWith('application/x-www-form') ? json(400, { name: ['Ensure this field has no more than 512 characters.'] }) : a) } },
  { name: 'company search labelled text/plain', expect: ['content_type_json', 'companiesSearch', 'fail'],
    spec: { response: (s, a) => (isSearch(s) && isOk(a) ? { ...a, headers: { ...a.headers, 'content-type': 'text/plain' } } : a) } },
  { name: 'a population serialised as a string', expect: ['body_matches_schema', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => (isList(s) && isOk(a) ? editAnswer(a, (b) => void ((b.results as Body[])[0] && ((b.results as Body[])[0]!.population = '746'))) : a) } },

  // Every published bound holds both ways on every operation that takes the field.
  { name: 'PATCH refuses a name of exactly 200 characters (>= instead of >)', expect: ['valid_request_accepted', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && codePoints(body(s).name) === 200 ? invalid('name: too long') : s) } },
  { name: 'activate does not check the name length', expect: ['invalid_request_refused', 'watchdogsActivate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsActivate' && codePoints(body(s).name) > 200 ? withJson(s, (b) => void (b.name = [...String(b.name)].slice(0, 200).join(''))) : s) } },
  { name: 'create counts the name in UTF-8 bytes', expect: ['valid_request_accepted', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && utf8Bytes(body(s).name) > 200 ? invalid('name: too long') : s) } },
  { name: 'deactivate counts the name in UTF-16 units', expect: ['valid_request_accepted', 'watchdogsDeactivate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsDeactivate' && String(body(s).name ?? '').length > 200 ? invalid('name: too long') : s) } },
  { name: 'subscribe does not check the format of tags', expect: ['invalid_request_refused', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsSubscribe' && Array.isArray(body(s).tags) ? withJson(s, (b) => void (b.tags = (b.tags as unknown[]).filter((t) => typeof t === 'string' && /^[0-9a-f-]{36}$/i.test(t)))) : s) } },
  { name: 'unsubscribe skips null company entries', expect: ['invalid_request_refused', 'watchdogsUnsubscribe', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsUnsubscribe' && Array.isArray(body(s).companies) ? withJson(s, (b) => void (b.companies = (b.companies as unknown[]).filter((c) => c !== null))) : s) } },
  { name: 'create does not bound the name when companies are given (another serializer for that case)', expect: ['invalid_request_refused', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && Array.isArray(body(s).companies) && codePoints(body(s).name) > 200 ? withJson(s, (b) => void (b.name = [...String(b.name)].slice(0, 200).join(''))) : s) } },
  { name: 'deactivate does not require the prompt', expect: ['invalid_request_refused', 'watchdogsDeactivate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsDeactivate' && isObject(s.json) && !('prompt' in s.json) ? withJson(s, (b) => void (b.prompt = 'default prompt')) : s) } },
  { name: 'PATCH reads a body that is not an object as no change', expect: ['invalid_request_refused', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && Array.isArray(s.json) ? withJson(s, () => ({})) : s) } },
  { name: 'an official_role outside the enum is ignored', expect: ['invalid_request_refused', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && query(s).has('official_role') && !['mayor', 'vice_mayor', 'municipal_office_director', 'municipal_councillor', 'municipal_official', ''].includes(query(s).get('official_role')!) ? withoutParameter(s, 'official_role') : s) } },
  { name: 'create takes any non-empty is_active as true', expect: ['invalid_request_refused', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && typeof body(s).is_active === 'string' && body(s).is_active !== '' ? withJson(s, (b) => void (b.is_active = true)) : s) } },
  { name: 'the status value "Insolvency Proceeding" (with a space) is refused in search', expect: ['valid_request_accepted', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && [body(s).status, formField(s, 'status'), ...query(s).getAll('status')].includes('Insolvency Proceeding') ? invalid('status: not a choice') : s) } },

];

/** Broken rules about lists, filters, the watchdog state and credentials. */
export const BROKEN_STATE: FaultCase[] = [
  // Lists under every filter, in every form, and combined.
  { name: 'a repeated country_code keeps only its last value', expect: ['filter_country_code', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      const codes = query(s).getAll('country_code');
      if (!isList(s) || codes.length < 2) return s;
      const url = new URL(s.url);
      url.searchParams.delete('country_code');
      url.searchParams.append('country_code', codes[codes.length - 1]!);
      return { ...s, url };
    } } },
  { name: 'country_code_exclude is ignored', expect: ['filter_country_code_exclude', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) ? withoutParameter(s, 'country_code_exclude') : s) } },
  { name: 'district matches the code only, not the name', expect: ['filter_district', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => {
      const district = query(s).get('district')?.toLowerCase();
      if (!isList(s) || !district || !isOk(a)) return a;
      return editAnswer(a, (b) => {
        b.results = (b.results as Body[]).filter((m) => String(m.district_code ?? '').toLowerCase() === district);
        b.count = (b.results as Body[]).length;
      });
    } } },
  { name: 'filtered lists report the unfiltered count', expect: ['filter_official_role', 'municipalitiesList', 'fail'],
    spec: { response: (s, a, sandbox) => (isList(s) && query(s).has('official_role') && isOk(a) ? editAnswer(a, (b) => void (b.count = sandbox.state.municipalities.length)) : a) } },
  { name: 'next drops the filters of the query', expect: ['filter_country_code_exclude', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => (isList(s) && isOk(a) ? editAnswer(a, (b) => void (typeof b.next === 'string' && (b.next = `${s.url.origin}${s.url.pathname}?page=${pageOf(s) + 1}`))) : a) } },
  { name: 'previous of page 3 leads to page 1', expect: ['next_previous_links', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => (isList(s) && isOk(a) && pageOf(s) === 3 ? editAnswer(a, (b) => void (typeof b.previous === 'string' && (b.previous = b.previous.replace('page=2', 'page=1')))) : a) } },
  { name: 'search links are relative (the path built without the host)', expect: ['envelope_fields', 'companiesSearch', 'fail'],
    spec: { response: (s, a) => (isSearch(s) && isOk(a) ? editAnswer(a, (b) => {
      for (const link of ['next', 'previous']) if (typeof b[link] === 'string') b[link] = new URL(b[link] as string).pathname + new URL(b[link] as string).search;
    }) : a) } },
  { name: 'the last page repeats the last item of the page before (offset off by one)', expect: ['pages_disjoint', 'companiesSearch', 'fail'],
    spec: { response: async (s, a, sandbox) => {
      if (!isSearch(s) || !isOk(a) || pageOf(s) < 2 || (a.json as Body).next !== null) return a;
      const before = new URL(s.url);
      before.searchParams.set('page', String(pageOf(s) - 1));
      const previous = ((await ask(sandbox, s, before)).json as { results: Body[] }).results;
      return editAnswer(a, (b) => void ((b.results as Body[])[0] = previous[previous.length - 1]!));
    } } },
  { name: 'multipart search ignores registration_number', expect: ['search_by_registration_number', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && contentType(s).startsWith('multipart/') ? formAsJson(s, (f) => void delete f.registration_number) : s) } },
  { name: 'form-encoded search ignores status', expect: ['search_by_status', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && contentType(s).startsWith('application/x-www-form') ? formAsJson(s, (f) => void delete f.status) : s) } },
  { name: 'official_role=vice_mayor finds mayors (a mapping slip)', expect: ['filter_official_role', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && query(s).get('official_role') === 'vice_mayor' ? { ...s, url: new URL(s.url.href.replace('official_role=vice_mayor', 'official_role=mayor')) } : s) } },
  { name: 'a repeated uuid keeps only its first value', expect: ['filter_uuid', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      const uuids = query(s).getAll('uuid');
      if (!isList(s) || uuids.length < 2) return s;
      const url = new URL(s.url);
      url.searchParams.delete('uuid');
      url.searchParams.append('uuid', uuids[0]!);
      return { ...s, url };
    } } },
  { name: 'status matches as a substring (icontains: `G` finds `SG` and `MG`)', expect: ['filter_status', 'municipalitiesList', 'fail'],
    spec: municipalityFilterAs('status', (m, values) => m.status.toLowerCase().includes(values[values.length - 1]!.toLowerCase())) },
  { name: 'official_code compared with lau_code (a municipality without one is never found)', expect: ['filter_official_code', 'municipalitiesList', 'fail'],
    spec: municipalityFilterAs('official_code', (m, values) => values.includes(String(m.lau_code))) },
  { name: 'official_role ignored when country_code is given (one filter dict overwritten)', expect: ['filter_combination', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && query(s).has('country_code') ? withoutParameter(s, 'official_role') : s) } },
  { name: 'country_code_exclude ignored when another filter is given (a fresh queryset per filter)', expect: ['filter_combination', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && [...query(s).keys()].some((k) => !['page', 'sessionid', 'country_code_exclude'].includes(k)) ? withoutParameter(s, 'country_code_exclude') : s) } },
  { name: 'a combination of filters keeps what either keeps (OR instead of AND)', expect: ['filter_combination', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      const names = [...new Set([...query(s).keys()].filter((k) => k !== 'page'))];
      if (!isList(s) || names.length < 2) return s;
      return withoutParameter(s, names[1]!);
    } } },

  // Watchdog writes against the model of the expected state.
  { name: 'PATCH clears tags when companies are sent without them', expect: ['watchdog_patch_applied', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && 'companies' in body(s) && !('tags' in body(s)) ? withJson(s, (b) => void (b.tags = [])) : s) } },
  { name: 'PATCH resets is_active to true when it is omitted', expect: ['watchdog_patch_applied', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && isObject(s.json) && !('is_active' in s.json) ? withJson(s, (b) => void (b.is_active = true)) : s) } },
  { name: 'subscribe replaces the companies instead of adding to them', expect: ['watchdog_subscribe_applied', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s, sandbox) => {
      const r = s.op === 'watchdogsSubscribe' && Array.isArray(body(s).companies) && (body(s).companies as unknown[]).length ? record(sandbox, s) : undefined;
      if (r) r.companies = [];
      return s;
    } } },
  { name: 'unsubscribe removes every tag when it is given any', expect: ['watchdog_unsubscribe_applied', 'watchdogsUnsubscribe', 'fail'],
    spec: { request: (s, sandbox) => {
      const r = s.op === 'watchdogsUnsubscribe' && Array.isArray(body(s).tags) && (body(s).tags as unknown[]).length ? record(sandbox, s) : undefined;
      return r ? withJson(s, (b) => void (b.tags = [...r.tags])) : s;
    } } },
  { name: 'monitored_companies is not recomputed after unsubscribe', expect: ['monitored_companies_match', 'watchdogsUnsubscribe', 'fail'],
    spec: {
      request: (s, sandbox) => {
        const r = s.op === 'watchdogsUnsubscribe' ? record(sandbox, s) : undefined;
        if (r) stale.set(r.uuid, sandbox.state.watchdogs.view(r).monitored_companies);
        return s;
      },
      response: (s, a) => (s.op === 'watchdogsUnsubscribe' && isOk(a) && stale.has(uuidOf(s)) ? editAnswer(a, (b) => void (b.monitored_companies = stale.get(uuidOf(s)))) : a),
    } },
  { name: 'create ignores is_active false', expect: ['watchdog_create_applied', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && body(s).is_active === false ? withJson(s, (b) => void delete b.is_active) : s) } },
  { name: 'create cuts the prompt at 1000 characters (a column sized without a published bound)', expect: ['watchdog_create_applied', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && codePoints(body(s).prompt) > 1000 ? withJson(s, (b) => void (b.prompt = [...String(b.prompt)].slice(0, 1000).join(''))) : s) } },
  { name: 'create stores a watchdog without companies as inactive, is_active true notwithstanding (a business rule in the serializer)', expect: ['watchdog_create_applied', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && body(s).is_active === true && !(body(s).companies as unknown[] | undefined)?.length ? withJson(s, (b) => void (b.is_active = false)) : s) } },
  { name: 'create drops the tags', expect: ['watchdog_create_applied', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsCreate' && Array.isArray(body(s).tags) && (body(s).tags as unknown[]).length ? withJson(s, (b) => void delete b.tags) : s) } },

  // Credentials.
  { name: 'the Token form is refused on the municipality list', expect: ['credential_form_accepted', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && (s.headers.get('authorization') ?? '').startsWith('Token ') ? json(401, publishedErrors['401']) : s) } },
  { name: 'the session cookie is read only when it is the only cookie', expect: ['credential_form_accepted', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => {
      if (!(s.headers.get('cookie') ?? '').includes(';')) return s;
      const headers = new Headers(s.headers);
      headers.delete('cookie');
      return { ...s, headers };
    } } },
  { name: 'an empty Bearer value reads the municipality list', expect: ['unauthorized_invalid_credentials', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      if (!isList(s) || s.headers.get('authorization')?.trim() !== 'Bearer') return s;
      const headers = new Headers(s.headers);
      headers.set('authorization', bearer(SANDBOX_CREDENTIALS.token));
      return { ...s, headers };
    } } },
  { name: 'an unknown session id in the query reads company search', expect: ['unauthorized_invalid_credentials', 'companiesSearch', 'fail'],
    spec: { request: (s) => {
      const sid = query(s).get('sessionid');
      if (!isSearch(s) || !sid || sid === SANDBOX_CREDENTIALS.sessionId) return s;
      const url = new URL(s.url);
      url.searchParams.set('sessionid', SANDBOX_CREDENTIALS.sessionId);
      return { ...s, url };
    } } },
  { name: 'a key with characters appended is taken (a hand-written constant-time compare over the stored key’s length only)', expect: ['credentials_exact', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      const [, scheme, key] = /^(Bearer|Token) (\S+)$/.exec(s.headers.get('authorization') ?? '') ?? [];
      const { token } = SANDBOX_CREDENTIALS;
      return key && key !== token && key.startsWith(token) ? authorizedAs(s, `${scheme} ${token}`) : s;
    } } },
  { name: 'the 401 body is the framework’s English message', expect: ['unauthorized_without_credentials', 'watchdogsDeactivate', 'fail'],
    spec: { response: (s, a) => (a.status === 401 ? json(401, { error: 'Authentication credentials were not provided.', code: 'unauthorized' }) : a) } },
  { name: 'the limited key may PATCH', expect: ['forbidden_limited_key', 'watchdogsEventsPartialUpdate', 'fail'], spec: limitedKeyWrites('watchdogsEventsPartialUpdate') },
  { name: 'the limited key may unsubscribe', expect: ['forbidden_limited_key', 'watchdogsUnsubscribe', 'fail'], spec: limitedKeyWrites('watchdogsUnsubscribe') },
  { name: 'activate without credentials answers 403', expect: ['unauthorized_without_credentials', 'watchdogsActivate', 'fail'],
    spec: { response: (s, a) => (s.op === 'watchdogsActivate' && a.status === 401 && !s.headers.has('authorization') && !s.headers.has('cookie') && !query(s).has('sessionid') ? json(403, publishedErrors['403']) : a) } },
];

/** Snapshots for the stale monitored_companies fault. */
const stale = new Map<string, unknown>();

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
  { name: 'made-up tags are refused as unknown', expect: ['valid_request_accepted', '*', 'warn'],
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
