// Every error the sandbox sends is `{error, code}`: unknown paths, wrong methods, oversized,
// malformed and undecodable bodies, broken HTTP framing. None is a 5xx.
import type { RunningSandbox } from './server';
import { BEARER, call, contractProblems, raw, rawRequest, start } from './test-support';

const LIST = '/api/v1/municipalities/';
const WATCHDOGS = '/api/v1/watchdogs/';
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await start();
});
afterAll(() => sandbox.close());

test.each([
  '/',
  '/api/v1/municipalities',
  '/api/v1/watchdogs/e3f4a5b6-c7d8-4e9f-a0b1-c2d3e4f5a6b7/',
  '/api/v1/watchdogs/e3f4a5b6-c7d8-4e9f-a0b1-c2d3e4f5a6b7/pause/',
  '/api/v2/municipalities/',
])('unknown path %s: 404 not_found', async (path) => {
  const answer = await call(sandbox, path, { headers: BEARER });
  expect(answer.status).toBe(404);
  expect(answer.body.code).toBe('not_found');
});

test.each([
  ['DELETE', LIST, 'GET, HEAD'],
  ['GET', WATCHDOGS, 'POST'],
  ['POST', `${WATCHDOGS}e3f4a5b6-c7d8-4e9f-a0b1-c2d3e4f5a6b7/events/x/`, 'PATCH'],
  ['PUT', '/api/v1/companies/search/', 'POST'],
])('%s %s: 405 with Allow: %s', async (method, path, allow) => {
  const answer = await call(sandbox, path, { method, headers: BEARER });
  expect(answer.status).toBe(405);
  expect(answer.headers.get('allow')).toBe(allow);
  expect(answer.body.code).toBe('method_not_allowed');
});

test('HEAD on the list answers like GET without a body', async () => {
  const answer = await call(sandbox, LIST, { method: 'HEAD', headers: BEARER });
  expect(answer.status).toBe(200);
  expect(answer.text).toBe('');
  expect(Number(answer.headers.get('content-length'))).toBeGreaterThan(1000);
});

test('a body over 64 KiB: 413 payload_too_large', async () => {
  const answer = await call(sandbox, WATCHDOGS, { method: 'POST', headers: BEARER, body: { name: 'n', prompt: 'x'.repeat(70_000) } });
  expect(answer.status).toBe(413);
  expect(answer.body.code).toBe('payload_too_large');
});

test('a body just under the limit is accepted', async () => {
  const answer = await call(sandbox, WATCHDOGS, { method: 'POST', headers: BEARER, body: { name: 'n', prompt: 'x'.repeat(60_000) } });
  expect(answer.status).toBe(201);
});

test('a declared Content-Length far over the limit: 413 without reading the body', async () => {
  const request = rawRequest('POST', WATCHDOGS, { ...BEARER, 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) }, '{"name":');
  const answer = await raw(sandbox.port, request);
  expect(answer.status).toBe(413);
  expect(contractProblems('POST', WATCHDOGS, 413, JSON.parse(answer.body))).toEqual([]);
});

test.each([
  ['truncated JSON', '{"name": "n", "prompt": '],
  ['a trailing comma', '{"name": "n", "prompt": "p",}'],
  ['a bare word', 'name'],
])('malformed JSON (%s): 400 parse_error', async (_what, body) => {
  const answer = await call(sandbox, WATCHDOGS, { method: 'POST', headers: { ...BEARER, 'content-type': 'application/json' }, body });
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ error: expect.stringMatching(/^Malformed JSON body: /), code: 'parse_error' });
});

test.each([
  ['application/json', Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
  ['application/x-www-form-urlencoded', Buffer.from('name=%C3%28')],
  ['application/x-www-form-urlencoded', Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff])],
])('invalid UTF-8 in a %s body: 400 parse_error', async (type, body) => {
  const answer = await raw(sandbox.port, rawRequest('POST', '/api/v1/companies/search/', { ...BEARER, 'content-type': type }, body));
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body).code).toBe('parse_error');
});

test('a missing Content-Type on a non-empty body: 415', async () => {
  const answer = await raw(sandbox.port, rawRequest('POST', WATCHDOGS, BEARER, '{"name":"n","prompt":"p"}'));
  expect(answer.status).toBe(415);
  expect(JSON.parse(answer.body).code).toBe('unsupported_media_type');
});

test('a body shorter than its Content-Length (client closes): 400 in the error shape', async () => {
  const request = rawRequest('POST', WATCHDOGS, { ...BEARER, 'content-type': 'application/json', 'content-length': '100' }, '{"name":"n"');
  const answer = await raw(sandbox.port, request);
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('Malformed HTTP request'), code: 'bad_request' });
});

test.each([
  ['a garbage request line', 'HELLO\r\n\r\n'],
  ['an invalid header', 'GET /api/v1/municipalities/ HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'],
  ['CONNECT (405 below)', ''],
  ['raw non-ASCII bytes in the path', Buffer.from('GET /api/v1/m\xfcnicipalities/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'latin1')],
])('%s: 400 in the error shape', async (what, bytes) => {
  const connect = what.startsWith('CONNECT');
  const answer = await raw(sandbox.port, connect ? `CONNECT ${LIST} HTTP/1.1\r\nHost: x\r\n\r\n` : bytes);
  expect(answer.status).toBe(connect ? 405 : 400);
  expect(contractProblems('GET', '/unknown', 400, JSON.parse(answer.body))).toEqual([]);
});

test('headers over 16 KiB: 431 in the error shape', async () => {
  const answer = await raw(sandbox.port, `GET ${LIST} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(answer.status).toBe(431);
  expect(JSON.parse(answer.body).code).toBe('headers_too_large');
});

test('a CORS preflight is answered without credentials; responses carry CORS headers', async () => {
  const preflight = await call(sandbox, WATCHDOGS, {
    method: 'OPTIONS',
    headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
  const list = await call(sandbox, LIST, { headers: { ...BEARER, origin: 'http://localhost:5173' } });
  expect(list.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  const plainOptions = await call(sandbox, LIST, { method: 'OPTIONS', headers: BEARER });
  expect(plainOptions.status).toBe(405);
});

test('a request that stalls mid-body: 408 request_timeout once the time limit passes', async () => {
  const slow = await start({ limits: { requestMs: 1500 } });
  try {
    const request = rawRequest('POST', WATCHDOGS, { ...BEARER, 'content-type': 'application/json', 'content-length': '100' }, '{"name":');
    const answer = await raw(slow.port, request, { halfClose: false, timeoutMs: 6000 });
    expect(answer.timedOut).toBe(false);
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).code).toBe('request_timeout');
  } finally {
    await slow.close();
  }
});
