// Realistic single bugs in answers and in what a deployment accepts, each in one operation or one
// class of input: a published rule broken, which the suite must fail and name.
import { bodyOf, codePoints, contentTypeOf, editAnswer, formField, isObject, isOk, json, query, serverError, utf8Bytes, UUID, withJson, withoutParameter } from '../edits';
import type { FaultCase, Seen } from '../faulty';

type Body = Record<string, unknown>;
const body = bodyOf;
const invalid = (error: string) => json(400, { error, code: 'invalid' });
const isList = (s: Seen) => s.op === 'municipalitiesList';
const isSearch = (s: Seen) => s.op === 'companiesSearch';
const contentType = contentTypeOf;
const hasUpper = (values: unknown) => Array.isArray(values) && values.some((v) => typeof v === 'string' && v !== v.toLowerCase());

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
