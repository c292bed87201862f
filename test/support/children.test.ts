// The shared helper kills what a test started, the child and its own children, when the test ends.
import { hasEnded, listeningPort, spawnChild, until, waitForLine } from './children';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

// A child that starts a grandchild (in its process group) and prints both pids; both run until killed.
const FOREVER = 'setInterval(() => {}, 1 << 30)';
const PARENT = `const { spawn } = require('node:child_process');
const grandchild = spawn(process.execPath, ['-e', '${FOREVER}'], { stdio: 'ignore' });
console.log('pids ' + process.pid + ' ' + grandchild.pid);
${FOREVER};`;

let pids: number[] = [];

test('a child and its grandchild run during the test', async () => {
  const child = spawnChild(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'pipe'] });
  const match = await waitForLine(child, /^pids (\d+) (\d+)$/);
  pids = [Number(match[1]), Number(match[2])];
  expect(pids.map(alive)).toEqual([true, true]);
});

test('… and are gone once that test ended', async () => {
  // They run until killed: only the kill after the test ends them (a miss is the watchdog's).
  expect(pids).toHaveLength(2);
  await until(() => pids.every(hasEnded), 'the child and its grandchild end');
  expect(pids.map(hasEnded)).toEqual([true, true]);
});

test('listeningPort reads the port a server on port 0 got from the OS', async () => {
  const child = spawnChild(process.execPath, ['-e', "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => console.log('port ' + s.address().port))"], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const printed = Number((await waitForLine(child, /^port (\d+)$/))[1]);
  expect(await listeningPort(child.pid!, () => undefined)).toBe(printed);
});
