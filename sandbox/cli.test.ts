// `npm run sandbox` as a user (and the conformance suite's fault-injection tests) runs it:
// one parseable ready line with the real port, clear one-line failures, no secrets printed.
// @slow 6 s alone: the sandbox CLI as a process, many times.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { childPids, finished, hasEnded, runChild, spawnChild, until, waitForLine } from '../test/support/children';
import { readDataFile } from './data-file';
import { parseOptions } from './options';

const MAIN = path.join(__dirname, 'main.ts');
// As `npm run sandbox` runs it: one Node process with tsx's hooks.
const TSX = ['--import', 'tsx'];
const SECRETS = { SANDBOX_TOKEN: 'cli-token-1', SANDBOX_READONLY_TOKEN: 'cli-token-2', SANDBOX_SESSION_ID: 'cli-session-3' };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
/** A JSON file of seed data in the test's folder. */
function dataFile(name: string, data: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
  return file;
}
const OWN_COMPANY = { uuid: '10000000-0000-4000-8000-000000000001', name: 'Eigene Bau GmbH', country: 'AT', registration_number: 'FN 1 a', status: 'Active' };

/** The CLI to its end (asynchronously: a child that never ends is the watchdog's, which a synchronous spawn would block). */
function run(args: string[], env: Record<string, string> = {}) {
  return runChild(process.execPath, [...TSX, MAIN, ...args], { env: { ...process.env, ...SECRETS, ...env } });
}

test('--port 0 prints the ready line with the real port, then serves with --page-size, --fault and --data; no secret is printed', async () => {
  const own = dataFile('own.json', { companies: [OWN_COMPANY] });
  const child = spawnChild(process.execPath, [...TSX, MAIN, '--port', '0', '--page-size', '3', '--fault', 'watchdogsCreate=503', '--data', own], { env: { ...process.env, ...SECRETS }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = finished(child);
  try {
    const lines: string[] = [];
    readline.createInterface({ input: child.stdout! }).on('line', (line) => lines.push(line));
    const url = (await waitForLine(child, /^Sandbox listening on (http:\/\/127\.0\.0\.1:[1-9]\d*)$/))[1]!;
    expect(lines[0]).toMatch(/^Sandbox listening on /);
    const answer = await fetch(`${url}/api/v1/municipalities/`, { headers: { authorization: `Bearer ${SECRETS.SANDBOX_TOKEN}` } });
    expect(answer.status).toBe(200);
    const page = (await answer.json()) as { count: number; results: unknown[]; next: string | null };
    expect({ results: page.results.length, next: page.next }).toEqual({ results: 3, next: `${url}/api/v1/municipalities/?page=2` });
    const create = await fetch(`${url}/api/v1/watchdogs/`, { method: 'POST', headers: { authorization: `Bearer ${SECRETS.SANDBOX_TOKEN}`, 'content-type': 'application/json' }, body: '{}' });
    expect([create.status, ((await create.json()) as { code: string }).code]).toEqual([503, 'service_unavailable']);
    const search = await fetch(`${url}/api/v1/companies/search/`, { method: 'POST', headers: { authorization: `Bearer ${SECRETS.SANDBOX_TOKEN}`, 'content-type': 'application/json' }, body: '{}' });
    expect(((await search.json()) as { results: unknown[] }).results).toEqual([OWN_COMPANY]);
    // Everything it printed, to its exit.
    child.kill('SIGTERM');
    await exited;
    const printed = lines.join('\n');
    expect(printed).toContain('Fault: watchdogsCreate answers 503');
    expect(printed).toContain('SANDBOX_READONLY_TOKEN');
    for (const secret of Object.values(SECRETS)) expect(printed).not.toContain(secret);
  } finally {
    child.kill('SIGTERM');
  }
});

test('it stops when the shell that started it dies of SIGTERM without passing it on (as under npm and npx), and exits 0 on SIGHUP', async () => {
  // `; exit $?` keeps sh from exec-ing node: sh stays its parent, as npm's script shell does.
  const shell = spawnChild('sh', ['-c', `"${process.execPath}" --import tsx "${MAIN}" --port 0; exit $?`], { env: { ...process.env, ...SECRETS }, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitForLine(shell, /^Sandbox listening on /);
  const [server] = childPids(shell.pid!);
  process.kill(shell.pid!, 'SIGTERM');
  await until(() => hasEnded(server!), 'the sandbox left behind by its shell ends');

  const direct = spawnChild(process.execPath, [...TSX, MAIN, '--port', '0'], { env: { ...process.env, ...SECRETS }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = finished(direct);
  await waitForLine(direct, /^Sandbox listening on /);
  direct.kill('SIGHUP');
  expect(await exited).toMatchObject({ code: 0, signal: null, stderr: '' });
});

test('a port in use: one line naming the port, exit code 1', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const port = (blocker.address() as net.AddressInfo).port;
  try {
    const result = await run(['--port', String(port)]);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n').filter((l) => !l.startsWith('npm warn'))).toEqual([
      `sandbox: port ${port} on 127.0.0.1 is already in use; stop the other process or pass --port (or PORT) with another port`,
    ]);
  } finally {
    blocker.close();
  }
});

test.each([
  [['--port', 'abc'], 'invalid port "abc" (from --port): expected an integer from 0 to 65535'],
  [['--bogus'], 'unknown option "--bogus"; see --help'],
  [['--page-size', '0'], 'invalid page-size "0" (from --page-size): expected an integer from 1 to 1000'],
  [['--max-watchdogs', 'many'], 'invalid max-watchdogs "many" (from --max-watchdogs): expected an integer from 1 to 10000000'],
])('usage error %j: one line, exit code 2', async (args, message) => {
  const result = await run(args);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`sandbox: ${message}`);
});

test('--data that cannot be used: one line naming the file, the item and the field, exit code 2', async () => {
  const bad = dataFile('bad.json', { companies: [OWN_COMPANY, { ...OWN_COMPANY, status: 'Open' }] });
  const result = await run(['--port', '0', '--data', bad]);
  expect({ status: result.code, stderr: result.stderr }).toEqual({
    status: 2,
    stderr: `sandbox: --data ${bad}: companies[1].status: must be equal to one of the allowed values: Active, Inactive, In Liquidation, Dissolved, Bankrupt, Restructuring, Insolvency Proceeding, Relocated\n`,
  });
});

test.each([
  ['missing.json', undefined, 'cannot read it (ENOENT)'],
  ['broken.json', '{"companies": [', 'not JSON ('],
  ['list.json', '[]', 'must be an object with municipalities, companies and/or watchdogs'],
])('--data %s is one line saying why', (name, text, reason) => {
  const file = text === undefined ? path.join(dir, name) : dataFile(name, text);
  expect(() => readDataFile(file)).toThrow(`--data ${file}: ${reason}`);
});

test('an empty credential from the environment is refused without echoing values', async () => {
  const result = await run(['--port', '0'], { SANDBOX_TOKEN: '' });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('sandbox: SANDBOX_TOKEN is empty');
});

test('--help describes the options and exits 0', async () => {
  const result = await run(['--help']);
  expect(result.code).toBe(0);
  for (const word of ['--port', '--host', '--strict', '--page-size', '--max-watchdogs', '--latency', '--fault', '--delay', 'Prefer: code=503', 'SANDBOX_TOKEN', 'SANDBOX_STRICT', 'SANDBOX_PAGE_SIZE']) {
    expect(result.stdout).toContain(word);
  }
});

test('limits from flags and environment: flags win, the rest keep their defaults', () => {
  expect(parseOptions(['--page-size', '5'], { SANDBOX_PAGE_SIZE: '7', SANDBOX_MAX_WATCHDOGS: '3' }).limits).toEqual({ pageSize: 5, watchdogs: 3 });
  expect(parseOptions([], {}).limits).toEqual({});
  expect(() => parseOptions([], { SANDBOX_PAGE_SIZE: '1001' })).toThrow('invalid page-size "1001" (from SANDBOX_PAGE_SIZE): expected an integer from 1 to 1000');
});

test('faults and latency from flags and environment; a bad one is a usage error naming it', () => {
  expect(parseOptions(['--fault', 'municipalitiesList=503', '--delay', 'municipalitiesList=300', '--delay', 'companiesSearch=50', '--latency', '20'], {})).toMatchObject({
    latency: 20,
    faults: { municipalitiesList: { status: 503, delay: 300 }, companiesSearch: { delay: 50 } },
  });
  expect(parseOptions([], { SANDBOX_LATENCY: '40' }).latency).toBe(40);
  expect(() => parseOptions(['--fault', 'municipalitiesList=200'], {})).toThrow('--fault municipalitiesList: status must be an integer from 400 to 599 (got 200)');
  expect(() => parseOptions(['--fault', 'municipalities=503'], {})).toThrow('--fault: unknown operationId "municipalities"; use one of: companiesSearch, municipalitiesList');
  expect(() => parseOptions(['--delay', 'companiesSearch'], {})).toThrow('--delay expects <operationId>=<number>, e.g. --delay municipalitiesList=300 (got "companiesSearch")');
  expect(() => parseOptions(['--latency', 'slow'], {})).toThrow('invalid latency "slow" (from --latency): expected milliseconds, e.g. 300');
  expect(() => parseOptions(['--latency', '90000'], {})).toThrow('--latency: latency must be an integer number of milliseconds from 0 to 60000 (got 90000)');
  expect(() => parseOptions([], { SANDBOX_LATENCY: '90000' })).toThrow('SANDBOX_LATENCY: latency must be');
});
