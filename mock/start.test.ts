// `npm start` as a user (and the conformance suite) runs it: mock/start.ts in its own process.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { validatorFor } from '../protocol/validation';
import { contractProblem } from './freshness';
import { parseStartOptions } from './start';
import { finished as finish, listeningPort, spawnChild, waitForLine, type Finished } from '../test/support/children';
import { createClient, sendDispatched } from './test/test-client';

const ROOT = path.resolve(__dirname, '..');
// As `npm start` runs it.
const START = ['--import', 'tsx', path.join(__dirname, 'start.ts')];

function startCli(env: Record<string, string>, args: string[] = []): ChildProcess {
  return spawnChild(process.execPath, [...START, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** True when something accepts a TCP connection on the port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(true)).once('error', () => resolve(false));
    socket.once('connect', () => socket.destroy());
  });
}

const stderrLines = (result: Finished) => result.stderr.split('\n').filter((line) => line.trim() !== '');

test('--help explains --port, --host (PORT, HOST) and the ready line, and exits 0', async () => {
  const result = await finish(startCli({}, ['--help']));
  expect({ code: result.code, missing: ['--port', '--host', 'PORT', 'HOST', 'Mock listening on'].filter((word) => !result.stdout.includes(word)) }).toEqual({ code: 0, missing: [] });
});

test('an option of the sandbox only is one line naming it (--port and --host are read as the sandbox reads them: test/cli/one-shape.test.ts)', () => {
  expect(() => parseStartOptions(['--strict'], {})).toThrow('unknown option "--strict"; see --help');
});

test('an invalid PORT is one line and exit code 2', async () => {
  const result = await finish(startCli({ PORT: 'abc' }));
  expect({ code: result.code, lines: stderrLines(result) }).toEqual({ code: 2, lines: ['mock: invalid port "abc" (from PORT): expected an integer from 0 to 65535'] });
});

test('a port in use is one clear line and a non-zero exit, without a stack trace', async () => {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as net.AddressInfo;
  try {
    const result = await finish(startCli({ PORT: String(port), HOST: '127.0.0.1' }));
    expect({ code: result.code, lines: stderrLines(result) }).toEqual({
      code: 1,
      lines: [`mock: port ${port} on 127.0.0.1 is already in use; stop the other process or pass --port (or PORT) with another port`],
    });
  } finally {
    blocker.close();
  }
});

test('on --port 0 prints the ready line with the real port first, then credentials; serves the contract, and stops on SIGTERM', async () => {
  const child = startCli({}, ['--port', '0', '--host', '127.0.0.1']);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
  const exited = finish(child);
  let port = 0;
  try {
    // The banner is one write: its last line comes with the first (and this listener runs first).
    await waitForLine(child, /^Mock listening on /);
    const ready = /^Mock listening on http:\/\/127\.0\.0\.1:(\d+)$/m.exec(stdout);
    port = Number(ready?.[1]);
    expect(port).toBeGreaterThan(0);
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
  // Nothing answers on the port any more: the front is gone (and Prism with it, by its IPC channel).
  expect(await accepts(port)).toBe(false);
});

test('SIGTERM while Prism is still starting answers the held request with 503 and exits 0', async () => {
  // Prism is held until it is killed (test-slow-prism.cjs): it cannot answer before the stop,
  // and the stop comes once the front holds the request (its 100 Continue), however busy the machine.
  const child = startCli({ PORT: '0', HOST: '127.0.0.1', NODE_OPTIONS: `--require ${path.join(__dirname, 'test', 'test-slow-prism.cjs')}` });
  const exited = finish(child);
  // The front listens before Prism is ready and the banner waits for Prism: read the port from the OS.
  const port = await listeningPort(child.pid!, () => (child.exitCode !== null ? 'the mock exited' : undefined));
  const held = sendDispatched(`http://127.0.0.1:${port}`, '/api/v1/municipalities/', { authorization: 'Bearer x' });
  await held.dispatched;
  child.kill('SIGTERM');
  const response = await held.answered;
  const result = await exited;
  expect({ status: response.status, body: response.json, code: result.code, stdout: result.stdout, stderr: result.stderr }).toEqual({
    status: 503,
    body: { error: 'The mock is stopping. Start it again with `npm start`.', code: 'mock_unavailable' },
    code: 0,
    stdout: '',
    stderr: '',
  });
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
