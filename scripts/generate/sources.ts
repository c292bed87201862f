// generated/sources.ts: a fingerprint (SHA-256) of every source file of the contract, taken when
// generated/ is made, and the check that compares them. `npm start` and the sandbox run that
// check at start (milliseconds) instead of regenerating everything to compare bytes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GENERATED_BANNER } from './banner';

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

export function renderSources(dir: string): string {
  const hashes = Object.fromEntries(sourceFiles(dir).map((name) => [name, sha256(fs.readFileSync(path.join(dir, name)))]));
  return `${GENERATED_BANNER}
// The SHA-256 of every source file of the contract (openapi/) when generated/ was made, and
// the check that compares them, so a server can tell at start that generated/ is stale
// without regenerating it. \`npm run check:generated\` remains the full byte comparison.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const CONTRACT_DIR = path.resolve(__dirname, '../openapi');

export const sourceHashes: Readonly<Record<string, string>> = ${JSON.stringify(hashes, null, 2)};

const SOURCE_FILE = ${String(SOURCE_FILE)};

/** Files of the contract changed, added or removed since generated/ was made (\`[]\`: fresh). */
export function staleSources(dir = CONTRACT_DIR): string[] {
  const present = (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => SOURCE_FILE.test(name) && fs.statSync(path.join(dir, name)).isFile());
  const stale = present.filter(
    (name) => sourceHashes[name] !== createHash('sha256').update(fs.readFileSync(path.join(dir, name))).digest('hex'),
  );
  const removed = Object.keys(sourceHashes).filter((name) => !present.includes(name));
  return [...stale, ...removed].sort();
}
`;
}
