// Curl that runs when pasted: secrets and extra headers as shell variables (never their values),
// every other byte exactly as sent. Each printed failing curl, run through `sh` with the variables
// set against the faulty deployment (behind a gateway that needs its header), gets the answer the
// run judged; one whose body is kept in bodies/, run from the report folder, sends the same bytes.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runChild } from '../../test/support/children';
import { publishedErrors } from '../../generated';
import { createBodyStore, storedBytes } from '../engine/bodies';
import { curlCommand, headerVariable, SECRET_VARIABLES, shellWord } from '../engine/curl';
import { NEAR_MISSES, nearMissOf } from '../engine/near-miss';
import { buildReport } from '../report/model';
import { runSuite } from '../suite';
import { formField, json } from '../../strength/edits';
import { faulty } from '../../strength/faulty';
import { serve } from './support/serve';
import { liveConfig } from './support/sandbox';

const secrets = { token: `tok-${randomBytes(6).toString('hex')}`, limitedToken: `ro-${randomBytes(6).toString('hex')}`, sessionId: `sid-${randomBytes(6).toString('hex')}` };
/** An extra header a gateway in front of the deployment needs (conformance.config.json, -H). */
const gateway = { 'X-Gateway-Key': `gw-${randomBytes(6).toString('hex')}` };
const shellEnv = { PATH: process.env.PATH, [SECRET_VARIABLES.token]: secrets.token, [SECRET_VARIABLES.limitedToken]: secrets.limitedToken, [SECRET_VARIABLES.sessionId]: secrets.sessionId, [headerVariable('X-Gateway-Key')]: gateway['X-Gateway-Key'] };
const sh = (script: string) => execFileSync('sh', ['-c', script], { env: shellEnv, encoding: 'utf8' });
/** Asynchronous: the deployment answers from this process. */
const shAsync = async (script: string) => (await runChild('sh', ['-c', script], { env: shellEnv })).stdout;

test.each([
  ["an apostrophe: O'Brien"],
  ['double "quotes", $HOME, `id`, $(id), \\backslash, !history, %s'],
  ['a newline\nand a tab\tand unicode: Zürich 東京 🙂'],
  [`the token ${secrets.token} inside text, and the session ${encodeURIComponent(secrets.sessionId)}`],
])('a shell word of %j reads back exactly, secrets from the variables', (text) => {
  const word = shellWord(text, secrets);
  expect(word).not.toContain(secrets.token);
  expect(word).not.toContain(secrets.sessionId);
  expect(sh(`printf %s ${word}`)).toBe(text);
});

test.each(NEAR_MISSES.map((c) => [c.id] as const))('a near miss (%s) is made in sh from its secret\'s variable: the curl runs and shows no secret', (id) => {
  for (const [secret, value] of [['token', secrets.token], ['session', secrets.sessionId]] as const) {
    const near = nearMissOf(value, id)!;
    const word = shellWord(`Authorization: Bearer ${near}`, { ...secrets, nearMiss: { secret, id } });
    expect(word).not.toContain(value.slice(4));
    expect(sh(`printf %s ${word}`)).toBe(`Authorization: Bearer ${near}`);
  }
});

describe('printed curl against a faulty deployment', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let curls: Array<{ rule: string; status: number | undefined; curl: string }>;
  beforeAll(async () => {
    const search = (s: { op?: string; json?: unknown; text: string; headers: Headers }) =>
      String((s.json as Record<string, unknown> | undefined)?.name ?? formField(s as never, 'name') ?? '');
    const deployment = faulty({
      request: (s) => {
        if (s.headers.get('x-gateway-key') !== gateway['X-Gateway-Key']) return json(403, { message: 'gateway: no key' });
        // Crashes on an apostrophe in a company search name (any media type)…
        if (s.op === 'companiesSearch' && search(s).includes("'")) return { status: 500, headers: { 'content-type': 'text/html' }, text: '<h1>Server Error</h1>' };
        // …and refuses the session cookie everywhere.
        if ((s.headers.get('cookie') ?? '').includes('sessionid=')) return json(401, publishedErrors['401']);
        return s;
      },
    }, { token: secrets.token, readonlyToken: secrets.limitedToken, sessionId: secrets.sessionId });
    // The run talks to the deployment in-process (fast); the pasted curl reaches the same one over a socket.
    server = await serve(deployment);
    const config = liveConfig(server.url, { ...secrets, headers: gateway, areas: ['inputs', 'auth'], seed: 3 });
    const { results, durationMs } = await runSuite(config, { fetch: deployment });
    const report = buildReport(config, results, durationMs);
    curls = report.lines.filter((l) => l.outcome === 'fail').flatMap((l) => l.evidence.filter((f) => f.curl).map((f) => ({ rule: l.rule, status: f.status, curl: f.curl! })));
  });
  afterAll(() => server.close());

  test('the run fails on both faults, each with curl', () => {
    expect([...new Set(curls.map((c) => c.rule))]).toEqual(expect.arrayContaining(['credential_form_accepted', 'no_server_error']));
  });

  test('no curl carries a secret; each names the variables instead', () => {
    for (const { curl } of curls) for (const secret of [...Object.values(secrets), gateway['X-Gateway-Key']]) expect(curl).not.toContain(secret);
    expect(curls.every((c) => c.curl.includes(`-H 'X-Gateway-Key: '"$CONFORMANCE_HEADER_X_GATEWAY_KEY"`))).toBe(true);
    expect(curls.some((c) => c.curl.includes('"$CONFORMANCE_SESSION_ID"'))).toBe(true);
    expect(curls.every((c) => c.curl.includes('"$CONFORMANCE_TOKEN"') || c.curl.includes('"$CONFORMANCE_SESSION_ID"'))).toBe(true);
  });

  test('each failing curl, run through sh with the variables set, gets the status the run judged', async () => {
    const sample = curls.slice(0, 12);
    const statuses: number[] = [];
    for (const { curl } of sample) statuses.push(Number(/^HTTP\/[\d.]+ (\d{3})/.exec(await shAsync(curl))?.[1]));
    expect(statuses).toEqual(sample.map((c) => c.status));
    expect(statuses).toEqual(expect.arrayContaining([500, 401]));
  });
});

test('a body over 4 KB is read from bodies/ (a whole body piped in decompressed, a multipart value as a file): run from the report folder, it sends the same bytes', async () => {
  const received: string[] = [];
  const echo = await serve(async (request) => {
    received.push(request.headers.get('content-type')?.startsWith('multipart/') ? String((await request.formData()).get('name')) : await request.text());
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-curl-bodies-'));
  try {
    const store = createBodyStore();
    const long = `{"name":"${"O'Brien \"$HOME\" Zürich 🙂 ".repeat(300)}"}`;
    const url = `${echo.url}/api/v1/companies/search/`;
    const whole = curlCommand({ method: 'POST', url, headers: { 'Content-Type': 'application/json' }, body: long }, { kind: 'raw', text: long, contentType: 'application/json' }, {}, store);
    const multipart = curlCommand({ method: 'POST', url, headers: {} }, { kind: 'multipart', fields: [['name', long]] }, {}, store);
    expect(whole).toMatch(/^gzip -dc 'bodies\/[0-9a-f]{16}\.json\.gz' \| curl .* --data-binary @-$/);
    expect(multipart).toMatch(/--form 'name=<bodies\/[0-9a-f]{16}\.txt'$/);
    fs.mkdirSync(path.join(dir, 'bodies'));
    for (const [name, text] of store.files) fs.writeFileSync(path.join(dir, name), storedBytes(name, text));
    for (const curl of [whole, multipart]) await runChild('sh', ['-c', `cd '${dir}' && ${curl}`], { env: shellEnv });
    expect(received).toEqual([long, long]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await echo.close();
  }
});
