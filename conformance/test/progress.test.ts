// Progress as QA sees it: in a terminal (a pseudo-terminal through util-linux `script`) live lines
// per phase before the verdict; in a log one line per phase as it ends; --quiet none. The CLI runs
// as a process against the sandbox this test serves in-process.
import fs from 'node:fs';
import path from 'node:path';
import { runChild } from '../../test/support/children';
import { cliArgs, cliEnv, runCli, servedSandbox } from './support/cli';
import { SANDBOX_CREDENTIALS } from './support/sandbox';

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
  expect(before).toMatch(/\x1b\[2Ktotal +\d+\/400 requests · 0 failures · \d+\/s · at most [\d.…]+ s? ?left \(budget\)/);
  // Redrawn in place: the cursor goes back up over the block.
  expect(before).toMatch(/\x1b\[\d+F/);
}, 150_000);
if (!hasScript) console.log('skipped the terminal test: /usr/bin/script (util-linux) is not installed');

test('without a terminal: one line per phase as it ends, on stderr; --quiet: none', async () => {
  const [plain, quiet] = await Promise.all([
    runCli([...ARGS, '--report', path.join(served.dir, 'plain')], env()),
    runCli([...ARGS, '--quiet', '--report', path.join(served.dir, 'quiet')], env()),
  ]);
  const phases = plain.stderr.split('\n').filter((line) => line.startsWith('phase '));
  expect(phases.map((line) => line.split(/ +/)[1]).sort()).toEqual(['inputs', 'lifecycle', 'lists']);
  for (const line of phases) expect(line).toMatch(/^phase \w+ +\d+ requests · \d+ failures · \d+\/s · [\d.]+ s · (done|stopped early \(see phase_completed\))$/);
  expect(plain.stderr).not.toContain('\x1b[');
  expect(quiet.stderr.split('\n').filter((line) => line && !line.startsWith('npm warn'))).toEqual([]);
  expect(quiet.stdout).toMatch(/^Verdict: PASS/m);
}, 150_000);
