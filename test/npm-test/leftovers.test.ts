// `npm test`'s last check: a process the run started that is still alive is found by the run's
// marker, named, and killed; a process of another run (or none) is left alone.
import type { ChildProcess } from 'node:child_process';
import { canScan, findLeftovers, reapLeftovers, RUN_MARKER } from '../../scripts/leftovers';
import { spawnChild } from '../support/children';
import { PAST_WATCHDOG_MS } from '../support/clock';

// Runs until killed: only the reaping ends it (a slow machine cannot make it exit by itself first).
const SLEEP = ['-e', 'setInterval(() => {}, 1 << 30)'];

function sleeper(env: NodeJS.ProcessEnv): ChildProcess {
  return spawnChild(process.execPath, SLEEP, { env, stdio: 'ignore' });
}

const exited = (child: ChildProcess) => new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));

test('a process of this run still alive is named, then killed; one of another run is not touched', async () => {
  expect(canScan()).toBe(true); // Linux: the project's tests and CI run there
  const runId = `test-${process.pid}-${Date.now()}`;
  const ours = sleeper({ ...process.env, [RUN_MARKER]: runId });
  const theirs = sleeper({ ...process.env, [RUN_MARKER]: `${runId}-other` });
  const oursExited = exited(ours);
  expect(findLeftovers(runId)).toEqual([{ pid: ours.pid, command: [process.execPath, ...SLEEP].join(' ') }]);

  expect((await reapLeftovers(runId, 0)).map(({ pid }) => pid)).toEqual([ours.pid]);
  expect(await oursExited).toBe('SIGKILL');
  expect(findLeftovers(runId)).toEqual([]);
  expect(theirs.exitCode === null && theirs.signalCode === null).toBe(true);
});

test('processes that exit within the grace time are not reported', async () => {
  const runId = `test-${process.pid}-${Date.now()}-grace`;
  // It exits once its stdin closes, which the test does once it is found: it ends during the
  // grace, however late a busy machine gets to it (the grace is past the watchdog).
  const exiting = spawnChild(process.execPath, ['-e', "process.stdin.resume(); process.stdin.on('end', () => process.exit(0))"], { env: { ...process.env, [RUN_MARKER]: runId }, stdio: ['pipe', 'ignore', 'ignore'] });
  expect(findLeftovers(runId)).toHaveLength(1);
  exiting.stdin!.end();
  expect(await reapLeftovers(runId, PAST_WATCHDOG_MS)).toEqual([]);
});
