// The CLI as QA runs it (bin/conformance.js): exit codes, one-line errors, reports, and no
// token or session id in any output or file.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RunningServer } from '../targets';
import { jsonResponse, pathOf, queryOf, startFaultProxy, type RunningProxy } from './support/fault-proxy';
import { startSandbox } from './support/sandbox';

const BIN = path.resolve(__dirname, '..', '..', 'bin', 'conformance.js');

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CONFORMANCE_')));
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

const tmpDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-cli-'));
const reportText = (dir: string) => fs.readdirSync(dir).map((file) => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n');
/** npm prints config warnings on some machines; they are not ours. */
const ownLines = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('npm warn'));

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('usage', () => {
  test('--help prints the usage and exits 0', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: npx conformance/);
    expect(result.stdout).toContain('CONFORMANCE_LIMITED_TOKEN');
  });

  test.each([
    [['--only', 'nope'], {}, 'conformance: unknown area "nope" for --only; areas: responses, lists, filters, errors, auth, lifecycle'],
    [[], { CONFORMANCE_BASE_URL: 'http://127.0.0.1:9' }, 'conformance: live mode needs an API key: set CONFORMANCE_TOKEN (or --token) to a full-permission key'],
  ] as Array<[string[], NodeJS.ProcessEnv, string]>)('a usage error is one line and exit 2: %j %j', async (args, env, line) => {
    const result = await cli(args, env);
    expect(result.code).toBe(2);
    expect(ownLines(result.stderr)).toEqual([line]);
  });

  test('a target that is down is one line and exit 2', async () => {
    const port = await closedPort();
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

describe('live mode against a faulty deployment', () => {
  const secrets = { token: `tok-${randomBytes(8).toString('hex')}`, limitedToken: `ro-${randomBytes(8).toString('hex')}`, sessionId: `sid-${randomBytes(8).toString('hex')}` };
  let sandbox: RunningServer;
  let proxy: RunningProxy;
  let result: Result;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandbox(secrets);
    // Refuses three credential forms, so failures print requests with a credential in every position.
    proxy = await startFaultProxy(sandbox.url, {
      request: (req) =>
        pathOf(req) === '/api/v1/municipalities/' && (String(req.headers.authorization).startsWith('Token ') || queryOf(req).has('sessionid') || String(req.headers.cookie ?? '').includes('sessionid='))
          ? jsonResponse(401, { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' })
          : req,
    });
    dir = tmpDir();
    result = await cli(['--base-url', proxy.url, '--only', 'auth,lifecycle', '--writes', '--report', dir], {
      CONFORMANCE_TOKEN: secrets.token,
      CONFORMANCE_LIMITED_TOKEN: secrets.limitedToken,
      CONFORMANCE_SESSION_ID: secrets.sessionId,
    });
  }, 90_000);

  afterAll(async () => {
    await proxy?.close();
    await sandbox?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('fails with exit 1 and names the rule', () => {
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^FAIL {2}credential_form_accepted +municipalitiesList +Token \(Authorization header\): answered 401/m);
    expect(result.stdout).toMatch(/^Verdict: FAIL/m);
  });

  test('prints each failing request as curl with the credential redacted, in every position', () => {
    expect(result.stdout).toContain("-H 'Authorization: Token <redacted>'");
    expect(result.stdout).toMatch(/curl .*'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/municipalities\/\?sessionid=<redacted>'/);
    expect(result.stdout).toContain("-H 'Cookie: sessionid=<redacted>'");
  });

  test('writes junit.xml with the failure and summary.md with the verdict', () => {
    expect(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8')).toMatch(/<testcase name="credential_form_accepted · municipalitiesList" classname="conformance.auth">\s*<failure message=/);
    expect(fs.readFileSync(path.join(dir, 'summary.md'), 'utf8')).toMatch(/^## Conformance: ❌ FAIL/);
  });

  test('no token or session id in the output or any report file', () => {
    const everything = [result.stdout, result.stderr, reportText(dir)].join('\n');
    for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
  });
});
