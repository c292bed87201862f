// Progress as QA sees it: in a terminal (a pseudo-terminal through util-linux `script`) live lines
// per phase before the verdict; in a log one line per phase as it ends; --quiet none.
// The total line's rate limit and time left, and which phases get a row, on a tracker alone. The CLI runs
// as a process against the sandbox this test serves in-process.
import fs from 'node:fs';
import path from 'node:path';
import { runChild } from '../../test/support/children';
import { cliArgs, cliEnv, runCli, servedSandbox } from './support/cli';
import type { Throttling } from '../engine/pace';
import { totalLine } from '../progress/render';
import { createTracker } from '../progress/tracker';
import { runSuite } from '../suite';
import { liveConfig, sandboxFetch, SANDBOX_CREDENTIALS } from './support/sandbox';

const served = servedSandbox('conformance-progress-');
const env = () => ({
  CONFORMANCE_BASE_URL: served.url,
  CONFORMANCE_TOKEN: SANDBOX_CREDENTIALS.token,
  CONFORMANCE_WRITES: '1',
});
const ARGS = ['--only', 'inputs,lists,lifecycle', '--budget', '400', '--seed', '3'];
const hasScript = fs.existsSync('/usr/bin/script');

(hasScript ? test : test.skip)('in a terminal: live lines per phase, redrawn, before the verdict', async () => {
  const command = [process.execPath, ...cliArgs([...ARGS, '--report', path.join(served.dir, 'tty')])].map((a) => `'${a}'`).join(' ');
  // `script` gives the CLI a pseudo-terminal and copies what it shows to stdout.
  const { stdout } = await runChild('script', ['-qfec', command, '/dev/null'], { env: cliEnv(env()) });
  const verdict = stdout.indexOf('Verdict: PASS');
  expect(verdict).toBeGreaterThan(0);
  const before = stdout.slice(0, verdict);
  expect(before).toMatch(/\x1b\[2Kinputs +\d+ requests · 0 failures · \d+\/s · [\d.]+ s · (running|done)/);
  expect(before).toMatch(/\x1b\[2Ktotal +\d+\/400 requests · 0 failures · \d+\/s · at most [\d.…]+ s? ?left \(budget( and clean-up)?\)/);
  // Redrawn in place: the cursor goes back up over the block.
  expect(before).toMatch(/\x1b\[\d+F/);
});
if (!hasScript) console.log('skipped the terminal test: /usr/bin/script (util-linux) is not installed');

test('without a terminal: one line per phase as it ends, on stderr; --quiet: none', async () => {
  const [plain, quiet] = await Promise.all([
    runCli([...ARGS, '--report', path.join(served.dir, 'plain')], env()),
    runCli([...ARGS, '--quiet', '--report', path.join(served.dir, 'quiet')], env()),
  ]);
  const phases = plain.stderr.split('\n').filter((line) => line.startsWith('phase '));
  // The clean-up (the watchdogs the run created, deactivated) is a row of its own.
  expect(phases.map((line) => line.split(/ +/)[1]).sort()).toEqual(['clean-up', 'inputs', 'inputs/equivalent', 'lifecycle', 'lists']);
  for (const line of phases) expect(line).toMatch(/^phase [\w/-]+ +\d+ requests · \d+ failures · \d+\/s · [\d.]+ s · (done|stopped early \(see phase_completed\))$/);
  expect(plain.stderr).not.toContain('\x1b[');
  expect(quiet.stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
  expect(quiet.stdout).toMatch(/^Verdict: PASS/m);
});

describe('the rows and the total line', () => {
  const at = (ms: number) => () => ms;
  const gauges = (throttling: Partial<Throttling>, pendingCleanups = 0) => ({
    throttling: () => ({ refused: 0, waitedMs: 0, waitingMs: 0, ...throttling }),
    pendingCleanups: () => pendingCleanups,
  });

  test('a rate-limited run says so: the 429s, the time waited, the pace, and a wait going on now', () => {
    const tracker = createTracker(2000, undefined, at(0));
    tracker.attach(gauges({ refused: 3, waitedMs: 2000, waitingMs: 600, perSecond: 4.85, source: 'learned' }));
    for (let i = 0; i < 500; i += 1) tracker.request();
    expect(totalLine(tracker, 100_000)).toBe('total               500/2000 requests · 0 failures · 5/s · at most 309.9 s left (budget) · rate limited: 429 ×3, waited 2.0 s, pacing at 4.8/s (learned) · waiting on the deployment: 0.6 s');
  });

  test('the time left covers the clean-up: before it (with the budget left) and while it runs (alone)', () => {
    const tracker = createTracker(100, undefined, at(0));
    tracker.attach(gauges({}, 40));
    for (let i = 0; i < 60; i += 1) tracker.request();
    expect(totalLine(tracker, 6000)).toContain('· at most 8.0 s left (budget and clean-up)');
    void tracker.phase('clean-up', async () => undefined);
    expect(totalLine(tracker, 6000)).toContain('· at most 4.0 s left (budget and clean-up)');
  });

  test('rows: no responses row in live mode (it sends nothing there), and the two filter phases apart', async () => {
    const tracker = createTracker(400);
    await runSuite(liveConfig(undefined, { areas: ['responses', 'filters'], budget: 400, writes: false }), { fetch: sandboxFetch(), progress: tracker });
    expect(tracker.phases.map((p) => p.label).sort()).toEqual(['filters', 'filters/spellings']);
  });
});
