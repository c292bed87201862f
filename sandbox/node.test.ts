// What only the node:http adapter meets: raw sockets and HTTP itself. Broken framing, garbage,
// CONNECT, oversized headers and timeouts still get `{error, code}`; an oversized body is
// drained before the 413 and the connection closes; links follow the Host header.
import type { RunningSandbox } from './node';
import { BEARER, contractProblems, raw, rawRequest, startNode } from './test/test-support';

const LIST = '/api/v1/municipalities/';
const WATCHDOGS = '/api/v1/watchdogs/';
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startNode();
});
afterAll(() => sandbox.close());

test('links use the Host header; an unusable Host gives the listen address', async () => {
  // fetch always sends the real Host, so these requests go over a raw socket.
  const path = `${LIST}?x=1&country_code=AT&country_code=DE`;
  for (const [host, origin] of [
    ['sandbox.test:8080', 'http://sandbox.test:8080'],
    ['bad host!', sandbox.url],
    ['[1.2.3]:80', sandbox.url],
    ['example.test:99999', sandbox.url],
  ]) {
    const answer = await raw(sandbox.port, rawRequest('GET', path, { ...BEARER, host: host! }));
    const page = JSON.parse(answer.body);
    expect(contractProblems('GET', LIST, answer.status, page)).toEqual([]);
    expect(page.next).toBe(`${origin}/api/v1/municipalities/?country_code=AT&country_code=DE&page=2&x=1`);
  }
});

test('a declared Content-Length far over the limit: 413 without reading the body, then the connection closes', async () => {
  const request = rawRequest('POST', WATCHDOGS, { ...BEARER, 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) }, '{"name":');
  const answer = await raw(sandbox.port, request, { halfClose: false });
  expect(answer.timedOut).toBe(false);
  expect(answer.status).toBe(413);
  expect(answer.head).toMatch(/^connection: close$/im);
  expect(contractProblems('POST', WATCHDOGS, 413, JSON.parse(answer.body))).toEqual([]);
});

test('a chunked body over the limit is drained and answered 413 with the connection closed', async () => {
  const chunk = 'x'.repeat(100 * 1024);
  const chunked = `${chunk.length.toString(16)}\r\n${chunk}\r\n0\r\n\r\n`;
  const head = `POST ${WATCHDOGS} HTTP/1.1\r\nhost: 127.0.0.1\r\nauthorization: ${BEARER.authorization}\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n`;
  const answer = await raw(sandbox.port, head + chunked, { halfClose: false });
  expect(answer.status).toBe(413);
  expect(answer.head).toMatch(/^connection: close$/im);
  expect(JSON.parse(answer.body).code).toBe('payload_too_large');
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

test('TRACE, which fetch cannot even express, gets the 405 of the pipeline', async () => {
  const answer = await raw(sandbox.port, rawRequest('TRACE', LIST, BEARER));
  expect(answer.status).toBe(405);
  expect(JSON.parse(answer.body).code).toBe('method_not_allowed');
});

test('headers over 16 KiB: 431 in the error shape', async () => {
  const answer = await raw(sandbox.port, `GET ${LIST} HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(answer.status).toBe(431);
  expect(JSON.parse(answer.body).code).toBe('headers_too_large');
});

test('a request that stalls mid-body: 408 request_timeout once the time limit passes', async () => {
  const slow = await startNode({ limits: { requestMs: 1500 } });
  try {
    const request = rawRequest('POST', WATCHDOGS, { ...BEARER, 'content-type': 'application/json', 'content-length': '100' }, '{"name":');
    // The stall is real: only the sandbox's own limit (the subject) ends it, however busy the machine.
    const answer = await raw(slow.port, request, { halfClose: false });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body).code).toBe('request_timeout');
  } finally {
    await slow.close();
  }
});
