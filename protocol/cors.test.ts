import { corsHeaders, isPreflight, preflightHeaders } from './cors';

const POLICY = { exposeHeaders: ['Allow'] };

test('no Origin, no CORS headers; an Origin is echoed with credentials allowed (never *)', () => {
  expect(corsHeaders(null, POLICY)).toEqual({});
  expect(corsHeaders('http://localhost:5173', POLICY)).toEqual({
    'access-control-allow-origin': 'http://localhost:5173',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': 'Allow',
    vary: 'Origin',
  });
});

test('a preflight is OPTIONS with Access-Control-Request-Method', () => {
  expect(isPreflight('OPTIONS', 'POST')).toBe(true);
  expect(isPreflight('OPTIONS', null)).toBe(false);
  expect(isPreflight('GET', 'POST')).toBe(false);
});

test('a preflight answer allows the path’s methods and the asked-for headers, or the policy’s', () => {
  const asked = { origin: 'http://a.test', requestHeaders: 'authorization, x-trace', methods: ['GET', 'HEAD'] };
  expect(preflightHeaders(asked, POLICY)).toMatchObject({ 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': 'authorization, x-trace' });
  expect(preflightHeaders(asked, { ...POLICY, allowHeaders: ['Authorization', 'Prefer'] })['access-control-allow-headers']).toBe('Authorization, Prefer');
  expect(preflightHeaders({ ...asked, requestHeaders: null }, POLICY)['access-control-allow-headers']).toBe('Authorization, Content-Type');
});
