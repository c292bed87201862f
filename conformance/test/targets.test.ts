// The server a run starts (targets.ts: the sandbox or the Prism mock, as a child process of the
// suite) ends with the run whatever ends it; here the run is killed outright (SIGKILL: no handler
// of the suite runs, only the server's own watch of its parent, protocol/lifetime.ts, can act).
import { childPids, hasEnded, listeningPorts, until } from '../../test/support/children';
import { spawnCli } from './support/cli';

test('a run killed with SIGKILL leaves no sandbox behind', async () => {
  const run = spawnCli(['--sandbox', '--quiet']);
  const server = await until(() => childPids(run.pid!).find((pid) => listeningPorts(pid).length > 0), 'the run starts its sandbox');
  process.kill(run.pid!, 'SIGKILL');
  await until(() => hasEnded(server), 'the sandbox of the killed run ends');
});
