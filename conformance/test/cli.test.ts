// The CLI as QA runs it (bin/conformance.js): exit codes, one-line errors, reports, and no
// token or session id in any output or file.
// @slow 10 s alone: the CLI and the sandbox as processes, many times.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishedErrors } from '../../generated';
import { spawnChild } from '../../test/support/children';
import { faulty, json, serve } from './support/faults';

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'conformance.js');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONFORMANCE_')));
  const child = spawnChild(process.execPath, [BIN, ...args], { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-cli-'));
const reportText = (dir: string) => fs.readdirSync(dir).filter((file) => file.includes('.')).map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
/** npm prints config warnings on some machines; they are not ours. */
const ownLines = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('npm warn'));

/** Port 0 never has a listener (listening on 0 picks another port): a connection is always refused. */
const CLOSED_PORT = 0;

describe('usage', () => {
  test('--help prints the usage and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npx conformance/);
    expect(result.stdout).toContain('CONFORMANCE_LIMITED_TOKEN');
  });

  test.each([
    [['--only', 'nope'], {}, 'conformance: unknown area "nope" for --only; areas: responses, inputs, lists, filters, auth, lifecycle, fuzz'],
    [['replay', '/nonexistent/failures.json'], {}, 'conformance: /nonexistent/failures.json does not exist'],
    [[], { CONFORMANCE_BASE_URL: 'http://127.0.0.1:9' }, 'conformance: live mode needs an API key: set CONFORMANCE_TOKEN (or --token) to a full-permission key'],
  ] as Array<[string[], NodeJS.ProcessEnv, string]>)('a usage error is one line and exit 2: %j %j', async (args, env, line) => {
    const result = await cli(args, env);
    expect(result.code).toBe(2);
    expect(ownLines(result.stderr)).toEqual([line]);
  });

  test('a target that is down is one line and exit 2', async () => {
    const port = CLOSED_PORT;
    const result = await cli(['--base-url', `http://127.0.0.1:${port}`], { CONFORMANCE_TOKEN: 'x' });
    expect(result.code).toBe(2);
    expect(ownLines(result.stderr)).toEqual([`conformance: cannot reach http://127.0.0.1:${port}: connection refused (is the deployment running?)`]);
  });
});

describe('mock mode (no target)', () => {
  const secret = `mock-secret-${randomBytes(6).toString('hex')}`;
  let result: Result;
  let dir: string;
  beforeAll(async () => {
    dir = tmpDir();
    result = await cli(['--report', dir], { CONFORMANCE_TOKEN: secret, CONFORMANCE_SESSION_ID: `${secret}-session` });
  }, 60_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('passes against the Prism mock and exits 0', () => {
    expect(result.stdout).toMatch(/^Verdict: PASS — 0 failed/m);
    expect(result.code).toBe(0);
  });

  test('exercises every declared status of every operation (coverage.json for the CI gate)', () => {
    const coverage = JSON.parse(fs.readFileSync(path.join(dir, 'coverage.json'), 'utf8')) as { mode: string; operations: Record<string, Record<string, { exercised: boolean }>> };
    expect(coverage.mode).toBe('mock');
    const missing = Object.entries(coverage.operations).flatMap(([op, cells]) => Object.entries(cells).filter(([, c]) => !c.exercised).map(([s]) => `${op} ${s}`));
    expect(missing).toEqual([]);
    expect(Object.keys(coverage.operations)).toHaveLength(8);
  });

  test('says which rules ran in mock mode and why the others did not', () => {
    expect(result.stdout).toMatch(/^SKIP {2}filter_country_code +municipalitiesList +mock mode: Prism does not filter/m);
    expect(fs.readFileSync(path.join(dir, 'summary.md'), 'utf8')).toContain('| filter_country_code | filters | skipped: Prism does not filter: every query gets the same example | runs |');
  });

  test('no token or session id in the output or any report file', () => {
    const everything = [result.stdout, result.stderr, reportText(dir)].join('\n');
    expect(everything).not.toContain(secret);
  });
});

describe('live mode against a faulty deployment, and replay', () => {
  const secrets = { token: `tok-${randomBytes(8).toString('hex')}`, readonlyToken: `ro-${randomBytes(8).toString('hex')}`, sessionId: `sid-${randomBytes(8).toString('hex')}` };
  const env = { CONFORMANCE_TOKEN: secrets.token, CONFORMANCE_LIMITED_TOKEN: secrets.readonlyToken, CONFORMANCE_SESSION_ID: secrets.sessionId };
  let server: { url: string; close(): Promise<void> };
  let result: Result;
  let replayed: Result;
  let dir: string;

  beforeAll(async () => {
    // Refuses three credential forms everywhere, so reports show requests with a credential in every position.
    const refusesForms = faulty({
      request: (s) =>
        (s.headers.get('authorization') ?? '').startsWith('Token ') || s.url.searchParams.has('sessionid') || (s.headers.get('cookie') ?? '').includes('sessionid=')
          ? json(401, publishedErrors['401'])
          : s,
    }, secrets);
    server = await serve(refusesForms);
    dir = tmpDir();
    result = await cli(['--base-url', server.url, '--only', 'auth', '--writes', '--seed', '5', '--report', dir], env);
    replayed = await cli(['replay', path.join(dir, 'failures.json'), '--base-url', server.url, '--report', path.join(dir, 'replay')], env);
  }, 90_000);

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('fails with exit 1 and names the rule', () => {
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}credential_form_accepted +municipalitiesList +Session \(cookie\): answered 401.*shows this form on municipalitiesList/m);
    expect(result.stdout).toMatch(/^Verdict: FAIL .* seed 5 /m);
  });

  test('shows each failing request as curl with the credential redacted, in every position', () => {
    expect(result.stdout).toContain("-H 'Authorization: Token <redacted>'");
    expect(result.stdout).toContain('sessionid=<redacted>; theme=dark');
    // The query form is shown on no operation in particular: its refusal is a warning, with its curl in junit.xml.
    expect(result.stdout).toMatch(/^WARN {2}credential_form_accepted +companiesSearch +Session \(cookie\): answered 401.*not published/m);
    expect(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(/curl .*\/api\/v1\/companies\/search\/\?sessionid=&lt;redacted&gt;/);
  });

  test('writes junit.xml with the failure, summary.md with the verdict and failures.json with the cases', () => {
    expect(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(/<testcase name="credential_form_accepted · municipalitiesList" classname="conformance.auth">\s*<failure message=/);
    expect(fs.readFileSync(path.join(dir, 'summary.md'), 'utf8')).toMatch(/^## Conformance: ❌ FAIL/);
    const failures = JSON.parse(fs.readFileSync(path.join(dir, 'failures.json'), 'utf8')) as { seed: number; failures: Array<{ rule: string }> };
    expect(failures.seed).toBe(5);
    expect(failures.failures.map((f) => f.rule)).toContain('credential_form_accepted');
  });

  test('`replay failures.json` re-sends those requests, judges them again and fails the same rule', () => {
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/^Conformance: replay of \d+ failure\(s\) from run [0-9a-f]{8}/m);
    expect(replayed.stdout).toMatch(/^FAIL {2}credential_form_accepted +municipalitiesList/m);
  });

  test('no token or session id in the output or any report file', () => {
    const everything = [result.stdout, result.stderr, replayed.stdout, replayed.stderr, reportText(dir), reportText(path.join(dir, 'replay'))].join('\n');
    for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
  });
});
