// The CLI stopped while its run waits on a deployment that does not answer in full: SIGTERM ends
// it at once, as --deadline does when it passes; either way the reports of what was judged are
// written, one line says why, and nothing is printed as a stack trace. The run's --timeout is past
// the watchdog (test/support/clock.ts): it ends only because it was stopped.
// @slow 6 s alone: the CLI as a process twice, one run waiting out a 3-second deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finished } from '../../test/support/children';
import { spawnCli } from './support/cli';
import { hostileServer, type Served } from './support/hostile';
import { SANDBOX_CREDENTIALS } from './support/sandbox';

let target: Served;
let dir: string;
/** Told when a filtered list reaches the target: from then on the run waits on an answer that never ends. */
let dripping: () => void = () => undefined;
beforeAll(async () => {
  // The sandbox, but filtered lists drip a byte a second: the run is waiting on them.
  target = await hostileServer('drip', {
    only: (url) => {
      const drips = url.pathname.endsWith('/municipalities/') && url.searchParams.size > 0;
      if (drips) dripping();
      return drips;
    },
  });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-stop-'));
});
afterAll(async () => {
  await target.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const env = { CONFORMANCE_TOKEN: SANDBOX_CREDENTIALS.token, CONFORMANCE_SESSION_ID: SANDBOX_CREDENTIALS.sessionId, CONFORMANCE_WRITES: '1' };
const start = (name: string, args: string[] = []) => spawnCli(['--base-url', target.url, '--quiet', '--report', path.join(dir, name), ...args], env);

test('SIGTERM while the run waits on an answer that never ends: exit 143, the reports written, one line saying so', async () => {
  const waiting = new Promise<void>((resolve) => (dripping = resolve));
  const child = start('sigterm');
  const done = finished(child);
  await waiting;
  child.kill('SIGTERM');
  const result = await done;
  expect(result.code).toBe(143);
  expect(result.stderr).toContain('conformance: interrupted by SIGTERM: stopping; the reports will hold what was judged so far');
  expect(result.stderr).toMatch(/conformance: interrupted by SIGTERM: the run stopped before its end; the reports hold what was judged/);
  expect(result.stderr).not.toMatch(/^\s+at /m);
  expect(fs.readFileSync(path.join(dir, 'sigterm', 'summary.md'), 'utf8')).toContain('stopped, interrupted by SIGTERM');
});

test('--deadline: the run stops when it passes, reports what it judged, exit 2 when nothing failed', async () => {
  // The run cannot end before its deadline (it waits on an answer that never ends), but a loaded
  // machine may spend the deadline before the run starts (then no case was sent and no report is
  // written, as the CLI says): the deadline doubles until it passes during the run.
  let seconds = 3;
  let result = await finished(start('deadline', ['--deadline', String(seconds)]));
  while (result.stderr.includes('before any case was sent')) {
    seconds *= 2;
    result = await finished(start('deadline', ['--deadline', String(seconds)]));
  }
  expect(result.stderr).toContain(`conformance: the deadline of ${seconds} s (--deadline) passed: the run stopped before its end`);
  expect(result.code).toBe(2);
  expect(fs.existsSync(path.join(dir, 'deadline', 'results.json'))).toBe(true);
});
