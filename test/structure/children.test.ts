// Tests start long-running children only through test/support/children.ts (own process group,
// killed when the test ends), and learn a server's port from the server, never by reserving one
// and releasing it. `spawnSync` stays allowed: it returns only once its child has exited.
import { testFiles, text } from './test-files';

const HELPER = 'test/support/children.ts';
const SELF = 'test/structure/children.test.ts';
const files = testFiles().filter((file) => file !== HELPER && file !== SELF);

test('there are test files to check', () => {
  expect(files.length).toBeGreaterThan(20);
});

test('no test spawns or forks a child outside the process-group helper', () => {
  const direct = /import\s*\{[^}]*\b(spawn|fork|exec|execFile)\b[^}]*\}\s*from\s*['"](node:)?child_process['"]/;
  expect(files.filter((file) => direct.test(text(file)))).toEqual([]);
});

test('no test reserves a port and releases it (a free-port finder)', () => {
  const finder = /\bfreePort\b|\bfree-port\b|\bclosedPort\b|\bgetPort\b/;
  expect(files.filter((file) => finder.test(text(file)))).toEqual([]);
});
