// Deployments with one realistic bug that no list of classes names but a principle catches:
// a secret that is not compared exactly (credentials_exact), an error string that names nothing
// (error_strings_meaningful), an answer that is not JSON where JSON is declared (json_answer).
import type { OperationId } from '../../generated';
import { editAnswer, isOk, query } from '../edits';
import { SANDBOX_CREDENTIALS, type Answer, type FaultCase, type FaultSpec, type Seen } from '../faulty';

const { token, limitedToken, sessionId } = SANDBOX_CREDENTIALS;
const KEYS = [token, limitedToken];

/** The real secret a presented one is taken for, if any. */
type Lookup = (presented: string, secrets: readonly string[]) => string | undefined;

/** A credential lookup that takes a presented value for a real secret as `lookup` says, in the forms `schemes` name (`query`, `cookie` for the session's). */
function takenAs(schemes: readonly string[], lookup: Lookup): FaultSpec {
  const secretsOf = (scheme: string) => (scheme === 'Session' || scheme === 'query' || scheme === 'cookie' ? [sessionId] : KEYS);
  const real = (scheme: string, presented: string) => (schemes.includes(scheme) && !secretsOf(scheme).includes(presented) ? lookup(presented, secretsOf(scheme)) : undefined);
  return {
    request: (s) => {
      const headers = new Headers(s.headers);
      const url = new URL(s.url);
      const [, scheme, presented] = /^(\S+) (\S+)$/.exec(s.headers.get('authorization') ?? '') ?? [];
      const asHeader = scheme && presented ? real(scheme, presented) : undefined;
      if (asHeader) headers.set('authorization', `${scheme} ${asHeader}`);
      const inQuery = query(s).get('sessionid');
      const asQuery = inQuery ? real('query', inQuery) : undefined;
      if (asQuery) url.searchParams.set('sessionid', asQuery);
      const cookie = s.headers.get('cookie') ?? '';
      const inCookie = /(?:^|;\s*)sessionid=([^;]*)/.exec(cookie)?.[1];
      const asCookie = inCookie ? real('cookie', inCookie) : undefined;
      if (asCookie) headers.set('cookie', cookie.replace(`sessionid=${inCookie}`, `sessionid=${asCookie}`));
      return asHeader || asQuery || asCookie ? { ...s, headers, url } : s;
    },
  };
}

const withoutCase: Lookup = (presented, secrets) => secrets.find((secret) => secret.toLowerCase() === presented.toLowerCase());

/** An error page as Express's default handler (finalhandler) renders it. */
const expressError = (status: number, text: string): Answer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' },
  text: `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${text}</pre>\n</body>\n</html>\n`,
});
/** The answer's JSON as text, changed by `edit`; no longer parsed (the fault's bytes go on the wire). */
const asText = (a: Answer, edit: (text: string) => string): Answer => ({ ...a, json: undefined, text: edit(a.text) });
const on = (op: OperationId, s: Seen) => s.op === op;

export const BROKEN_ORACLES: FaultCase[] = [
  // Credentials are exact strings.
  { name: 'a session id compared without case (a MySQL utf8mb4_general_ci column)', expect: ['credentials_exact', 'municipalitiesList', 'fail'],
    spec: takenAs(['Session', 'query', 'cookie'], withoutCase) },
  { name: 'API keys compared after lower-casing both sides (`key.lower() == stored.lower()`)', expect: ['credentials_exact', 'municipalitiesList', 'fail'],
    spec: takenAs(['Bearer', 'Token'], withoutCase) },
  { name: 'a Bearer key looked up as a prefix (MongoDB `{ key: { $regex: "^" + presented } }`)', expect: ['credentials_exact', 'municipalitiesList', 'fail'],
    spec: takenAs(['Bearer'], (presented, keys) => keys.find((key) => key.startsWith(presented))) },
  { name: 'a key taken with a trailing character stripped (`key.rstrip(".,;")`, a guard for keys pasted at the end of a sentence)', expect: ['credentials_exact', 'municipalitiesList', 'fail'],
    spec: takenAs(['Bearer', 'Token'], (presented, keys) => keys.find((key) => key === presented.replace(/[.,;]+$/, ''))) },
  { name: 'a session id looked up by its first half (an index on a prefix column, the rest never compared)', expect: ['credentials_exact', 'municipalitiesList', 'fail'],
    spec: takenAs(['Session', 'query', 'cookie'], (presented, secrets) => secrets.find((secret) => presented.length >= secret.length / 2 && presented.slice(0, Math.ceil(secret.length / 2)) === secret.slice(0, Math.ceil(secret.length / 2)))) },

  // Strings that name something are not blank, and a code names its condition.
  { name: 'a 404 with "error": "" (the handler passes the message of a DoesNotExist raised without one)', expect: ['error_strings_meaningful', 'watchdogsActivate', 'fail'],
    spec: { response: (s, a) => (a.status === 404 ? editAnswer(a, (b) => void (b.error = '')) : a) } },
  { name: 'a 400 with "code": "" (Joi\'s errors mapped with `code: err.code ?? ""`; Joi sets none)', expect: ['error_strings_meaningful', 'watchdogsCreate', 'fail'],
    spec: { response: (s, a) => (a.status === 400 ? editAnswer(a, (b) => void (b.code = '')) : a) } },
  { name: 'a watchdog that does not exist answered 404 with code "unauthorized" (the lookup scoped to the caller reports its miss as an auth failure)', expect: ['error_strings_meaningful', 'watchdogsDeactivate', 'fail'],
    spec: { response: (s, a) => (on('watchdogsDeactivate', s) && a.status === 404 ? editAnswer(a, (b) => void (b.code = 'unauthorized')) : a) } },

  // An answer that is not JSON where JSON is declared.
  { name: 'malformed JSON on create answered by Express\'s default error handler (400 text/html <pre>SyntaxError…</pre> from body-parser)', expect: ['json_answer', 'watchdogsCreate', 'fail'],
    spec: { request: (s) => (on('watchdogsCreate', s) && (s.headers.get('content-type') ?? '').startsWith('application/json') && s.text !== '' && s.json === undefined
      ? expressError(400, 'SyntaxError: Unexpected token } in JSON at position 1<br> &nbsp; &nbsp;at JSON.parse (&lt;anonymous&gt;)<br> &nbsp; &nbsp;at parse (/app/node_modules/body-parser/lib/types/json.js:92:19)')
      : s) } },
  { name: 'unsubscribe from a watchdog that does not exist falls through to Express\'s 404 (text/html <pre>Cannot POST …</pre>: the handler calls next())', expect: ['json_answer', 'watchdogsUnsubscribe', 'fail'],
    spec: { response: (s, a) => (on('watchdogsUnsubscribe', s) && a.status === 404 ? expressError(404, `Cannot POST ${s.url.pathname}`) : a) } },
  { name: 'the municipality list streamed by a hand-written serializer that writes a comma after every item (`[{…},{…},]`)', expect: ['json_answer', 'municipalitiesList', 'fail'],
    spec: { response: (s, a) => (on('municipalitiesList', s) && isOk(a) && Array.isArray((a.json as { results?: unknown[] } | undefined)?.results) && (a.json as { results: unknown[] }).results.length
      ? asText(a, () => {
        const { results, ...envelope } = a.json as { results: unknown[] };
        return `${JSON.stringify(envelope).slice(0, -1)},"results":[${results.map((item) => `${JSON.stringify(item)},`).join('')}]}`;
      })
      : a) } },
  { name: 'company search written through .NET\'s `new StreamWriter(stream, Encoding.UTF8)`: a byte-order mark before the JSON', expect: ['json_answer', 'companiesSearch', 'fail'],
    spec: { response: (s, a) => (on('companiesSearch', s) && a.json !== undefined ? asText(a, (text) => `\ufeff${text}`) : a) } },
  { name: 'activate answered with a PHP deprecation notice before its JSON (display_errors on)', expect: ['json_answer', 'watchdogsActivate', 'fail'],
    spec: { response: (s, a) => (on('watchdogsActivate', s) && isOk(a)
      ? asText(a, (text) => `<br />\n<b>Deprecated</b>:  strlen(): Passing null to parameter #1 ($string) of type string is deprecated in <b>/var/www/app/Watchdog.php</b> on line <b>88</b><br />\n${text}`)
      : a) } },
];
