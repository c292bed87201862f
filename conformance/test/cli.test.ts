// The CLI as QA runs it (conformance/cli.ts, which the built `conformance` bin runs): exit codes, one-line errors, reports, and no
// token or session id in any output or file.
// @slow 10 s alone: the CLI and the sandbox as processes, many times.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishedErrors } from '../../generated';
import type { Finished as Result } from '../../test/support/children';
import { runCli } from './support/cli';
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
    server = await serve(refusesForms);
    dir = tmpDir();
    result = await cli(['--base-url', server.url, '--only', 'auth', '--writes', '--seed', '5', '--report', dir], env);
    original = Object.fromEntries(fs.readdirSync(dir).map((file) => [file, fs.readFileSync(path.join(dir, file)).toString('base64')]));
    // From the run's folder, without --report: the replay's reports go to reports/replay-<time>/.
    replayed = await cli(['replay', 'failures.json', '--base-url', server.url], env, dir);
    const [replayDir] = fs.readdirSync(path.join(dir, 'reports'));
    replayReports = path.join(dir, 'reports', replayDir!);
  }, 90_000);

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

  test('`replay failures.json` re-sends those requests, judges them again and fails the same rule', () => {
    expect(replayed.code).toBe(1);
    expect(replayed.stdout).toMatch(/^Conformance: replay of \d+ failure\(s\) from run [0-9a-f]{8}/m);
    expect(replayed.stdout).toMatch(/^FAIL {2}credential_form_accepted +municipalitiesList/m);
  });

  test('the replay writes to its own folder and leaves the run it replays byte-identical', () => {
    expect(path.basename(replayReports)).toMatch(/^replay-\d{8}-\d{6}$/);
    expect(fs.readdirSync(replayReports).sort()).toEqual(['coverage.json', 'failures.json', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
    const now = Object.fromEntries(Object.keys(original).map((file) => [file, fs.readFileSync(path.join(dir, file)).toString('base64')]));
    expect(now).toEqual(original);
  });

  test('the replay reports the seed of the run it replays and lists only what it judged', () => {
    expect(replayed.stdout).toMatch(/^Verdict: FAIL .*, 0 skipped · \d+ requests · seed 5 /m);
    expect(replayed.stdout).toContain('rerun everything with --seed 5');
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
