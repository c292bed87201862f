// `npm run docs` writes the API reference page docs/index.html from generated/openapi.json;
// `npm run docs -- --check` only compares and fails, naming the file, when it is stale.
// The page depends only on the contract and the installed Scalar bundle: same inputs, same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { transformSync } from 'esbuild';
import { CONTRACT_FILE, isObject, readContract } from './contract';
import { renderPage } from './html';
import { pageDocument } from './page-document';
import { SCALAR_CONFIGURATION } from './scalar-config';

export const DOCS_DIR = path.resolve(__dirname, '../../docs');
export const PAGE_FILE = path.join(DOCS_DIR, 'index.html');

const SCALAR_PACKAGE = '@scalar/api-reference';

/** The installed package's folder (its `exports` hide package.json, so walk up from its entry). */
function packageDir(name: string): string {
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
  }
  throw new Error(`cannot find the folder of ${name}; is it installed?`);
}

function scalarBundle(): { version: string; source: string } {
  const dir = packageDir(SCALAR_PACKAGE);
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const bundle = path.join(dir, 'dist/browser/standalone.js');
  if (!fs.existsSync(bundle)) throw new Error(`${SCALAR_PACKAGE} ${version} has no dist/browser/standalone.js`);
  return { version, source: fs.readFileSync(bundle, 'utf8') };
}

/** boot.ts as the page runs it: compiled by esbuild (the pinned version), deterministic bytes. */
function bootScript(): string {
  return transformSync(fs.readFileSync(path.join(__dirname, 'boot.ts'), 'utf8'), { loader: 'ts', format: 'iife' }).code;
}

/** The page's bytes for a contract file. */
export function buildPage(contractFile = CONTRACT_FILE): string {
  const contract = readContract(contractFile);
  const scalar = scalarBundle();
  const info = isObject(contract.info) ? contract.info : {};
  const title = `${String(info.title ?? 'API')} ${String(info.version ?? '')}`.trim();
  return renderPage({
    title: `${title}: API reference`,
    scalarVersion: scalar.version,
    scalarSource: scalar.source,
    boot: bootScript(),
    document: pageDocument(contract),
    configuration: { ...SCALAR_CONFIGURATION, metaData: { title: `${title}: API reference` } },
  });
}

function main(): void {
  const { values } = parseArgs({ options: { check: { type: 'boolean' } } });
  const page = buildPage();
  const label = path.relative(process.cwd(), PAGE_FILE);
  if (values.check) {
    const current = fs.existsSync(PAGE_FILE) ? fs.readFileSync(PAGE_FILE, 'utf8') : undefined;
    if (current !== page) {
      console.error(`docs: ${label} is ${current === undefined ? 'missing' : 'stale'}; run \`npm run docs\``);
      process.exit(1);
    }
    console.log(`docs: ${label} is fresh.`);
    return;
  }
  fs.mkdirSync(DOCS_DIR, { recursive: true });
  const temporary = `${PAGE_FILE}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, page);
  fs.renameSync(temporary, PAGE_FILE);
  console.log(`docs: wrote ${label} (${Math.round(page.length / 1024)} KiB); the mock serves it at /docs/`);
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`docs: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
