// `npm run generate` writes generated/; `npm run check:generated` (--check) compares instead
// and names every file that differs from what the contract produces.
// --entry <openapi.yaml> and --out <dir> point elsewhere (used by tests on a copied contract).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONTRACT_ENTRY } from './bundle';
import { renderGenerated } from './render';

export const GENERATED_DIR = path.resolve(__dirname, '../../generated');

/** Writes each file through a temporary sibling and a rename, so a failed run leaves no half-written file. */
function writeAtomically(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, content);
  fs.renameSync(temporary, file);
}

export function staleFiles(expected: Map<string, string>, dir = GENERATED_DIR): string[] {
  const stale: string[] = [];
  const label = path.relative(process.cwd(), dir) || '.';
  for (const [name, content] of expected) {
    const file = path.join(dir, name);
    const actual = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
    if (actual !== content) stale.push(`${label}/${name}${actual === undefined ? ' (missing)' : ''}`);
  }
  const known = new Set(expected.keys());
  for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
    if (!known.has(name)) stale.push(`${label}/${name} (not produced by the contract)`);
  }
  return stale;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { check: { type: 'boolean' }, entry: { type: 'string' }, out: { type: 'string' } },
  });
  const dir = path.resolve(values.out ?? GENERATED_DIR);
  const files = await renderGenerated(path.resolve(values.entry ?? CONTRACT_ENTRY));
  if (values.check) {
    const stale = staleFiles(files, dir);
    if (stale.length > 0) {
      console.error(`generated/ is stale; run \`npm run generate\`. Differs from the contract:`);
      for (const name of stale) console.error(`  ${name}`);
      process.exit(1);
    }
    console.log(`generated/ is fresh (${files.size} files).`);
    return;
  }
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, content] of files) writeAtomically(path.join(dir, name), content);
  console.log(`generated/: wrote ${[...files.keys()].join(', ')}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`generate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
