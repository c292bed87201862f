// Temporary directories of a benchmark (recorded responses, timelines, suite reports), removed
// when the run ends, also when it is interrupted (Ctrl+C exits through bench/children.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dirs = new Set<string>();

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  dirs.delete(dir);
}

process.once('exit', () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

export function makeTempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${prefix}-`));
  dirs.add(dir);
  return dir;
}
