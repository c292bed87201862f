// Tests start long-running children only through test/support/children.ts (own process group,
// killed when the test ends), and learn a server's port from the server, never by reserving one
// and releasing it. `spawnSync` stays allowed: it returns only once its child has exited.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const HELPER = 'test/support/children.ts';
const SKIPPED = new Set(['node_modules', 'reports', 'docs', 'bench', '.git']);

function testFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : testFiles(rel);
    // Test files and what only tests use: *.test.ts, anything under a test/ folder, test-support.ts.
    return /\.test\.ts$|(^|\/)test\/.*\.ts$|test-support\.ts$/.test(rel) ? [rel] : [];
  });
}

const SELF = 'test/structure/children.test.ts';
const files = testFiles().filter((file) => file !== HELPER && file !== SELF);
const text = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

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
