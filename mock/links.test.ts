// Which URLs the front points back at the mock, and that nothing else in a body changes.
import type { IncomingMessage } from 'node:http';
import { API_PREFIX, commonPathPrefix, linkRewriter, requestOrigin } from './links';

const rewrite = linkRewriter('/api/v1/');
const ORIGIN = 'http://127.0.0.1:4010';
const text = (body: string) => rewrite(Buffer.from(body), ORIGIN).toString('utf8');

test("the API's prefix comes from the contract's operations", () => {
  expect(API_PREFIX).toBe('/api/v1/');
  expect([commonPathPrefix(['/api/v1/a/', '/api/v1/b/c/']), commonPathPrefix(['/api/v1/watchdogs/', '/api/v1/watchdogs/{uuid}/']), commonPathPrefix(['/a', '/b'])]).toEqual([
    '/api/v1/',
    '/api/v1/watchdogs/',
    '/',
  ]);
});

test.each([
  ['next link with query', '{"next":"https://service.example/api/v1/municipalities/?country_code=AT&page=2&state=4"}', `{"next":"${ORIGIN}/api/v1/municipalities/?country_code=AT&page=2&state=4"}`],
  ['http and a port', '{"previous":"http://api.test:8443/api/v1/companies/search/?page=1"}', `{"previous":"${ORIGIN}/api/v1/companies/search/?page=1"}`],
  ['in an array, twice', '["https://a.example/api/v1/x/","https://b.example/api/v1/y/"]', `["${ORIGIN}/api/v1/x/","${ORIGIN}/api/v1/y/"]`],
])('rewrites an absolute URL into the API: %s', (_label, body, expected) => {
  expect(text(body)).toBe(expected);
});

test.each([
  ['a page outside the API', '{"profile_url":"https://service.example/gemeinden/at/40101/"}'],
  ['another site', '{"source_url":"https://www.linz.at/politik/buergermeister.php"}'],
  ['a path without a host', '{"path":"/api/v1/municipalities/"}'],
  ['a URL inside prose', '{"note":"see https://service.example/api/v1/municipalities/ for more"}'],
  ['a URL inside an escaped quote', '{"note":"\\"https://service.example/api/v1/x/\\""}'],
  ['a prefix that only starts the same', '{"u":"https://service.example/api/v10/x/"}'],
])('leaves %s alone, byte for byte', (_label, body) => {
  const raw = Buffer.from(body);
  expect(rewrite(raw, ORIGIN)).toBe(raw);
});

test('keeps every other byte: spacing, escapes and non-ASCII text', () => {
  const body = '{ "name": "Gemeinde Zürich \\u00e4",\n  "next" : "https://service.example/api/v1/municipalities/?page=2" }';
  expect(text(body)).toBe(body.replace('https://service.example', ORIGIN));
});

function fakeRequest(host: string | undefined): IncomingMessage {
  return { headers: host === undefined ? {} : { host }, socket: { localAddress: '::1', localPort: 4010 } } as unknown as IncomingMessage;
}

test.each([
  ['localhost:5173', 'http://localhost:5173'],
  ['127.0.0.1:4010', 'http://127.0.0.1:4010'],
  ['[::1]:4010', 'http://[::1]:4010'],
  ['mock.test', 'http://mock.test'],
])('the origin of a request with Host %s is %s', (host, origin) => {
  expect(requestOrigin(fakeRequest(host))).toBe(origin);
});

test.each([undefined, '', 'evil"},{"x":"', 'a b', 'host/path'])('a missing or unusable Host (%p) falls back to the address the request came to', (host) => {
  expect(requestOrigin(fakeRequest(host))).toBe('http://[::1]:4010');
});
