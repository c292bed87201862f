// Tokens and session ids never appear in output: given secrets in every spelling, and any value
// in a credential position.
import { createRedactor, REDACTED, redactorFor } from '../engine/redact';
import { curlCommand } from '../engine/curl';
import { NEAR_MISSES, nearMissOf } from '../engine/near-miss';
import { credentialForms, credentialParts, swapCase } from '../engine/credentials';
import { recordHar } from '../traffic/har';
import { judge } from './support/judge';
import { SANDBOX_CREDENTIALS, sandboxFetch } from './support/sandbox';

const TOKEN = 'tok+en/with=odd&chars';
const SESSION = 'sess-1234567890';
const redact = createRedactor([TOKEN, SESSION, undefined, '']);

test.each(credentialForms.map((form) => [form.label, form.scheme, form.secret === 'API_KEY' ? TOKEN : SESSION] as const))(
  'the %s form in a curl command is redacted',
  (_label, scheme, secret) => {
    const parts = credentialParts(scheme, secret);
    const url = new URL('http://127.0.0.1:4011/api/v1/municipalities/');
    for (const [name, value] of parts.query) url.searchParams.append(name, value);
    const curl = redact(curlCommand({ method: 'GET', url: url.toString(), headers: parts.headers }));
    expect(curl).toContain(REDACTED);
    expect(curl).not.toContain(secret);
    expect(curl).not.toContain(encodeURIComponent(secret));
  },
);

test('secrets are hidden as given, URL-encoded, form-encoded and JSON-escaped', () => {
  const text = [TOKEN, encodeURIComponent(TOKEN), new URLSearchParams({ t: TOKEN }).toString(), JSON.stringify({ t: TOKEN })].join(' ');
  expect(redact(text)).not.toMatch(/tok\+en|tok%2Ben|odd/);
});

test('a value in a credential position is hidden even when it is not a known secret', () => {
  const curl = "curl -H 'Authorization: Bearer conformance-invalid-abc' -H 'Cookie: a=b; sessionid=zzz' 'http://h/?x=1&sessionid=qqq'";
  expect(redact(curl)).toBe(`curl -H 'Authorization: Bearer ${REDACTED}' -H 'Cookie: a=b; sessionid=${REDACTED}' 'http://h/?x=1&sessionid=${REDACTED}'`);
});

test('other text is left alone', () => {
  expect(redact('GET /api/v1/municipalities/?country_code=AT answered 200')).toBe('GET /api/v1/municipalities/?country_code=AT answered 200');
});

test('a short secret is hidden as a word, not inside other words', () => {
  const short = createRedactor(['lim']);
  expect(short("forbidden_limited_key: Authorization: Token lim and 'lim'")).toBe(`forbidden_limited_key: Authorization: Token ${REDACTED} and '${REDACTED}'`);
});

test('a secret long enough not to occur by chance is hidden inside a longer word too (a key with characters appended, in JSON)', () => {
  expect(redact(`{"value":"Bearer ${SESSION}-z"} ${SESSION}abc`)).toBe(`{"value":"Bearer ${REDACTED}-z"} ${REDACTED}abc`);
});

test('a made-up value in any credential position is hidden, whatever secrets the redactor knows', () => {
  const none = createRedactor([]);
  expect(none("-H 'Cookie: csrftoken=conformance; sessionid=abc/def+=; theme=dark'")).toBe(`-H 'Cookie: csrftoken=conformance; sessionid=${REDACTED}; theme=dark'`);
  expect(none("-H 'Authorization: Token made-up'")).toBe(`-H 'Authorization: Token ${REDACTED}'`);
});

test('the HAR of the auth phase holds no secret, nor any near miss of one (HAR writes headers, query parameters and cookies as JSON)', async () => {
  const { token, limitedToken, sessionId } = SANDBOX_CREDENTIALS;
  const recorder = recordHar(sandboxFetch(), createRedactor([token, limitedToken, sessionId]));
  await judge(recorder.fetch, { areas: ['auth'] });
  const har = recorder.har();
  expect(har).toContain(`"Bearer ${REDACTED}"`);
  expect(har).toMatch(new RegExp(`"name": "sessionid",\\s*"value": "${REDACTED}"`));
  for (const secret of [token, limitedToken, sessionId]) {
    for (const spelling of [secret, swapCase(secret), ...NEAR_MISSES.map(({ id }) => nearMissOf(secret, id)!)]) expect({ secret, spelling, shown: har.includes(spelling) }).toEqual({ secret, spelling, shown: false });
  }
});

test('a near miss of a long secret is hidden anywhere, like the secret; of a short one where a credential goes (half of the mock\'s token is a word of every report)', () => {
  expect(createRedactor(['conformance-mock-token'])('conformance: a usage error')).toBe('conformance: a usage error');
  const key = 'k3y-0123456789abcdef0123456789abcdef';
  const long = createRedactor([key]);
  for (const { id } of NEAR_MISSES) expect(long(`echoed: ${nearMissOf(key, id)}!`)).toMatch(/^echoed: <redacted>.?!$/);
  const short = createRedactor(['demo-key']);
  expect(short('{"name": "authorization", "value": "Token demo"}')).toBe(`{"name": "authorization", "value": "Token ${REDACTED}"}`);
  expect(short('{"name": "cookie", "value": "sessionid=demo-k; theme=dark"}')).toBe(`{"name": "cookie", "value": "sessionid=${REDACTED}; theme=dark"}`);
  expect(short('a demo of the key')).toBe('a demo of the key');
});

describe('extra headers (a gateway\'s)', () => {
  const config = { token: TOKEN, headers: { 'X-Gateway-Key': 'gw-secret-0123', 'X-Tenant': '1' } };
  const hide = redactorFor(config);

  test('a value is hidden where its header is written (curl, a message, a HAR), any case; a pasted curl keeps its variable', () => {
    const curl = `curl -H 'X-Tenant: 1' -H 'x-gateway-key:gw-secret-0123' -H 'X-Tenant: '"$CONFORMANCE_HEADER_X_TENANT" 'http://h/?page=1'`;
    expect(hide(curl)).toBe(`curl -H 'X-Tenant: ${REDACTED}' -H 'x-gateway-key:${REDACTED}' -H 'X-Tenant: '"$CONFORMANCE_HEADER_X_TENANT" 'http://h/?page=1'`);
    const har = JSON.stringify({ headers: [{ name: 'x-tenant', value: '1' }, { name: 'accept', value: '1' }] }, null, 2);
    expect(hide(har)).toContain(`"name": "x-tenant",\n      "value": "${REDACTED}"`);
    expect(hide(har)).toContain('"value": "1"');
  });

  test('a value of 4 characters or more is hidden anywhere, like a secret; a shorter one leaves other text alone', () => {
    expect(hide('the gateway said: gw-secret-0123 is not allowed, page 1 of 1')).toBe(`the gateway said: ${REDACTED} is not allowed, page 1 of 1`);
  });

  test('curl reads each from its variable, so the pasted command sends the value the user sets', () => {
    const curl = curlCommand({ method: 'GET', url: 'http://h/', headers: { 'X-Gateway-Key': 'gw-secret-0123', 'X-Other': 'gw-secret-0123' } }, undefined, config);
    expect(curl).toBe(`curl -sS -i -g -X GET 'http://h/' -H 'X-Gateway-Key: '"$CONFORMANCE_HEADER_X_GATEWAY_KEY" -H 'X-Other: gw-secret-0123'`);
  });
});
