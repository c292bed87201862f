// Every error the sandbox sends is `{error, code}`: unknown paths, wrong methods, oversized,
// malformed and undecodable bodies. None is a 5xx. (Errors only HTTP itself can cause, such as
// broken framing or timeouts, are node:http's: node.test.ts.)
import { ADAPTERS, BEARER, call, type Target } from './test/test-support';

const LIST = '/api/v1/municipalities/';
const WATCHDOGS = '/api/v1/watchdogs/';

describe.each(ADAPTERS)('through the $name adapter', ({ start }) => {
  let sandbox: Target;
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
    ['application/json', new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
    ['application/x-www-form-urlencoded', new TextEncoder().encode('name=%C3%28')],
    ['application/x-www-form-urlencoded', new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xff])],
  ])('invalid UTF-8 in a %s body: 400 parse_error', async (type, body) => {
    const answer = await call(sandbox, '/api/v1/companies/search/', { method: 'POST', headers: { ...BEARER, 'content-type': type }, body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('parse_error');
  });

  test('a missing Content-Type on a non-empty body: 415', async () => {
    const answer = await call(sandbox, WATCHDOGS, { method: 'POST', headers: BEARER, body: new TextEncoder().encode('{"name":"n","prompt":"p"}') });
    expect(answer.status).toBe(415);
    expect(answer.body.code).toBe('unsupported_media_type');
  });

  test('a CORS preflight is answered without credentials; responses carry CORS headers', async () => {
    const preflight = await call(sandbox, WATCHDOGS, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    const list = await call(sandbox, LIST, { headers: { ...BEARER, origin: 'http://localhost:5173' } });
    expect(list.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(list.headers.get('access-control-allow-credentials')).toBe('true');
    const plainOptions = await call(sandbox, LIST, { method: 'OPTIONS', headers: BEARER });
    expect(plainOptions.status).toBe(405);
  });
});
