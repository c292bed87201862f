// The files the structure tests hold to the tests' rules: test files and what only tests use
// (*.test.ts, anything under a test/ folder, test-support.ts), relative to the repository.
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
const SKIPPED = new Set(['node_modules', 'reports', 'docs', 'bench', '.git', 'dist']);

export function testFiles(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : testFiles(rel);
    return /\.test\.ts$|(^|\/)test\/.*\.ts$|test-support\.ts$/.test(rel) ? [rel] : [];
  });
}

export const text = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
