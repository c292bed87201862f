// Tokens and session ids never appear in output: given secrets in every spelling, and any value
// in a credential position.
import { createRedactor, REDACTED } from '../engine/redact';
import { curlCommand } from '../engine/curl';
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
  expect(redact(`{"value":"Bearer ${SESSION}x"} ${SESSION}abc`)).toBe(`{"value":"Bearer ${REDACTED}x"} ${REDACTED}abc`);
});

test('a made-up value in any credential position is hidden, whatever secrets the redactor knows', () => {
  const none = createRedactor([]);
  expect(none("-H 'Cookie: csrftoken=conformance; sessionid=abc/def+=; theme=dark'")).toBe(`-H 'Cookie: csrftoken=conformance; sessionid=${REDACTED}; theme=dark'`);
  expect(none("-H 'Authorization: Token made-up'")).toBe(`-H 'Authorization: Token ${REDACTED}'`);
});

test('the HAR of the auth phase holds no secret, not even one with a character appended or in swapped case (HAR writes headers as JSON, where no credential position is recognised)', async () => {
  const { token, limitedToken, sessionId } = SANDBOX_CREDENTIALS;
  const recorder = recordHar(sandboxFetch(), createRedactor([token, limitedToken, sessionId]));
  await judge(recorder.fetch, { areas: ['auth'] });
  const har = recorder.har();
  expect(har).toContain(`"Bearer ${REDACTED}-"`);
  for (const secret of [token, limitedToken, sessionId]) {
    expect(har).not.toContain(secret);
    expect(har).not.toContain(swapCase(secret));
  }
});
