// `npm run build` (and, with --if-stale, `prepare` and `prepack`): the package's JavaScript and
// declarations in dist/, skipped with --if-stale while dist/ is fresh (stamp.ts). tsc
// compiles the entry points (tsconfig.build.json) to CommonJS and copies the JSON they import;
// the files it does not emit are copied beside them at the same relative paths, so
// `__dirname`-relative reads (the bundled contract, Prism's preload, the reference page) work
// from dist/ as from source. The client alone also gets an ES module (esbuild, one file, its
// dependencies external): bundlers tree-shake it and pick openapi-fetch's ES build, which
// CommonJS would not give them (bench/RESULTS.md, "Package").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone';
import { buildSync } from 'esbuild';
import { CONFIG_AJV_OPTIONS } from '../../conformance/config-validator';
import configSchema from '../../conformance/config.schema.json';
import { distIsFresh, writeStamp } from './stamp';

const ROOT = path.resolve(__dirname, '../..');
export const DIST = path.join(ROOT, 'dist');

/** Shipped as they are: CommonJS and declarations that tsc does not emit, and the built reference page. */
const COPIED = ['generated/validators.d.cts', 'generated/schema.d.ts', 'mock/prism-child.cjs', 'docs/index.html'];

function main(): void {
  if (process.argv.includes('--if-stale') && distIsFresh(ROOT, DIST)) {
    console.log('build: dist/ is fresh (built from the sources as they are); skipped');
    return;
  }
  fs.rmSync(DIST, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) {
    console.error('build: tsc failed');
    process.exit(1);
  }
  for (const file of COPIED) {
    fs.mkdirSync(path.dirname(path.join(DIST, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(DIST, file));
  }
  // The validators with the few helpers of ajv and ajv-formats they require (ucs2length, the
  // formats they use) bundled in: nothing the package runs needs ajv, so the MSW handlers and the
  // sandbox work with msw alone (bench/RESULTS.md, "Package").
  buildSync({ entryPoints: [path.join(ROOT, 'generated/validators.cjs')], outfile: path.join(DIST, 'generated/validators.cjs'), bundle: true, format: 'cjs', platform: 'neutral', target: 'es2022', logLevel: 'warning' });
  // The suite's config-file validator the same way: compiled ahead in place of the module that
  // compiles it on load (conformance/config-validator.ts), with the same exports.
  const ajv = addFormats(new Ajv({ ...CONFIG_AJV_OPTIONS, code: { source: true } }));
  const standalone = standaloneCode(ajv, ajv.compile(configSchema));
  buildSync({
    stdin: { contents: `${standalone}\nmodule.exports = { validateConfig: module.exports, CONFIG_AJV_OPTIONS: ${JSON.stringify(CONFIG_AJV_OPTIONS)} };\n`, resolveDir: ROOT, loader: 'js' },
    outfile: path.join(DIST, 'conformance/config-validator.js'), bundle: true, format: 'cjs', platform: 'neutral', target: 'es2022', logLevel: 'warning', allowOverwrite: true,
  });
  buildSync({ entryPoints: [path.join(ROOT, 'client/index.ts')], outfile: path.join(DIST, 'client/index.mjs'), bundle: true, format: 'esm', platform: 'neutral', target: 'es2022', packages: 'external', logLevel: 'warning' });
  // Its types are the CommonJS declarations, re-exported for `import` resolution.
  fs.writeFileSync(path.join(DIST, 'client/index.d.mts'), "export * from './index.js';\n");
  for (const bin of ['contract-kit.js', 'conformance.js']) fs.chmodSync(path.join(DIST, 'bin', bin), 0o755);
  writeStamp(ROOT, DIST);
  console.log(`build: dist/ written (${fs.readdirSync(DIST, { recursive: true }).length} entries)`);
}

main();
