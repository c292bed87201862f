// Realistic single bugs of two kinds: text that breaks a parser (percent escapes decoded twice,
// LIKE patterns built by hand, regular expressions compiled from input, JSON built by hand, string
// escapes, control characters, characters outside the BMP), and the request axes clients vary
// (Accept as axios sends it, media types in other legal spellings, a byte-order mark, a file part,
// a credential of one kind in another kind's form) and the formats of what is served (RFC 3339
// date-times). Each is found on every run, whatever the seed: the classes and axes are sent by
// the deterministic phases.
import { authorizedAs, bodyOf, contentTypeOf, editAnswer, formField, isObject, isOk, query, serverError } from '../edits';
import { SANDBOX_CREDENTIALS, type FaultCase, type FaultSpec, type Seen } from '../faulty';

const crashesWhen = (when: (s: Seen) => boolean): FaultSpec => ({ request: (s) => (when(s) ? serverError : s) });
const isList = (s: Seen) => s.op === 'municipalitiesList';
const isSearch = (s: Seen) => s.op === 'companiesSearch';
/** A search field, in whichever media type it came. */
const searchField = (s: Seen, name: string) => String(bodyOf(s)[name] ?? formField(s, name) ?? '');
const throws = (task: () => unknown) => {
  try {
    task();
    return false;
  } catch {
    return true;
  }
};
/** Every watchdog answer with a field rewritten. */
const servedAs = (field: string, rewrite: (value: string) => string): FaultSpec => ({
  response: (s, a) => (s.op?.startsWith('watchdogs') && isOk(a) && isObject(a.json) && typeof a.json[field] === 'string' ? editAnswer(a, (b) => void (b[field] = rewrite(String(b[field])))) : a),
});

export const BROKEN_PARSERS: FaultCase[] = [
  // Text that breaks a parser: each class on every text input.
  { name: 'state decoded a second time (decodeURIComponent on the decoded value): a % crashes the list', expect: ['no_server_error', 'municipalitiesList', 'fail'],
    spec: crashesWhen((s) => isList(s) && throws(() => decodeURIComponent(query(s).get('state') ?? ''))) },
  { name: 'official_code concatenated into a LIKE pattern before the driver formats its parameters: a % crashes the list', expect: ['no_server_error', 'municipalitiesList', 'fail'],
    spec: crashesWhen((s) => isList(s) && query(s).getAll('official_code').some((code) => code.includes('%'))) },
  { name: 'company search compiles the name as a regular expression: an unbalanced ( crashes it (in every media type)', expect: ['no_server_error', 'companiesSearch', 'fail'],
    spec: crashesWhen((s) => isSearch(s) && throws(() => new RegExp(searchField(s, 'name')))) },
  { name: 'create forwards the prompt in JSON built by hand: a double quote crashes it', expect: ['no_server_error', 'watchdogsCreate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsCreate' && String(bodyOf(s).prompt ?? '').includes('"')) },
  { name: 'PATCH unescapes the name as a string literal: a backslash at the end crashes it', expect: ['no_server_error', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsEventsPartialUpdate' && String(bodyOf(s).name ?? '').endsWith('\\')) },
  { name: 'company search crashes on a control character in registration_number (an XML export of the query)', expect: ['no_server_error', 'companiesSearch', 'fail'],
    spec: crashesWhen((s) => isSearch(s) && /[\u0001-\u0008\u000b\u000c\u000e-\u001f]/.test(searchField(s, 'registration_number'))) },
  { name: 'create crashes on a character outside the BMP in the prompt (a utf8mb3 column)', expect: ['no_server_error', 'watchdogsCreate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsCreate' && /[\u{10000}-\u{10ffff}]/u.test(String(bodyOf(s).prompt ?? ''))) },

  // The request axes clients vary.
  { name: 'the municipality list answers 406 to axios’ Accept (text/plain listed before */* read as preferred)', expect: ['valid_request_accepted', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (isList(s) && (s.headers.get('accept') ?? '').includes('text/plain') ? { status: 406, headers: { 'content-type': 'application/json' }, text: '{"error":"Not Acceptable","code":"not_acceptable"}' } : s) } },
  { name: 'subscribe compares the media type as a string: Application/JSON is read as a form and crashes', expect: ['no_server_error', 'watchdogsSubscribe', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsSubscribe' && /^application\/json/i.test(contentTypeOf(s)) && !contentTypeOf(s).startsWith('application/json')) },
  { name: 'create looks the charset up with its quotes (charset="utf-8": unknown encoding) and crashes', expect: ['no_server_error', 'watchdogsCreate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsCreate' && /charset="/i.test(contentTypeOf(s))) },
  { name: 'a quoted multipart boundary loses every field: search answers as if nothing was asked', expect: ['equivalent_requests_answered_alike', 'companiesSearch', 'fail'],
    spec: { request: (s) => {
      if (!isSearch(s) || !contentTypeOf(s).includes('boundary="')) return s;
      const headers = new Headers(s.headers);
      headers.set('content-type', 'application/json');
      return { ...s, headers, text: '{}', json: {} };
    } } },
  { name: 'PATCH crashes on a JSON body after a UTF-8 byte-order mark (json.loads of the decoded text)', expect: ['no_server_error', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: crashesWhen((s) => s.op === 'watchdogsEventsPartialUpdate' && s.text.startsWith('\ufeff')) },
  { name: 'search crashes on a field sent as a file part (read from the form fields, found among the files)', expect: ['no_server_error', 'companiesSearch', 'fail'],
    spec: crashesWhen((s) => isSearch(s) && contentTypeOf(s).startsWith('multipart/') && /; filename="/.test(s.text)) },
  { name: 'a session id is taken as a Bearer key (keys and sessions looked up in one table)', expect: ['unauthorized_invalid_credentials', 'municipalitiesList', 'fail'],
    spec: { request: (s) => (s.headers.get('authorization') === `Bearer ${SANDBOX_CREDENTIALS.sessionId}` ? authorizedAs(s, `Bearer ${SANDBOX_CREDENTIALS.token}`) : s) } },
  { name: 'the API key is taken as the session cookie (keys and sessions looked up in one table)', expect: ['unauthorized_invalid_credentials', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s) => {
      const cookie = s.headers.get('cookie') ?? '';
      if (!cookie.split(';').some((pair) => pair.trim() === `sessionid=${SANDBOX_CREDENTIALS.token}`)) return s;
      const headers = new Headers(s.headers);
      headers.set('cookie', cookie.replace(`sessionid=${SANDBOX_CREDENTIALS.token}`, `sessionid=${SANDBOX_CREDENTIALS.sessionId}`));
      return { ...s, headers };
    } } },

  // The formats of what is served.
  { name: 'created_at served with an offset without its colon (strftime %z): +0000', expect: ['body_matches_schema', 'watchdogsCreate', 'fail'],
    spec: servedAs('created_at', (at) => at.replace(/(\.\d+)?Z$/, '+0000')) },
  { name: 'updated_at served as str(datetime): a space for the T', expect: ['body_matches_schema', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: servedAs('updated_at', (at) => at.replace('T', ' ').replace(/(\.\d+)?Z$/, '+00:00')) },
];
