// `npm test`'s last check: a process the run started that is still alive is found by the run's
// marker, named, and killed; a process of another run (or none) is left alone.
import type { ChildProcess } from 'node:child_process';
import { canScan, findLeftovers, reapLeftovers, RUN_MARKER } from '../../scripts/leftovers';
import { spawnChild } from '../support/children';

const SLEEP = ['-e', 'setTimeout(() => {}, 60_000)'];

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
  spawnChild(process.execPath, ['-e', 'setTimeout(() => {}, 300)'], { env: { ...process.env, [RUN_MARKER]: runId }, stdio: 'ignore' });
  expect(findLeftovers(runId)).toHaveLength(1);
  expect(await reapLeftovers(runId, 5000)).toEqual([]);
});
