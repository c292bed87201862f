// Fingerprints of the contract's source files: which files of openapi/ a bundle can read, and
// the SHA-256 of each. `npm run generate` records them in generated/sources.ts; the servers'
// start-up check (freshness.ts) takes them again and compares. Node only.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The files a bundle can read: YAML and JSON under the contract's folder. */
export const SOURCE_FILE = /\.(ya?ml|json)$/;

/** Relative, `/`-separated paths of the source files under `dir`, sorted. */
export function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => SOURCE_FILE.test(name) && fs.statSync(path.join(dir, name)).isFile())
    .sort();
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `name -> SHA-256` of every source file under `dir`. */
export function fingerprints(dir: string): Record<string, string> {
  return Object.fromEntries(sourceFiles(dir).map((name) => [name, sha256(fs.readFileSync(path.join(dir, name)))]));
}
