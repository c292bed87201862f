// Preflight: set-up mistakes are one line each before any case, never a verdict; a rate-limited
// deployment is waited out, not blamed on the user; a secret one published form takes is valid; an
// answer that is not JSON is the deployment's failure unless nothing the target answers is JSON.
import { preflight } from '../preflight';
import { BROKEN_CREDENTIALS } from '../../strength/tables/credentials';
import { BROKEN_ORACLES } from '../../strength/tables/oracles';
import { json } from '../../strength/edits';
import { faulty } from '../../strength/faulty';
import { serve } from './support/serve';
import { liveConfig, sandboxFetch, SANDBOX_CREDENTIALS } from './support/sandbox';

type Server = Awaited<ReturnType<typeof serve>>;
let sandbox: Server;
let limited: Server;
beforeAll(async () => {
  sandbox = await serve(sandboxFetch());
  // Answers 429 to the first three requests (Retry-After: 0), then as the sandbox.
  let count = 0;
  limited = await serve(faulty({ request: (s) => (++count <= 3 ? json(429, { error: 'slow down', code: 'throttled' }, { 'retry-after': '0' }) : s) }));
});
afterAll(async () => {
  await sandbox.close();
  await limited.close();
});

test('the sandbox with its credentials and writes on passes preflight', async () => {
  expect(await preflight(liveConfig(sandbox.url))).toEqual([]);
});

test('a base URL that already ends in /api/v1/ is named, with the URL to give instead', async () => {
  expect(await preflight(liveConfig(`${sandbox.url}/api/v1/`))).toEqual([
    `the base URL ${sandbox.url}/api/v1/ already ends in /api/v1; give the published {base_url} without it (${sandbox.url}): request paths start /api/v1/`,
  ]);
});

test.each([
  ['token', { token: 'wrong-key' }, /^CONFORMANCE_TOKEN \(--token\) was refused \(401\) on GET \/api\/v1\/municipalities\//],
  ['limited token', { limitedToken: 'wrong-key' }, /^CONFORMANCE_LIMITED_TOKEN \(--limited-token\) was refused \(401\)/],
  ['session id', { sessionId: 'wrong-session' }, /^CONFORMANCE_SESSION_ID \(--session-id\) was refused \(401\)/],
  ['read-only key with writes on', { token: SANDBOX_CREDENTIALS.limitedToken }, /^CONFORMANCE_TOKEN \(--token\) was refused a watchdog write \(403 on POST \/api\/v1\/watchdogs\/\) but writes are on/],
] as const)('a refused %s is one line naming it', async (_name, overrides, line) => {
  const problems = await preflight(liveConfig(sandbox.url, overrides));
  expect(problems).toHaveLength(1);
  expect(problems[0]).toMatch(line);
});

test('the same read-only key with writes off is no problem', async () => {
  expect(await preflight(liveConfig(sandbox.url, { token: SANDBOX_CREDENTIALS.limitedToken, writes: false }))).toEqual([]);
});

test('a deployment answering 429 is waited out, not a set-up error', async () => {
  expect(await preflight(liveConfig(limited.url))).toEqual([]);
});

test('a deployment that creates a watchdog from an empty body: not a set-up error, and the watchdog is deactivated', async () => {
  const seen: string[] = [];
  const lax = await serve(faulty({
    request: (s) => {
      seen.push(`${s.method} ${s.url.pathname}`);
      if (s.op !== 'watchdogsCreate' || s.text !== '{}') return s;
      const created = { name: 'x', prompt: 'y' };
      return { ...s, text: JSON.stringify(created), json: created };
    },
  }));
  try {
    expect(await preflight(liveConfig(lax.url))).toEqual([]);
    expect(seen.filter((line) => line.includes('/deactivate/'))).toHaveLength(1);
  } finally {
    await lax.close();
  }
});

test.each(BROKEN_CREDENTIALS.map((c) => [c.name, c.spec] as const))('a secret one published form refuses and another takes is no set-up mistake: %s', async (_name, spec) => {
  const server = await serve(faulty(spec));
  try {
    expect(await preflight(liveConfig(server.url))).toEqual([]);
  } finally {
    await server.close();
  }
});

test('a key no published form takes is refused, naming every form tried', async () => {
  expect(await preflight(liveConfig(sandbox.url, { token: 'wrong-key', writes: false }))).toEqual([
    'CONFORMANCE_TOKEN (--token) was refused (401) on GET /api/v1/municipalities/ in every published form (Bearer token, Token): check the value (a valid key or session of this deployment)',
  ]);
});

describe('an answer that is not JSON where the target answers JSON elsewhere is the deployment\'s failure, for the run to report', () => {
  const notJson = BROKEN_ORACLES.filter((c) => c.expect[0] === 'json_answer');
  const djangoDebugPage = faulty({ response: (s, a) => (s.op === 'municipalitiesList' && a.status === 200 ? { status: 500, headers: { 'content-type': 'text/html; charset=utf-8' }, text: '<!DOCTYPE html><html><head><title>KeyError at /api/v1/municipalities/</title></head><body>…</body></html>' } : a) });
  test.each([...notJson.map((c) => [c.name, faulty(c.spec)] as const), ['the list read with the key answers Django\'s HTML debug page (500), the read without credentials the published 401', djangoDebugPage] as const])('%s: no set-up mistake', async (_name, deployment) => {
    const server = await serve(deployment);
    try {
      expect(await preflight(liveConfig(server.url))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  test('an HTML page for every read, with credentials and without (a single-page app\'s fallback), is no API: one line', async () => {
    const spa = await serve(async () => new Response('<!doctype html><div id="root"></div>', { status: 200, headers: { 'content-type': 'text/html' } }));
    try {
      expect(await preflight(liveConfig(spa.url))).toEqual([expect.stringMatching(/^this is not the API: GET \/api\/v1\/municipalities\/ answered 200 text\/html, not JSON/)]);
    } finally {
      await spa.close();
    }
  });
});
