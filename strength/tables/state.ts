// Realistic single bugs in lists, filters, the watchdog state and credentials, each in one
// operation: a published rule broken, which the suite must fail and name.
import { publishedErrors, type OperationId } from '../../generated';
import { authorizedAs, bodyOf, codePoints, contentTypeOf, editAnswer, formAsJson, isObject, isOk, json, municipalityFilterAs, query, recordOf, uuidOf, withJson, withoutParameter } from '../edits';
import { ask, SANDBOX_CREDENTIALS, type FaultCase, type FaultSpec, type Seen } from '../faulty';

type Body = Record<string, unknown>;
const body = bodyOf;
const record = recordOf;
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
const pageOf = (s: Seen) => Number(query(s).get('page') ?? '1');
const isList = (s: Seen) => s.op === 'municipalitiesList';
const isSearch = (s: Seen) => s.op === 'companiesSearch';
const contentType = contentTypeOf;

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
