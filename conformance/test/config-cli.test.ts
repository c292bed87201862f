// The config file and the extra headers as QA uses them, through the CLI: a mistake in the file
// is one line and exit 2; a deployment behind a gateway that needs a header, refusing the Bearer
// scheme, is judged (exit 1, the auth rule named: a key one published form takes is valid), and
// no header value shows in the console, a report, the HAR or a curl line.
// @slow about 6 s alone: the CLI as a process, twice.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { headerVariable } from '../engine/curl';
import type { Finished } from '../../test/support/children';
import { runCli } from './support/cli';
import { BROKEN_CREDENTIALS } from '../../strength/tables/credentials';
import { json } from '../../strength/edits';
import { faulty } from '../../strength/faulty';
import { serve } from './support/serve';
import { SANDBOX_CREDENTIALS } from './support/sandbox';

const ownLines = (text: string) => text.split('\n').filter((line) => line && !line.startsWith('npm warn'));
const filesIn = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesIn(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-config-cli-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test.each([
  [{ tgas: [] }, /^conformance: conformance\.config\.json: unknown key "tgas"; keys: baseUrl, /],
  [{ search: { nmae: 'Gruber' } }, /^conformance: conformance\.config\.json: search: unknown key "nmae"; keys: name, /],
])('a mistake in conformance.config.json is one line naming the key, exit 2, nothing written: %j', async (mistake, line) => {
  const cwd = fs.mkdtempSync(path.join(dir, 'bad-'));
  fs.writeFileSync(path.join(cwd, 'conformance.config.json'), JSON.stringify({ baseUrl: 'http://127.0.0.1:9', ...mistake }));
  const result = await runCli([], { CONFORMANCE_TOKEN: 'x' }, { cwd });
  expect(result.code).toBe(2);
  expect(ownLines(result.stderr)).toEqual([expect.stringMatching(line)]);
  expect(fs.readdirSync(cwd)).toEqual(['conformance.config.json']);
});

describe('behind a gateway that needs its key, refusing the Bearer scheme', () => {
  // Long enough to be hidden wherever it shows; the tenant only where its header is written.
  const gatewayKey = `gw-${randomBytes(8).toString('hex')}`;
  const tenant = `t${randomBytes(3).toString('hex')}`;
  const refusesBearer = BROKEN_CREDENTIALS.find((c) => c.name.startsWith('the Bearer scheme refused'))!.spec;
  let server: Awaited<ReturnType<typeof serve>>;
  let result: Finished;
  let cwd: string;
  beforeAll(async () => {
    server = await serve(faulty({
      request: (s, sandbox) => (s.headers.get('x-gateway-key') !== gatewayKey || s.headers.get('x-tenant') !== tenant ? json(403, { message: 'gateway: missing key' }) : refusesBearer.request!(s, sandbox)),
    }));
    cwd = fs.mkdtempSync(path.join(dir, 'gateway-'));
    fs.writeFileSync(path.join(cwd, 'conformance.config.json'), JSON.stringify({ baseUrl: server.url, headers: { 'X-Tenant': tenant }, only: ['auth'] }));
    const env = { CONFORMANCE_TOKEN: SANDBOX_CREDENTIALS.token, CONFORMANCE_LIMITED_TOKEN: SANDBOX_CREDENTIALS.limitedToken, CONFORMANCE_SESSION_ID: SANDBOX_CREDENTIALS.sessionId, CONFORMANCE_WRITES: '1' };
    result = await runCli(['-H', `X-Gateway-Key: ${gatewayKey}`, '--har', 'run.har', '--report', 'reports', '-q'], env, { cwd });
  });
  afterAll(() => server.close());

  test('preflight lets the run go on (the key is taken as Token), and the run fails the Bearer form: exit 1', () => {
    expect(ownLines(result.stderr)).toEqual([]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^FAIL\s+credential_form_accepted\s+municipalitiesList\s+Bearer token: answered 401/m);
    expect(result.stdout).toMatch(/^PASS\s+unauthorized_without_credentials\s+municipalitiesList/m);
  });

  test('the run says which config file it read: the console header, results.json, summary.md', () => {
    expect(result.stdout.split('\n')[0]).toMatch(/^Conformance: live mode · .* · config: conformance\.config\.json$/);
    expect(JSON.parse(fs.readFileSync(path.join(cwd, 'reports', 'results.json'), 'utf8'))).toMatchObject({ configFile: 'conformance.config.json' });
    expect(fs.readFileSync(path.join(cwd, 'reports', 'summary.md'), 'utf8')).toContain(' · config: conformance.config.json');
  });

  test('no header value in the console, a report, the HAR or a curl line; curl reads them from variables', () => {
    const outputs = [result.stdout, result.stderr, ...filesIn(cwd).filter((file) => !file.endsWith('conformance.config.json')).map((file) => fs.readFileSync(file, 'utf8'))];
    expect(filesIn(cwd).map((file) => path.relative(cwd, file))).toEqual(expect.arrayContaining(['run.har', path.join('reports', 'junit.xml'), path.join('reports', 'results.json')]));
    for (const text of outputs) {
      expect(text).not.toContain(gatewayKey);
      expect(text).not.toContain(tenant);
    }
    expect(result.stdout).toContain(`-H 'X-Gateway-Key: '"$${headerVariable('X-Gateway-Key')}"`);
    expect(result.stdout).toContain(`-H 'X-Tenant: '"$CONFORMANCE_HEADER_X_TENANT"`);
  });
});
