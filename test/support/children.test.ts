// The shared helper kills what a test started, the child and its own children, when the test ends.
import { listeningPort, spawnChild, waitForLine } from './children';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A child that starts a grandchild (in its process group) and prints both pids.
const PARENT = `const { spawn } = require('node:child_process');
const grandchild = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
console.log('pids ' + process.pid + ' ' + grandchild.pid);
setTimeout(() => {}, 60000);`;

let pids: number[] = [];

test('a child and its grandchild run during the test', async () => {
  const child = spawnChild(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'pipe'] });
  const match = await waitForLine(child, /^pids (\d+) (\d+)$/);
  pids = [Number(match[1]), Number(match[2])];
  expect(pids.map(alive)).toEqual([true, true]);
});

test('… and are gone once that test ended', async () => {
  const deadline = Date.now() + 5000;
  while (pids.some(alive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(pids.length > 0 && pids.map(alive)).toEqual([false, false]);
});

test('listeningPort reads the port a server on port 0 got from the OS', async () => {
  const child = spawnChild(process.execPath, ['-e', "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => console.log('port ' + s.address().port))"], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = Number((await waitForLine(child, /^port (\d+)$/))[1]);
  expect(await listeningPort(child.pid!, () => undefined)).toBe(printed);
});
