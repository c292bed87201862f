// `npm start` as a user (and the conformance suite) runs it: mock/start.ts in its own process.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { validatorFor } from '../protocol/validation';
import { contractProblem } from './freshness';
import { freePort } from './free-port';
import { createClient, waitForPort } from './test-client';

const ROOT = path.resolve(__dirname, '..');
// As `npm start` runs it.
const START = ['--import', 'tsx', path.join(__dirname, 'start.ts')];

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function startCli(env: Record<string, string>, args: string[] = []): ChildProcess {
  return spawn(process.execPath, [...START, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

function finish(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Resolves with stdout so far once the ready line appears; rejects if the process exits first. */
function readyLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (/^Mock listening on /m.test(stdout)) resolve(stdout);
    });
    child.once('exit', (code) => reject(new Error(`mock exited with ${code} before the ready line: ${stderr}`)));
  });
}

const stderrLines = (result: Finished) => result.stderr.split('\n').filter((line) => line.trim() !== '');

test('--help explains PORT, HOST and the ready line, and exits 0', async () => {
  const result = await finish(startCli({}, ['--help']));
  expect({ code: result.code, port: /PORT/.test(result.stdout), host: /HOST/.test(result.stdout), ready: result.stdout.includes('Mock listening on') }).toEqual({
    code: 0,
    port: true,
    host: true,
    ready: true,
  });
});

test('an invalid PORT is one line and exit code 2', async () => {
  const result = await finish(startCli({ PORT: 'abc' }));
  expect({ code: result.code, lines: stderrLines(result) }).toEqual({ code: 2, lines: ['mock: PORT must be a number from 0 to 65535, got "abc"'] });
});

test('a port in use is one clear line and a non-zero exit, without a stack trace', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  try {
    const result = await finish(startCli({ PORT: String(port), HOST: '127.0.0.1' }));
    expect({ code: result.code, lines: stderrLines(result) }).toEqual({
      code: 1,
      lines: [`mock: port ${port} on 127.0.0.1 is already in use; stop the other process or set PORT to another port`],
    });
  } finally {
    blocker.close();
  }
});

test('starts on PORT/HOST, prints the ready line and credentials, serves the contract, and stops on SIGTERM', async () => {
  const port = await freePort();
  const child = startCli({ PORT: String(port), HOST: '127.0.0.1' });
  const exited = finish(child);
  try {
    const stdout = await readyLine(child);
    const base = `http://127.0.0.1:${port}`;
    expect(stdout.split('\n')[0]).toBe(`Mock listening on ${base}`);
    expect(['Bearer demo-key', 'Token demo-key', 'Session demo-session', '?sessionid=demo-session', "--cookie 'sessionid=demo-session'", 'Prefer: code=403', '/docs/'].filter((text) => !stdout.includes(text))).toEqual([]);

    const page = await fetch(`${base}/api/v1/municipalities/`, { headers: { Authorization: 'Bearer x' } });
    const pageBody = (await page.json()) as { next: string };
    expect({ status: page.status, errors: validatorFor('municipalitiesList', 200)!(pageBody).errors }).toEqual({ status: 200, errors: [] });
    // The pager's next page is on this mock, and it answers.
    expect(pageBody.next.startsWith(`${base}/api/v1/municipalities/?`)).toBe(true);
    expect((await fetch(pageBody.next, { headers: { Authorization: 'Bearer x' } })).status).toBe(200);

    const tooLarge = await fetch(`${base}/api/v1/watchdogs/`, {
      method: 'POST',
      headers: { Authorization: 'Bearer x', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', prompt: 'p'.repeat(1024 * 1024) }),
    });
    expect({ status: tooLarge.status, body: await tooLarge.json() }).toEqual({
      status: 413,
      body: { error: 'Request body larger than 1048576 bytes', code: 'payload_too_large' },
    });

    const anonymous = await fetch(`${base}/api/v1/municipalities/`);
    expect({ status: anonymous.status, body: await anonymous.json() }).toEqual({
      status: 401,
      body: { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' },
    });
  } finally {
    child.kill('SIGTERM');
  }
  const result = await exited;
  expect(result.code).toBe(0);
  // The port is free again: Prism and the front are both gone.
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
  probe.close();
}, 30_000);

test('SIGTERM while Prism is still starting answers the held request with 503 and exits 0', async () => {
  const port = await freePort();
  // Prism is held back 5 s (test-slow-prism.cjs): the request has time to arrive and be held
  // even on a busy machine, and Prism cannot answer it before the stop.
  const child = startCli({ PORT: String(port), HOST: '127.0.0.1', NODE_OPTIONS: `--require ${path.join(__dirname, 'test-slow-prism.cjs')}` });
  const exited = finish(child);
  await waitForPort(port, () => (child.exitCode !== null ? 'the mock exited' : undefined));
  const client = createClient(`http://127.0.0.1:${port}`);
  try {
    const held = client.send({ path: '/api/v1/municipalities/', headers: { authorization: 'Bearer x' } });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    child.kill('SIGTERM');
    const response = await held;
    const result = await exited;
    expect({ status: response.status, body: response.json, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
      status: 503,
      body: { error: 'The mock is stopping. Start it again with `npm start`.', code: 'mock_unavailable' },
      code: 0,
      stdout: '',
      stderr: '',
    });
  } finally {
    client.close();
  }
});

describe('contract freshness check (hashes of openapi/ recorded by npm run generate)', () => {
  let contractDir: string;
  beforeEach(() => {
    contractDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mock-contract-')), 'openapi');
    fs.cpSync(path.join(ROOT, 'openapi'), contractDir, { recursive: true });
  });
  afterEach(() => fs.rmSync(path.dirname(contractDir), { recursive: true, force: true }));

  test('openapi/ as generated/ was made from passes', () => {
    expect(contractProblem({ contractDir })).toBeUndefined();
  });

  test('a changed, an added and a removed file are named, with the command that fixes it', () => {
    fs.appendFileSync(path.join(contractDir, 'paths/municipalities.yaml'), '\n# edited\n');
    fs.writeFileSync(path.join(contractDir, 'schemas/New.yaml'), 'type: string\n');
    fs.rmSync(path.join(contractDir, 'parameters/Page.yaml'));
    expect(contractProblem({ contractDir })).toBe(
      'generated/ is stale (changed since it was made: openapi/parameters/Page.yaml, openapi/paths/municipalities.yaml, openapi/schemas/New.yaml); run `npm run generate`',
    );
  });

  test('many changed files are counted, not all listed', () => {
    for (const name of fs.readdirSync(path.join(contractDir, 'schemas'))) fs.appendFileSync(path.join(contractDir, 'schemas', name), '\n');
    expect(contractProblem({ contractDir })).toMatch(/^generated\/ is stale \(changed since it was made: (openapi\/schemas\/\S+, ){5}\d+ more\); run `npm run generate`$/);
  });

  test('a missing bundled document is named first', () => {
    expect(contractProblem({ contractDir, document: path.join(contractDir, 'nope.json') })).toMatch(/nope\.json is missing; run `npm run generate`$/);
  });
});
