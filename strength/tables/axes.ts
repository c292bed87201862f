// Realistic single bugs along the axes of a request beyond its values (conformance/cases/axes/, the auth
// spellings, the data spellings, the write states): the method, the path's spelling, the headers
// a server reads, the media type and its parameters, the body's size, a parameter's multiplicity,
// values from the data in another legal spelling, each write in each watchdog state, the resource
// a write answers, the links a list serves. Each is found whatever the seed.
import type { Sandbox } from '../../sandbox';
import { authorizedAs, bodyOf, contentTypeOf, editAnswer, isObject, isOk, json, query, recordOf, serverError, uuidOf, withJson } from '../edits';
import { SANDBOX_CREDENTIALS, type FaultCase, type FaultSpec, type Seen } from '../faulty';

type Body = Record<string, unknown>;
const body = bodyOf;
const contentType = contentTypeOf;
const LIST_PATH = '/api/v1/municipalities/';
const isList = (s: Seen) => s.op === 'municipalitiesList';
const crashesWhen = (when: (s: Seen) => boolean): FaultSpec => ({ request: (s) => (when(s) ? serverError : s) });
/** The first watchdog each deployment created: what a `.first()` instead of `.get(uuid)` answers. */
const firstCreated = new WeakMap<Sandbox, string>();

export const BROKEN_AXES: FaultCase[] = [
  // The method: every method a server may receive on a published path.
  { name: 'HEAD on the municipality list crashes (the view reads the body it does not build)', expect: ['no_server_error', 'municipalitiesList', 'fail'],
    spec: crashesWhen((s) => s.method === 'HEAD' && s.url.pathname === LIST_PATH) },
  { name: 'OPTIONS on subscribe crashes (a metadata view that introspects the serializer)', expect: ['no_server_error', 'watchdogsSubscribe', 'fail'],
    spec: crashesWhen((s) => s.method === 'OPTIONS' && s.url.pathname.endsWith('/subscribe/')) },

  // The path's legal spellings.
  { name: 'activate crashes on an upper-case watchdog UUID in the path', expect: ['no_server_error', 'watchdogsActivate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsActivate' && /[A-F]/.test(uuidOf(s))) },
  { name: 'a POST without the trailing slash crashes (APPEND_SLASH cannot redirect a POST)', expect: ['no_server_error', 'watchdogsCreate', 'fail'],
    spec: crashesWhen((s) => s.method === 'POST' && s.url.pathname === '/api/v1/watchdogs') },

  // The headers a server reads.
  { name: 'Accept: */* gets the browsable HTML page', expect: ['content_type_json', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && s.headers.get('accept') === '*/*' ? { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, text: '<html><body>Municipality List</body></html>' } : s) } },
  { name: 'a lower-case bearer scheme crashes create (split on "Bearer ")', expect: ['no_server_error', 'watchdogsCreate', 'fail'], meets: ['auth'],
    spec: crashesWhen((s) => s.op === 'watchdogsCreate' && (s.headers.get('authorization') ?? '').startsWith('bearer ')) },
  { name: 'the limited key in the Token form may subscribe (permissions checked for Bearer only)', expect: ['forbidden_limited_key', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsSubscribe' && s.headers.get('authorization') === `Token ${SANDBOX_CREDENTIALS.limitedToken}` ? authorizedAs(s, `Token ${SANDBOX_CREDENTIALS.token}`) : s) } },
  { name: 'the limited key spelled "bearer" may activate (scopes read for "Bearer" only)', expect: ['forbidden_limited_key', 'watchdogsActivate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsActivate' && s.headers.get('authorization') === `bearer ${SANDBOX_CREDENTIALS.limitedToken}` ? authorizedAs(s, `Bearer ${SANDBOX_CREDENTIALS.token}`) : s) } },

  // The media type and its parameters.
  { name: 'deactivate crashes on charset=iso-8859-1 (an unknown codec lookup)', expect: ['no_server_error', 'watchdogsDeactivate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsDeactivate' && /charset=iso-8859-1/i.test(contentType(s))) },
  { name: 'PATCH compares the content type as a string: charset=UTF-8 gets 415', expect: ['valid_request_accepted', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && /charset=UTF-8/.test(contentType(s)) ? json(415, { error: 'Unsupported media type', code: 'unsupported_media_type' }) : s) } },
  { name: 'a form search with charset=UTF-8 crashes (the form parser matches the type exactly)', expect: ['no_server_error', 'companiesSearch', 'fail'],
    spec: crashesWhen((s) => s.op === 'companiesSearch' && contentType(s).startsWith('application/x-www-form-urlencoded;')) },
  { name: 'a quoted multipart boundary crashes search (the quotes kept as part of the boundary)', expect: ['error_body_shape', 'companiesSearch', 'fail'],
    spec: { request: (s) => (s.op === 'companiesSearch' && contentType(s).includes('boundary="') ? { status: 400, headers: { 'content-type': 'text/plain' }, text: 'Multipart: Boundary not found' } : s) } },

  // The body's size.
  { name: 'a 1 MiB body crashes PATCH (the body parser’s limit raises past the error handler)', expect: ['no_server_error', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsEventsPartialUpdate' && s.text.length > 1_000_000) },

  // Each parameter's multiplicity.
  { name: 'page given twice crashes the list (int() of a list)', expect: ['no_server_error', 'municipalitiesList', 'fail'],
    spec: crashesWhen((s) => isList(s) && query(s).getAll('page').length > 1) },
  { name: 'uuid keeps its first 10 values (an IN clause capped)', expect: ['filter_uuid', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      const uuids = query(s).getAll('uuid');
      if (!isList(s) || uuids.length <= 10) return s;
      const url = new URL(s.url);
      url.searchParams.delete('uuid');
      for (const uuid of uuids.slice(0, 10)) url.searchParams.append('uuid', uuid);
      return { ...s, url };
    } } },

  // Values from the deployment's data, in another legal spelling.
  { name: 'an upper-case uuid filter matches nothing (compared as text)', expect: ['filter_uuid', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => {
      const uuids = query(s).getAll('uuid');
      if (!isList(s) || !isOk(a) || !uuids.some((u) => u !== u.toLowerCase())) return a;
      return editAnswer(a, (b) => {
        b.results = (b.results as Body[]).filter((m) => uuids.includes(String(m.uuid)));
        b.count = (b.results as Body[]).length;
      });
    } } },

  // Each write with each subset of its optional fields, on a watchdog in each state.
  { name: 'a PATCH with only is_active resets the companies', expect: ['watchdog_patch_applied', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsEventsPartialUpdate' && Object.keys(body(s)).join() === 'is_active' ? withJson(s, (b) => void (b.companies = [])) : s) } },
  { name: 'a PATCH of companies on an active watchdog drops its tags (subscriptions rebuilt)', expect: ['watchdog_patch_applied', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: { request: (s, sandbox) => (s.op === 'watchdogsEventsPartialUpdate' && 'companies' in body(s) && !('tags' in body(s)) && recordOf(sandbox, s)?.isActive ? withJson(s, (b) => void (b.tags = [])) : s) } },
  { name: 'subscribe on an inactive watchdog is ignored', expect: ['watchdog_subscribe_applied', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s, sandbox) => {
      const r = s.op === 'watchdogsSubscribe' ? recordOf(sandbox, s) : undefined;
      return r && !r.isActive && isObject(s.json) ? json(200, sandbox.state.watchdogs.view(r)) : s;
    } } },
  { name: 'unsubscribe on an inactive watchdog removes every company and tag', expect: ['watchdog_unsubscribe_applied', 'watchdogsUnsubscribe', 'fail'],
    spec: { request: (s, sandbox) => {
      const r = s.op === 'watchdogsUnsubscribe' ? recordOf(sandbox, s) : undefined;
      return r && !r.isActive && isObject(s.json) ? withJson(s, (b) => void Object.assign(b, { companies: [...r.companies], tags: [...r.tags] })) : s;
    } } },

  // The resource a write answers.
  { name: 'subscribe answers the first watchdog created (.first() instead of .get(uuid))', expect: ['addressed_resource_answered', 'watchdogsSubscribe', 'fail'], meets: ['lifecycle'],
    spec: { response: (s, a, sandbox) => {
      if (s.op === 'watchdogsCreate' && isOk(a) && isObject(a.json) && !firstCreated.has(sandbox)) firstCreated.set(sandbox, String(a.json.uuid));
      const first = firstCreated.get(sandbox);
      if (s.op !== 'watchdogsSubscribe' || !isOk(a) || !first || first === uuidOf(s).toLowerCase()) return a;
      return json(200, sandbox.state.watchdogs.view(sandbox.state.watchdogs.get(first)));
    } } },

  // The links a list serves work as served.
  { name: 'the last page serves a next link past the end (count rounded up twice)', expect: ['served_link_works', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => {
      const page = Number(query(s).get('page') ?? '1');
      if (!isList(s) || !isOk(a) || page < 2 || (a.json as Body | undefined)?.next !== null) return a;
      const next = new URL(s.url);
      next.searchParams.set('page', String(page + 1));
      return editAnswer(a, (b) => void (b.next = next.href));
    } } },
];
