// Credentials: the five published forms, the read-only key, the published 401/403 bodies,
// and the order of checks (credentials before validation and before 404).
import { publishedError } from '../protocol/errors';
import { ADAPTERS, BEARER, READONLY_TOKEN, SESSION_ID, TOKEN, call, type Target } from './test/test-support';

const LIST = '/api/v1/municipalities/';
const SEARCH = '/api/v1/companies/search/';
const WATCHDOGS = '/api/v1/watchdogs/';
const EXAMPLE_WATCHDOG = 'e3f4a5b6-c7d8-4e9f-a0b1-c2d3e4f5a6b7';
// The contract's published bodies, byte for byte (protocol/ reads them from the contract's examples).
const UNAUTHORIZED = { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' };
const FORBIDDEN = { error: 'Unzureichende Berechtigungen', code: 'forbidden' };

test('the published bodies come from the contract', () => {
  expect([publishedError('401'), publishedError('403')]).toEqual([UNAUTHORIZED, FORBIDDEN]);
});

describe.each(ADAPTERS)('through the $name adapter', ({ start }) => {
  let sandbox: Target;
  const logLines: string[] = [];
  beforeAll(async () => {
    sandbox = await start({ accessLog: true, log: (line) => logLines.push(line) });
  });
  afterAll(() => sandbox.close());

  type Form = [name: string, path: (secret: string) => string, headers: (secret: string) => Record<string, string>];
  const FORMS: Form[] = [
    ['Authorization: Bearer', () => LIST, (s) => ({ authorization: `Bearer ${s}` })],
    ['Authorization: Token', () => LIST, (s) => ({ authorization: `Token ${s}` })],
    ['Authorization: Session', () => LIST, (s) => ({ authorization: `Session ${s}` })],
    ['?sessionid=', (s) => `${LIST}?sessionid=${s}`, () => ({})],
    ['cookie sessionid', () => LIST, (s) => ({ cookie: `theme=dark; sessionid=${s}` })],
  ];
  const secretFor = (form: string) => (form.includes('ession') ? SESSION_ID : TOKEN);

  test.each(FORMS)('%s with the right value: 200', async (form, path, headers) => {
    const answer = await call(sandbox, path(secretFor(form)), { headers: headers(secretFor(form)) });
    expect(answer.status).toBe(200);
  });

  test.each(FORMS)('%s with a wrong value: 401 with the published body', async (_form, path, headers) => {
    const answer = await call(sandbox, path('wrong'), { headers: headers('wrong') });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(UNAUTHORIZED);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  test.each([
    ['no credentials', {}],
    ['an API key sent as a session', { authorization: `Session ${TOKEN}` }],
    ['a session id sent as an API key', { authorization: `Bearer ${SESSION_ID}` }],
    ['Basic credentials', { authorization: 'Basic dXNlcjpwYXNz' }],
    ['a scheme without a value', { authorization: 'Bearer' }],
  ])('%s: 401', async (_what, headers) => {
    const answer = await call(sandbox, LIST, { headers });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(UNAUTHORIZED);
  });

  test('scheme words are case-insensitive', async () => {
    expect((await call(sandbox, LIST, { headers: { authorization: `bearer ${TOKEN}` } })).status).toBe(200);
  });

  test('a wrong Authorization header is not rescued by a right cookie (the first form present decides)', async () => {
    const answer = await call(sandbox, LIST, { headers: { authorization: 'Bearer wrong', cookie: `sessionid=${SESSION_ID}` } });
    expect(answer.status).toBe(401);
  });

  describe('the read-only key', () => {
    const readonly = { authorization: `Bearer ${READONLY_TOKEN}` };

    test('lists municipalities and searches companies', async () => {
      expect((await call(sandbox, LIST, { headers: readonly })).status).toBe(200);
      expect((await call(sandbox, SEARCH, { method: 'POST', headers: readonly, body: { country: 'AT' } })).status).toBe(200);
    });

    test.each([
      ['POST', WATCHDOGS],
      ['PATCH', `${WATCHDOGS}${EXAMPLE_WATCHDOG}/events/e1/`],
      ['POST', `${WATCHDOGS}${EXAMPLE_WATCHDOG}/activate/`],
      ['POST', `${WATCHDOGS}${EXAMPLE_WATCHDOG}/deactivate/`],
      ['POST', `${WATCHDOGS}${EXAMPLE_WATCHDOG}/subscribe/`],
      ['POST', `${WATCHDOGS}${EXAMPLE_WATCHDOG}/unsubscribe/`],
      ['POST', `${WATCHDOGS}00000000-0000-4000-8000-000000000000/activate/`],
    ])('%s %s: 403 with the published body, before validation and lookup', async (method, path) => {
      const answer = await call(sandbox, path, { method, headers: readonly, body: { name: 5 } });
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual(FORBIDDEN);
    });
  });

  describe('credentials are checked before validation and before 404', () => {
    test.each([
      ['an invalid body', 'POST', WATCHDOGS, { name: 5 }],
      ['an unknown watchdog', 'POST', `${WATCHDOGS}00000000-0000-4000-8000-000000000000/activate/`, {}],
      ['an out-of-range page', 'GET', `${LIST}?page=999`, undefined],
      ['an invalid filter', 'GET', `${LIST}?uuid=x`, undefined],
      ['a malformed query string', 'GET', `${LIST}?q=%ZZ`, undefined],
      ['a wrong method', 'DELETE', LIST, undefined],
    ])('%s without credentials: 401', async (_what, method, path, body) => {
      const answer = await call(sandbox, path, { method, body });
      expect(answer.status).toBe(401);
    });

    test('with credentials the same requests get their own answers', async () => {
      expect((await call(sandbox, WATCHDOGS, { method: 'POST', headers: BEARER, body: { name: 5 } })).status).toBe(400);
      expect((await call(sandbox, `${LIST}?page=999`, { headers: BEARER })).status).toBe(404);
    });
  });

  test('no credential value ever reaches the log', async () => {
    await call(sandbox, `${LIST}?sessionid=${SESSION_ID}&q=a`);
    await call(sandbox, LIST, { headers: { cookie: `sessionid=${SESSION_ID}` } });
    expect(logLines.length).toBeGreaterThan(0);
    const log = logLines.join('\n');
    for (const secret of [TOKEN, READONLY_TOKEN, SESSION_ID]) expect(log).not.toContain(secret);
    expect(log).toContain('sessionid=<redacted>');
  });
});
