// The CLI stopped mid-run: SIGINT against the sandbox deactivates what the run created and says
// INCOMPLETE in every report; SIGTERM ends a run waiting on a deployment that does not answer in
// full at once, as --deadline does when it passes; either way the reports of what was judged are
// written, one line says why, nothing is printed as a stack trace, and no report says PASS. The
// runs' --timeout is past the watchdog (test/support/clock.ts): a run ends only because it was stopped.
// @slow 10 s alone: the CLI as a process three times, one run waiting out a 3-second deadline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { createSandbox, DEFAULT_CREDENTIALS } from '../../sandbox/core';
import { finished } from '../../test/support/children';
import { spawnCli } from './support/cli';
import { serve } from './support/serve';
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

/** Each report's verdict, as a reader (or a tool) of it finds it. */
function verdicts(dir: string) {
  const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
  const results = JSON.parse(read('results.json')) as { verdict: string; complete: boolean; incomplete?: { reason: string; finished: string[]; stopped: unknown[] } };
  const sarif = JSON.parse(read('results.sarif')) as { runs: Array<{ invocations: Array<{ executionSuccessful: boolean; properties: { verdict: string } }> }> };
  return {
    results: [results.verdict, results.complete],
    summary: /^## Conformance: (.*)$/m.exec(read('summary.md'))?.[1],
    junit: /<error message="(INCOMPLETE: [^";]*)/.exec(read('junit.xml'))?.[1],
    sarif: [sarif.runs[0]!.invocations[0]!.executionSuccessful, sarif.runs[0]!.invocations[0]!.properties.verdict],
    html: /<header class="verdict (\w+)"/.exec(read('report.html'))?.[1],
    stopped: results.incomplete!.stopped.length > 0,
  };
}

test('SIGINT mid-run against the sandbox over HTTP: INCOMPLETE in every report, exit 130, every watchdog it created deactivated', async () => {
  const sandbox = createSandbox({ credentials: DEFAULT_CREDENTIALS, log: () => undefined });
  const created: string[] = [];
  let child: ChildProcess | undefined;
  let requests = 0;
  let lastCreate = 0;
  let signalled = false;
  const server = await serve(async (request) => {
    requests += 1;
    const create = request.method === 'POST' && new URL(request.url).pathname === '/api/v1/watchdogs/';
    // Once signalled, a create is never carried out (the run abandons it): every watchdog the sandbox holds, the run saw created.
    if (signalled && create) return new Promise<Response>(() => undefined);
    const response = await sandbox.fetch(request);
    if (create && response.status === 201) {
      created.push(((await response.clone().json()) as { uuid: string }).uuid);
      lastCreate = requests;
    }
    // Mid-run, some watchdogs created, and dozens of answers since the last create's (the run has read it).
    if (!signalled && requests >= 400 && created.length > 0 && requests - lastCreate >= 40) {
      signalled = true;
      child!.kill('SIGINT');
    }
    return response;
  });
  try {
    const report = path.join(dir, 'sigint');
    child = spawnCli(['--base-url', server.url, '--writes', '--quiet', '--seed', '3', '--report', report], env);
    const result = await finished(child);
    expect(signalled).toBe(true);
    expect(result.code).toBe(130);
    expect(result.stdout).toMatch(/^Verdict: INCOMPLETE — 0 failed/m);
    expect(result.stdout).toMatch(/^INCOMPLETE: interrupted by SIGINT; the run stopped before its planned end after \d+ of 2400 requests/m);
    expect(result.stderr).toMatch(/conformance: deactivating the \d+ watchdog\(s\) this run created \(a second Ctrl-C exits at once and leaves them\)/);
    expect(result.stderr).toContain('conformance: interrupted by SIGINT: the run stopped before its end; the reports hold what was judged (INCOMPLETE)');
    expect(verdicts(report)).toEqual({
      results: ['incomplete', false],
      summary: '⏸️ INCOMPLETE',
      junit: 'INCOMPLETE: interrupted by SIGINT',
      sarif: [false, 'incomplete'],
      html: 'incomplete',
      stopped: true,
    });
    // The sandbox's own state: what the run created is inactive again.
    expect(created.length).toBeGreaterThan(0);
    expect(created.filter((uuid) => sandbox.state.watchdogs.get(uuid).isActive)).toEqual([]);
  } finally {
    await server.close();
  }
});

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
  expect(verdicts(path.join(dir, 'sigterm')).results).toEqual(['incomplete', false]);
});

test('--deadline: the run stops when it passes, reports what it judged, exit 3 (INCOMPLETE) when nothing failed', async () => {
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
  expect(result.code).toBe(3);
  expect(result.stdout).toMatch(/^Verdict: INCOMPLETE — 0 failed/m);
  expect(verdicts(path.join(dir, 'deadline')).results).toEqual(['incomplete', false]);
});
