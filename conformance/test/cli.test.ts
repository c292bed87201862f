// The CLI as QA runs it (conformance/cli.ts, which the built `conformance` bin runs): exit codes, one-line errors, reports, and no
// token or session id in any output or file.
// @slow 10 s alone: the CLI and the sandbox as processes, many times.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { operations, publishedErrors } from '../../generated';
import type { Finished as Result } from '../../test/support/children';
import { runCli } from './support/cli';
import { BROKEN_ORACLES } from '../../strength/tables/oracles';
import { json } from '../../strength/edits';
import { faulty } from '../../strength/faulty';
import { serve } from './support/serve';

const cli = (args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string) => runCli(args, env, { cwd });

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
    [['--base-url', 'http://127.0.0.1:9/api/v1/'], { CONFORMANCE_TOKEN: 'x' }, 'conformance: the base URL http://127.0.0.1:9/api/v1 already ends in /api/v1; give the published {base_url} without it (http://127.0.0.1:9): request paths start /api/v1/'],
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
  });
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
    expect(Object.keys(coverage.operations)).toHaveLength(Object.keys(operations).length);
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
  let fixed: Result;
  let printed: string[];
  let dir: string;
  let original: Record<string, string>;
  let replayReports: string;

  beforeAll(async () => {
    // Refuses three credential forms everywhere, so reports show requests with a credential in every position.
    const refusesForms = faulty({
      request: (s) =>
        (s.headers.get('authorization') ?? '').startsWith('Token ') || s.url.searchParams.has('sessionid') || (s.headers.get('cookie') ?? '').includes('sessionid=')
          ? json(401, publishedErrors['401'])
          : s,
    }, secrets);
    // One URL, the faulty deployment first, the correct one (the fault fixed) once it is swapped in.
    let deployment = refusesForms;
    server = await serve((request) => deployment(request));
    dir = tmpDir();
    result = await cli(['--base-url', server.url, '--only', 'auth', '--writes', '--seed', '5', '--report', dir], env);
    original = Object.fromEntries(fs.readdirSync(dir).map((file) => [file, fs.readFileSync(path.join(dir, file)).toString('base64')]));
    // The replay as the console prints it, with nothing added (the secrets from the variables, as for the run),
    // from the run's folder: without --report its reports go to reports/replay-<time>/ there.
    printed = /^Reproduce: npx conformance (replay \S+) {3}/m.exec(result.stdout)![1]!.split(' ');
    replayed = await cli(printed, env, dir);
    const [replayDir] = fs.readdirSync(path.join(dir, 'reports'));
    replayReports = path.join(dir, 'reports', replayDir!);
    deployment = faulty({}, secrets);
    fixed = await cli([...printed, '--report', path.join(dir, 'replay-fixed')], env, dir);
  });

  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a wrong token stops before any case: exit 2, one line naming it', async () => {
    const wrong = await cli(['--base-url', server.url, '--report', path.join(dir, 'wrong')], { ...env, CONFORMANCE_TOKEN: 'not-the-key' });
    expect(wrong.code).toBe(2);
    expect(ownLines(wrong.stderr)).toEqual([`conformance: CONFORMANCE_TOKEN (--token) was refused (401) on GET /api/v1/municipalities/ in every published form (Bearer token, Token): check the value (a valid key or session of this deployment)`]);
    expect(fs.existsSync(path.join(dir, 'wrong'))).toBe(false);
  });

  test('fails with exit 1 and names the rule', () => {
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}credential_form_accepted +municipalitiesList +Session \(cookie\): answered 401.*shows this form on municipalitiesList/m);
    expect(result.stdout).toMatch(/^Verdict: FAIL .* seed 5 /m);
  });

  test('shows each failing request as curl with the credential as a shell variable, in every position', () => {
    expect(result.stdout).toContain(`-H 'Authorization: Token '"$CONFORMANCE_TOKEN"`);
    expect(result.stdout).toContain(`sessionid='"$CONFORMANCE_SESSION_ID"'; theme=dark'`);
    // The query form is shown on no operation in particular: its refusal is a warning, with its curl in junit.xml.
    expect(result.stdout).toMatch(/^WARN {2}credential_form_accepted +companiesSearch +Session \(cookie\): answered 401.*not published/m);
    expect(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(/curl .*\/api\/v1\/companies\/search\/\?sessionid='&quot;\$CONFORMANCE_SESSION_ID&quot;/);
  });

  test('writes junit.xml with the failure, summary.md with the verdict and failures.json with the cases', () => {
    expect(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(/<testcase name="credential_form_accepted · municipalitiesList" classname="conformance.auth">\s*<failure message=/);
    expect(fs.readFileSync(path.join(dir, 'summary.md'), 'utf8')).toMatch(/^## Conformance: ❌ FAIL/);
    const failures = JSON.parse(fs.readFileSync(path.join(dir, 'failures.json'), 'utf8')) as { seed: number; failures: Array<{ rule: string }> };
    expect(failures.seed).toBe(5);
    expect(failures.failures.map((f) => f.rule)).toContain('credential_form_accepted');
  });

  test('the replay as printed goes where the failures happened, judges them again and fails the same rule', () => {
    expect(printed).toEqual(['replay', path.join(dir, 'failures.json')]);
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/^Conformance: replay of \d+ failure\(s\) from run [0-9a-f]{8} · live mode · http:\/\/127\.0\.0\.1:\d+ /m);
    expect(replayed.stdout).toContain(`  against ${server.url}, where the failures happened (as recorded in the file; --base-url sends them elsewhere)`);
    expect(replayed.stdout).toMatch(/^FAIL {2}credential_form_accepted +municipalitiesList/m);
  });

  test('the same replay once the fault is fixed (the correct deployment at the same URL) passes', () => {
    expect(fixed.stdout).toMatch(/^PASS {2}credential_form_accepted +municipalitiesList/m);
    expect(fixed.stdout).toMatch(/^Verdict: PASS — 0 failed/m);
    expect(fixed.code).toBe(0);
  });

  test('a replay against the mock is said in its header, and only when asked (--mock)', async () => {
    const mocked = await cli(['replay', path.join(dir, 'failures.json'), '--mock', '--report', path.join(dir, 'replay-mock')], env);
    expect(mocked.stdout).toMatch(/^ {2}against a fresh Prism mock \(--mock\), not where the failures happened \(http:\/\/127\.0\.0\.1:\d+\): it says nothing of that deployment$/m);
    const told = await cli(['replay', path.join(dir, 'failures.json'), '--report', path.join(dir, 'replay-no-token')], {});
    expect(told.code).toBe(2);
    expect(ownLines(told.stderr)).toEqual([`conformance: the failures were recorded against ${server.url}, where the replay goes: live mode needs an API key: set CONFORMANCE_TOKEN (or --token) to a full-permission key`]);
  });

  test('the replay writes to its own folder and leaves the run it replays byte-identical', () => {
    expect(path.basename(replayReports)).toMatch(/^replay-\d{8}-\d{6}$/);
    expect(fs.readdirSync(replayReports).sort()).toEqual(['coverage.json', 'failures.json', 'junit.xml', 'report.html', 'results.json', 'results.sarif', 'summary.md']);
    const now = Object.fromEntries(Object.keys(original).map((file) => [file, fs.readFileSync(path.join(dir, file)).toString('base64')]));
    expect(now).toEqual(original);
  });

  test('the replay reports the seed of the run it replays and lists only what it judged', () => {
    expect(replayed.stdout).toMatch(/^Verdict: FAIL .*, 0 skipped · \d+ requests · seed 5 /m);
    expect(replayed.stdout).toContain(`rerun everything: npx conformance --base-url ${server.url} --writes --seed 5`);
    expect(replayed.stdout).not.toMatch(/^SKIP /m);
  });

  test('a replay told to write into the folder of the run it replays is a usage error', async () => {
    const refused = await cli(['replay', path.join(dir, 'failures.json'), '--base-url', server.url, '--report', dir], env);
    expect(refused.code).toBe(2);
    expect(ownLines(refused.stderr)).toEqual([`conformance: --report ${dir} is the folder of the run being replayed; a replay writes to its own (default reports/replay-<time>)`]);
  });

  test('no token or session id in the output or any report file', () => {
    const everything = [result.stdout, result.stderr, replayed.stdout, replayed.stderr, reportText(dir), reportText(replayReports)].join('\n');
    for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
  });
});

describe('an answer that is not JSON', () => {
  const env = { CONFORMANCE_TOKEN: 'demo-key', CONFORMANCE_LIMITED_TOKEN: 'demo-limited-key', CONFORMANCE_SESSION_ID: 'demo-session' };
  const trailingComma = BROKEN_ORACLES.find((c) => c.name.startsWith('the municipality list streamed by a hand-written serializer'))!;

  test('from a target that answers JSON elsewhere is the deployment\'s failure: exit 1, json_answer named', async () => {
    const server = await serve(faulty(trailingComma.spec));
    const dir = tmpDir();
    try {
      const result = await cli(['--base-url', server.url, '--only', 'lists', '--seed', '3', '--report', dir], env);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^FAIL {2}json_answer +municipalitiesList +200 application\/json: it does not parse as JSON/m);
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('from a target that answers no JSON at all is no API: exit 2, one line', async () => {
    const server = await serve(async () => new Response('{"count": 2, "results": [{"uuid": "3f1c', { status: 200, headers: { 'content-type': 'application/json' } }));
    try {
      const result = await cli(['--base-url', server.url, '--only', 'lists'], env);
      expect(result.code).toBe(2);
      expect(ownLines(result.stderr)).toEqual([expect.stringMatching(/^conformance: GET \/api\/v1\/municipalities\/ answered 200 application\/json that does not parse as JSON \(.+\): a truncated or broken answer/)]);
    } finally {
      await server.close();
    }
  });
});
