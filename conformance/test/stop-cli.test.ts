// The CLI stopped while its run waits on a deployment that does not answer in full: SIGTERM ends
// it at once, as --deadline does when it passes; either way the reports of what was judged are
// written, one line says why, and nothing is printed as a stack trace.
// @slow 6 s alone: the CLI as a process twice, one run waiting out a 3-second deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished, waitForLine } from '../../test/support/children';
import { spawnCli } from './support/cli';
import { hostileServer, type Served } from './support/hostile';
import { SANDBOX_CREDENTIALS } from './support/sandbox';

let target: Served;
let dir: string;
beforeAll(async () => {
  // The sandbox, but filtered lists drip a byte a second: the run is waiting on them.
  target = await hostileServer('drip', { only: (url) => url.pathname.endsWith('/municipalities/') && url.searchParams.size > 0 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-stop-'));
});
afterAll(async () => {
  await target.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const env = { CONFORMANCE_TOKEN: SANDBOX_CREDENTIALS.token, CONFORMANCE_SESSION_ID: SANDBOX_CREDENTIALS.sessionId, CONFORMANCE_WRITES: '1' };
const start = (name: string, args: string[] = []) => spawnCli(['--base-url', target.url, '--quiet', '--timeout', '60000', '--report', path.join(dir, name), ...args], env);

test('SIGTERM during the run: exit 143 within 2 s, the reports written, one line saying so', async () => {
  const child = start('sigterm');
  const done = finished(child);
  await waitForLine(child, /^Conformance: /);
  await new Promise((resolve) => setTimeout(resolve, 800));
  const signalled = performance.now();
  child.kill('SIGTERM');
  const result = await done;
  expect(performance.now() - signalled).toBeLessThan(2000);
  expect(result.code).toBe(143);
  expect(result.stderr).toContain('conformance: interrupted by SIGTERM: stopping; the reports will hold what was judged so far');
  expect(result.stderr).toMatch(/conformance: interrupted by SIGTERM: the run stopped before its end; the reports hold what was judged/);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(fs.readFileSync(path.join(dir, 'sigterm', 'summary.md'), 'utf8')).toContain('stopped, interrupted by SIGTERM');
});

test('--deadline: the run stops when it passes, reports what it judged, exit 2 when nothing failed', async () => {
  const started = performance.now();
  const result = await finished(start('deadline', ['--deadline', '3']));
  expect(performance.now() - started).toBeLessThan(3000 + 4000);
  expect(result.stderr).toContain('conformance: the deadline of 3 s (--deadline) passed: the run stopped before its end');
  expect(result.code).toBe(2);
  expect(fs.existsSync(path.join(dir, 'deadline', 'results.json'))).toBe(true);
});
