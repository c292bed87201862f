import { contentTypeOf, editAnswer, isObject, isOk, json, query } from '../edits';
import type { FaultCase, Seen } from '../faulty';
// Realistic single bugs that only a request sent another equivalent way shows (the catalogue,
// cases/equivalence/catalogue.ts), and bugs of HTTP's own semantics the contract relies on: each
// from a real framework or stack, each found on every seed by the rule that names it.

const isList = (s: Seen) => s.op === 'municipalitiesList';
const isSearch = (s: Seen) => s.op === 'companiesSearch';
const withQuery = (s: Seen, search: string): Seen => {
  const url = new URL(s.url);
  url.search = search;
  return { ...s, url };
};
/** DRF's answer to a body it could not parse. */
const parseError = (detail: string) => json(400, { error: `JSON parse error - ${detail}`, code: 'parse_error' });

export const BROKEN_EQUIVALENCES: FaultCase[] = [
  // The body's framing.
  { name: 'a create sent chunked is read as empty (a WSGI view reads CONTENT_LENGTH bytes): 400 "name required"', expect: ['equivalent_requests_answered_alike', 'watchdogsCreate', 'fail'], overHttp: true,
    spec: { request: (s) => (s.op === 'watchdogsCreate' && s.headers.get('transfer-encoding') === 'chunked' && !s.headers.has('content-length') ? json(400, { error: 'name: This field is required.', code: 'required' }) : s) } },

  // How the JSON is written.
  { name: 'subscribe refuses a body that does not start with "{" (a check before the parser): a line break before it gets 400', expect: ['equivalent_requests_answered_alike', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsSubscribe' && contentTypeOf(s).startsWith('application/json') && !s.text.startsWith('{') && !s.text.startsWith('\ufeff') ? parseError('Expecting value: line 1 column 1 (char 0)') : s) } },
  { name: 'activate reads the name as the body’s first member (a streaming reader that stops there): members in another order get 400', expect: ['equivalent_requests_answered_alike', 'watchdogsActivate', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsActivate' && isObject(s.json) && 'name' in s.json && Object.keys(s.json)[0] !== 'name' ? json(400, { error: 'name: This field is required.', code: 'required' }) : s) } },
  { name: 'create cuts name and prompt from the JSON text with a regular expression: `\\u0063` and `\\/` stored as typed', expect: ['equivalent_requests_answered_alike', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => {
      if (s.op !== 'watchdogsCreate' || !isObject(s.json) || !/\\[u/]/.test(s.text)) return s;
      const typed = (field: string) => new RegExp(`"${field}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`).exec(s.text)?.[1];
      const edited = { ...s.json, ...Object.fromEntries(['name', 'prompt'].flatMap((f) => (typed(f) === undefined ? [] : [[f, typed(f)]]))) };
      return { ...s, json: edited, text: JSON.stringify(edited) };
    } } },

  // How the media type is written.
  { name: 'a search labelled Application/JSON is refused with 415 (the media type compared as a string)', expect: ['equivalent_requests_answered_alike', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && /^application\/json/i.test(contentTypeOf(s)) && !contentTypeOf(s).startsWith('application/json') ? json(415, { error: `Unsupported media type "${contentTypeOf(s)}" in request.`, code: 'unsupported_media_type' }) : s) } },
  { name: 'a multipart search whose boundary is quoted (as .NET’s HttpClient sends it) is refused with 400', expect: ['equivalent_requests_answered_alike', 'companiesSearch', 'fail'],
    spec: { request: (s) => (isSearch(s) && /boundary="/.test(contentTypeOf(s)) ? json(400, { error: 'Multipart form parse error - Invalid boundary in multipart: None', code: 'parse_error' }) : s) } },

  // How the query is written.
  { name: '?country_code=AT&country_code=AT counts AT twice (COUNT over a join per value; the page DISTINCT)', expect: ['equivalent_requests_answered_alike', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => {
      const codes = query(s).getAll('country_code');
      return isList(s) && isOk(a) && new Set(codes).size < codes.length ? editAnswer(a, (b) => void (b.count = Number(b.count) * 2)) : a;
    } } },
  { name: 'percent-encodings decoded in upper case only (a hand-written decoder): %c3%bc stays as typed', expect: ['equivalent_requests_answered_alike', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      const lower = (escape: string) => /[a-f]/.test(escape);
      return isList(s) && (s.url.search.match(/%[0-9a-fA-F]{2}/g) ?? []).some(lower) ? withQuery(s, s.url.search.replace(/%[0-9a-fA-F]{2}/g, (escape) => (lower(escape) ? `%25${escape.slice(1)}` : escape))) : s;
    } } },
  { name: 'the query decoded as a URI, not a form (java.net.URI): a + stays a plus', expect: ['equivalent_requests_answered_alike', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && s.url.search.includes('+') ? withQuery(s, s.url.search.replace(/\+/g, '%2B')) : s) } },

  // Where the credential stands among its neighbours.
  { name: 'the session id found only as the first query parameter (the query string matched with ^sessionid=)', expect: ['equivalent_requests_answered_alike', 'municipalitiesList', 'fail'],
    spec: { request: (s) => {
      if (!query(s).has('sessionid') || s.url.search.startsWith('?sessionid=')) return s;
      const url = new URL(s.url);
      url.searchParams.delete('sessionid');
      return { ...s, url };
    } } },
  { name: 'the session cookie looked up as the first "sessionid=" in the Cookie header: csrf_sessionid taken for it', expect: ['equivalent_requests_answered_alike', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s) => {
      const cookie = s.headers.get('cookie');
      const value = cookie && /sessionid=([^;]*)/.exec(cookie)?.[1];
      if (!cookie || value === undefined) return s;
      const headers = new Headers(s.headers);
      headers.set('cookie', `sessionid=${value}`);
      return { ...s, headers };
    } } },

  // HTTP's own semantics.
  { name: 'a next link encodes the filter values a second time (urlencode over the encoded query): %C3%BC as %25C3%25BC', expect: ['links_keep_query', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => (isList(s) && isOk(a) ? editAnswer(a, (b) => {
      for (const link of ['next', 'previous']) if (typeof b[link] === 'string') b[link] = (b[link] as string).replace(/%([0-9A-F]{2})/gi, '%25$1');
    }) : a) } },
  { name: 'HEAD on the municipality list answers the browsable API’s text/html', expect: ['head_answered_as_get', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (s.method === 'HEAD' && s.url.pathname === '/api/v1/municipalities/' ? { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, text: '' } : s) } },
  { name: 'If-None-Match with a tag the deployment never issued gets 304 with no body (a cache that checks the header is there)', expect: ['unmet_condition_answered_in_full', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (s.method === 'GET' && s.headers.has('if-none-match') ? { status: 304, headers: {}, text: '' } : s) } },
];
