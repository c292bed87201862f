// `npm run bench:package`: what a project pays for the packed kit. Packs the kit (prepare builds
// dist/ unless it is fresh), installs the tarball alone into a fresh project and bundles
// `createApiClient` from there with esbuild (minified, for the browser): the bundle's bytes and
// gzip bytes, the inputs that make them up, and the packages the install added; then installs
// the kit with msw alone, as a frontend's tests need it for `cmds-contract-kit/msw`, and imports
// the handlers there: the packages added, none of them ajv (the validators' helpers ship bundled).
// Writes its section of bench/RESULTS.md (between its own markers).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { packKit } from '../scripts/build/pack';
import { describeMachine } from './machine';
import { table } from './markdown';
import { writeResults } from './results-file';
import { makeTempDir } from './temp-dir';

export const GOALS = { gzipBytes: 5 * 1024, packages: 3 } as const;

/** The msw a frontend installs beside the kit: the version this repository tests with. */
const MSW = `msw@${(require('../package.json') as { devDependencies: Record<string, string> }).devDependencies.msw}`;

/** What a frontend's test setup does with the handlers: import them and make a set. */
const MSW_ENTRY = `const { createHandlers } = require('cmds-contract-kit/msw');
console.log(createHandlers().length);
`;

/** What an app writes: one client, one request. */
const ENTRY = `import { createApiClient } from 'cmds-contract-kit';
const api = createApiClient({ baseUrl: 'https://api.example.test', auth: { bearer: 'key' } });
export const load = () => api.GET('/api/v1/municipalities/', { params: { query: { country_code: ['AT'] } } });
`;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** `npm install` into a fresh project from npm's cache; the packages its lock file then holds, and how long it took. */
function install(project: string, specs: string[]): { packages: string[]; ms: number } {
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: path.basename(project), version: '1.0.0', private: true }));
  const started = performance.now();
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...specs], { cwd: project, stdio: 'ignore' });
  const ms = performance.now() - started;
  const lock = JSON.parse(fs.readFileSync(path.join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, unknown> };
  const packages = Object.keys(lock.packages).filter((key) => key.startsWith('node_modules/')).map((key) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return { packages, ms };
}
const verdict = (met: boolean) => (met ? 'met' : 'NOT met');

async function main(): Promise<void> {
  const started = performance.now();
  const packDir = makeTempDir('package');
  const project = makeTempDir('client');
  const kit = packKit(packDir);
  fs.writeFileSync(path.join(project, 'app.js'), ENTRY);
  const { packages, ms: installMs } = install(project, [kit.tarball]);

  const withMsw = makeTempDir('msw');
  const mswInstall = install(withMsw, [kit.tarball, MSW]);
  fs.writeFileSync(path.join(withMsw, 'handlers.cjs'), MSW_ENTRY);
  const handlers = Number(execFileSync(process.execPath, ['handlers.cjs'], { cwd: withMsw, encoding: 'utf8' }).trim());
  const ajv = mswInstall.packages.filter((name) => /^ajv/.test(name));

  const result = await build({ entryPoints: [path.join(project, 'app.js')], absWorkingDir: project, bundle: true, minify: true, format: 'esm', platform: 'browser', target: 'es2022', write: false, metafile: true, logLevel: 'silent' });
  const code = result.outputFiles[0]!.contents;
  const gzip = gzipSync(code).length;
  const output = Object.values(result.metafile.outputs)[0]!;
  const inputs = Object.entries(output.inputs)
    .map(([file, { bytesInOutput }]) => [file.replace(/^.*node_modules\//, ''), bytesInOutput] as const)
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1]);

  const machine = describeMachine();
  const section = [
    '## Package: what an install costs',
    '',
    `\`npm run bench:package\` (bench/package.ts), ${machine.date}, ${((performance.now() - started) / 1000).toFixed(1)} s, Node ${machine.node}, ${machine.cores} cores, load average ${machine.loadAverage.start.toFixed(2)} at the start.`,
    'The kit packed with `npm pack`, installed alone into a fresh project (`npm install <tarball>`), and an app\'s one client and one request bundled from there with esbuild (minified, ESM, browser);',
    `then installed with ${MSW} alone into another fresh project, whose script requires \`cmds-contract-kit/msw\` and makes a handler set (${handlers} handler).`,
    '',
    table(['figure', 'measured', 'goal', 'verdict'], [
      ['client bundle, minified', kb(code.length), '', ''],
      ['client bundle, gzip', kb(gzip), `≤ ${kb(GOALS.gzipBytes)}`, verdict(gzip <= GOALS.gzipBytes)],
      ['packages a client-only install adds', packages.length, `≤ ${GOALS.packages}`, verdict(packages.length <= GOALS.packages)],
      ['tarball', `${kit.files.length} files, ${kb(kit.size)} (${kb(kit.unpackedSize)} unpacked)`, '', ''],
      ['client-only install time', `${(installMs / 1000).toFixed(1)} s`, '', ''],
      ['packages the kit and msw install', mswInstall.packages.length, '', ''],
      ['ajv packages among them', ajv.length, '0', verdict(ajv.length === 0 && handlers > 0)],
    ]),
    '',
    `Installed, client only: ${packages.join(', ')}.`,
    '',
    'Bundle by input (minified bytes):',
    '',
    table(['input', 'bytes'], inputs.map(([file, bytes]) => [file, bytes])),
  ].join('\n');
  console.log(section);
  writeResults(section, undefined, 'package');
}

main().catch((error: unknown) => {
  console.error(`bench:package: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
