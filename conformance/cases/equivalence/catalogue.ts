// The catalogue of equivalent requests: each row a transformation that HTTP, JSON, URLs or cookies
// say preserves a request's meaning, the clause that says so, the requests it applies to, and how
// the two answers compare. phases/equivalence.ts sends every row beside the request it transforms,
// on every operation, every run; the rules in rules/equivalence.ts compare the answers. A new
// transformation is one row here.
import { FACTS } from '../../contract/facts';
import { formOf } from '../../engine/credentials';
import type { Body, RequestSpec } from '../../engine/request';
import { BOUNDARY, multipartText } from '../multipart';
import { escapedStrings, hasMemberOrder, hasText, prettyJson, reversedMembers } from './json-text';
import { hasHexLetters, hasSpace, lowerCaseHex, spacesAsPercent20, straySeparators, unreservedEncoded } from './query-text';
import type { Equivalence } from './relation';

/** The JSON value of a request's body, when it has one. */
const jsonOf = (spec: RequestSpec) => (spec.body?.kind === 'json' && spec.body.value !== undefined ? spec.body.value : undefined);
/** The request with its JSON body written as `text`, labelled `contentType`. */
const asText = (spec: RequestSpec, text: (value: unknown) => string | undefined, contentType = 'application/json'): RequestSpec | undefined => {
  const value = jsonOf(spec);
  const written = value === undefined ? undefined : text(value);
  return written === undefined ? undefined : { ...spec, body: { kind: 'raw', contentType, text: written } };
};
/** The JSON body labelled another way. */
const labelled = (contentType: string) => (spec: RequestSpec) => asText(spec, JSON.stringify, contentType);
const formOfBody = (spec: RequestSpec) => (spec.body?.kind === 'form' ? spec.body.fields : undefined);
const withQuery = (spec: RequestSpec, applies: (pairs: Array<[string, string]>) => boolean, write: (pairs: Array<[string, string]>) => string) =>
  spec.query?.length && spec.querySpelling === undefined && applies(spec.query) ? { ...spec, querySpelling: write(spec.query) } : undefined;
const any = () => true;
/** The form the request's credential goes in (none given: the run's key, in a header form). */
const placeOf = (spec: RequestSpec) => (spec.credential === undefined ? 'header' : spec.credential === 'none' ? undefined : formOf(spec.credential.scheme).in);
const isGet = (spec: RequestSpec) => (spec.method ?? FACTS[spec.operationId].method) === 'GET';
/** A body that goes as text (a FormData body's framing is fetch's). */
const textBody = (body: Body | undefined) => body !== undefined && body.kind !== 'multipart' && !(body.kind === 'json' && body.value === undefined);

/** The Accept headers widespread clients send: each admits JSON, so the answer is the published JSON. */
const CLIENT_ACCEPTS: ReadonlyArray<[accept: string, client: string]> = [
  ['*/*', 'as curl, fetch and requests send it'],
  ['application/json, text/plain, */*', 'as axios sends it'],
  ['application/json, text/javascript, */*; q=0.01', 'as jQuery sends it'],
  ['application/json, application/*+json', "as Spring's RestTemplate sends it"],
];

/** Request headers no credential form uses, as a client's stack adds them around the credential (a request id of its own per operation). */
const NEIGHBOUR_HEADERS = (tag: string, spec: RequestSpec) => ({ 'X-Request-Id': `${tag}-${spec.operationId}`, 'Cache-Control': 'no-cache' });

export const EQUIVALENCES: readonly Equivalence[] = [
  // How the body is framed.
  {
    name: 'Transfer-Encoding: chunked (no Content-Length)',
    family: 'framing',
    clause: 'RFC 9112 §6.1, §7.1: a chunked body is the same content as one framed by Content-Length',
    compare: 'alike',
    mayRefuse: { statuses: [411], why: 'RFC 9112 §6.3 lets a server refuse a body without Content-Length with 411 Length Required' },
    mock: true,
    apply: (spec) => (textBody(spec.body) ? { ...spec, framing: 'chunked' } : undefined),
  },

  // How the JSON is written.
  {
    name: 'JSON pretty-printed, after a line break',
    family: 'JSON text',
    clause: 'RFC 8259 §2: whitespace is allowed before or after any structural character',
    compare: 'alike',
    mock: true,
    apply: (spec) => asText(spec, prettyJson),
  },
  {
    name: 'JSON members in reverse order',
    family: 'JSON text',
    clause: 'RFC 8259 §4: an object is an unordered collection of members',
    compare: 'alike',
    mock: true,
    apply: (spec) => asText(spec, (value) => (hasMemberOrder(value) ? reversedMembers(value) : undefined)),
  },
  {
    name: 'JSON strings with characters escaped (`\\u00fc` for `ü`, `\\/` for `/`, the first character as `\\u00XX`)',
    family: 'JSON text',
    clause: 'RFC 8259 §7: any character may be escaped; the escape is the character',
    compare: 'alike',
    mock: true,
    apply: (spec) => asText(spec, (value) => (hasText(value) ? escapedStrings(value) : undefined)),
  },
  {
    name: 'a UTF-8 byte-order mark before the JSON',
    family: 'JSON text',
    clause: 'RFC 8259 §8.1: parsers may ignore a byte-order mark',
    compare: 'alike',
    mayRefuse: { why: 'RFC 8259 §8.1 lets a parser treat a byte-order mark as an error' },
    mock: true,
    apply: (spec) => asText(spec, (value) => `\ufeff${JSON.stringify(value)}`),
  },

  // How the media type is written.
  ...[
    ['application/json; charset=UTF-8', 'RFC 9110 §8.3.1, RFC 8259 §11: JSON is UTF-8; the charset names what it is'],
    ['application/json;charset=UTF-8', 'RFC 9110 §5.6.6: the whitespace around ";" is optional'],
    ['Application/JSON', 'RFC 9110 §8.3.1: type and subtype are case-insensitive'],
    ['application/json; charset="utf-8"', 'RFC 9110 §5.6.6: a quoted parameter value is the token it quotes'],
  ].map(([label, clause]): Equivalence => ({ name: `labelled ${label}`, family: 'media type', clause: clause!, compare: 'alike', mock: true, apply: labelled(label!) })),
  {
    name: 'labelled application/json; charset=iso-8859-1',
    family: 'media type',
    clause: 'RFC 9110 §8.3.1: the same bytes, which are ASCII here',
    compare: 'alike',
    mayRefuse: { why: 'RFC 8259 §8.1: JSON is exchanged in UTF-8, and a label naming another charset may be refused (415)' },
    mock: true,
    apply: labelled('application/json; charset=iso-8859-1'),
  },
  {
    name: 'a form labelled application/x-www-form-urlencoded; charset=UTF-8 (as jQuery sends it)',
    family: 'media type',
    clause: 'WHATWG URL §5.1: a form is read as UTF-8 whatever the label',
    compare: 'alike',
    mayRefuse: { why: 'the form media type defines no parameters (WHATWG URL §5), and a charset on it may be refused' },
    mock: true,
    apply: (spec) => {
      const fields = formOfBody(spec);
      return fields ? { ...spec, body: { kind: 'raw', contentType: 'application/x-www-form-urlencoded; charset=UTF-8', text: new URLSearchParams(fields).toString() } } : undefined;
    },
  },
  {
    name: 'a form with each space as %20',
    family: 'media type',
    clause: 'WHATWG URL §5.1: a form reads `+` and `%20` as a space alike',
    compare: 'alike',
    mock: true,
    apply: (spec) => {
      const fields = formOfBody(spec);
      return fields && hasSpace(fields) ? { ...spec, body: { kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: spacesAsPercent20(fields) } } : undefined;
    },
  },
  {
    name: 'a multipart body whose boundary parameter is quoted (as .NET’s HttpClient sends it)',
    family: 'media type',
    clause: 'RFC 2046 §5.1.1, RFC 9110 §5.6.6: the boundary may be quoted; the quoted value is the boundary',
    compare: 'alike',
    mock: true,
    apply: (spec) =>
      spec.body?.kind === 'multipart'
        ? { ...spec, body: { kind: 'raw', contentType: `multipart/form-data; boundary="${BOUNDARY}"`, text: multipartText(spec.body.fields.map(([name, value]) => ({ name, value }))) } }
        : undefined,
  },

  // Which representation the client accepts.
  ...CLIENT_ACCEPTS.map(([accept, client]): Equivalence => ({
    name: `Accept: ${accept} (${client})`,
    family: 'Accept',
    clause: 'RFC 9110 §12.5.1: the range admits JSON, the one representation the contract publishes',
    compare: 'alike',
    mock: true,
    apply: (spec) => ({ ...spec, headers: { ...spec.headers, Accept: accept } }),
  })),

  // How the query is written.
  {
    name: 'the query parameters in reverse order',
    family: 'query',
    clause: 'WHATWG URL §5.1 and the contract: parameters are named, so where each stands carries nothing',
    compare: 'alike',
    mock: false,
    apply: (spec) => {
      const names = [...new Set((spec.query ?? []).map(([name]) => name))];
      if (names.length < 2 || spec.querySpelling !== undefined) return undefined;
      return { ...spec, query: names.reverse().flatMap((name) => spec.query!.filter(([n]) => n === name)) };
    },
  },
  {
    name: 'each value of a repeated parameter given twice (`?country_code=AT&country_code=AT`)',
    family: 'query',
    clause: 'the contract: a repeated parameter keeps the items matching any of its values; a value twice is the same set',
    compare: 'alike',
    mayRefuse: { why: 'whether a value given twice is refused is not published' },
    mock: false,
    apply: (spec) => {
      const repeated = new Set(FACTS[spec.operationId].parameters.filter((p) => p.in === 'query' && p.repeated).map((p) => p.name));
      const again = (spec.query ?? []).filter(([name]) => repeated.has(name));
      return again.length && spec.querySpelling === undefined ? { ...spec, query: [...spec.query!, ...again] } : undefined;
    },
  },
  {
    name: 'the unreserved characters of every value percent-encoded (`AT` as `%41%54`)',
    family: 'query',
    clause: 'RFC 3986 §2.3, §6.2.2.2: an unreserved character and its percent-encoding are equivalent',
    compare: 'alike',
    mock: false,
    apply: (spec) => withQuery(spec, any, unreservedEncoded),
  },
  {
    name: 'percent-encodings in lower-case hex (`%c3%bc`)',
    family: 'query',
    clause: 'RFC 3986 §2.1: the hex digits of a percent-encoding are case-insensitive',
    compare: 'alike',
    mock: false,
    apply: (spec) => withQuery(spec, hasHexLetters, lowerCaseHex),
  },
  {
    name: 'each space in the query as %20 rather than +',
    family: 'query',
    clause: 'WHATWG URL §5.1: the query is read as a form, where `+` and `%20` are a space alike',
    compare: 'alike',
    mock: false,
    apply: (spec) => withQuery(spec, hasSpace, spacesAsPercent20),
  },
  {
    name: 'empty pieces between the parameters (`?&a=1&&b=2&`)',
    family: 'query',
    clause: 'WHATWG URL §5.1: a form parser skips the empty pieces between `&`s',
    compare: 'alike',
    mock: false,
    apply: (spec) => withQuery(spec, any, straySeparators),
  },

  // Where the credential stands among its neighbours.
  {
    name: 'the session id first among the query parameters',
    family: 'credential',
    clause: 'WHATWG URL §5.1 and the contract: a named parameter is found wherever it stands',
    compare: 'alike',
    mock: false,
    apply: (spec) => (placeOf(spec) === 'query' && spec.query?.length && spec.credential !== undefined && spec.credential !== 'none' ? { ...spec, credential: { ...spec.credential, first: true } } : undefined),
  },
  {
    name: 'the session cookie beside cookies whose names end and begin with its name (`csrf_sessionid=…`, `sessionid_hint=…`)',
    family: 'credential',
    clause: 'RFC 6265 §4.2.1, §5.4: a cookie is its exact name; the order of cookie pairs carries nothing',
    compare: 'alike',
    mock: false,
    apply: (spec) => {
      const credential = spec.credential;
      if (credential === undefined || credential === 'none' || placeOf(spec) !== 'cookie') return undefined;
      const name = formOf(credential.scheme).name;
      return { ...spec, credential: { ...credential, cookies: { before: [`csrf_${name}=conformance`, 'csrftoken=conformance'], after: [`${name}_hint=conformance`, 'theme=dark'] } } };
    },
  },
  {
    name: 'the credential header beside other request headers (X-Request-Id, Cache-Control: no-cache)',
    family: 'credential',
    clause: 'RFC 9110 §5.3: fields of different names are independent, in any order',
    compare: 'alike',
    mock: false,
    apply: (spec, { tag }) => (placeOf(spec) === 'header' ? { ...spec, headers: { ...NEIGHBOUR_HEADERS(tag, spec), ...spec.headers } } : undefined),
  },

  // HTTP's own semantics the contract relies on.
  {
    name: 'HEAD instead of GET',
    family: 'method',
    clause: "RFC 9110 §9.3.2: HEAD is GET without the content; the answer carries GET's header fields",
    compare: 'head',
    mock: true,
    apply: (spec) => (isGet(spec) ? { ...spec, method: 'HEAD' } : undefined),
  },
  {
    name: 'If-None-Match with an entity tag the deployment never issued',
    family: 'condition',
    clause: 'RFC 9110 §13.1.2: the condition holds unless a listed tag matches the current one; then the method is performed as if it were absent',
    compare: 'unconditional',
    mock: true,
    apply: (spec, { tag }) => (isGet(spec) ? { ...spec, headers: { ...spec.headers, 'If-None-Match': `"${tag}-never-issued"` } } : undefined),
  },
  {
    name: 'If-Modified-Since the Unix epoch',
    family: 'condition',
    clause: 'RFC 9110 §13.1.3: a 304 only for a representation not modified since the date',
    compare: 'unconditional',
    mock: true,
    apply: (spec) => (isGet(spec) ? { ...spec, headers: { ...spec.headers, 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } } : undefined),
  },
];

/** A row by its name (failures.json names the row a pair was sent for). */
export function equivalenceNamed(name: string): Equivalence | undefined {
  return EQUIVALENCES.find((row) => row.name === name);
}
