// The kit as teams install it: packed with `npm pack` (prepack builds dist/), installed from the
// tarball into fresh projects outside the repository, used with plain node and no TypeScript
// loader. (a) a Vite react-ts app on the template's own tsconfig, (b) a bare QA folder running
// the bins, (c) a client-only project: its install size, a CommonJS require, node16 types.
// The projects install in parallel from npm's cache; timings are printed at the end.
// @slow 120 s alone: a build, three npm installs, a Vite build, Vitest, the servers and a suite run
// (135 s measured alone on 2 cores at load average 9; about 60 s of CPU).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { npmPack, packed as parsePack, ROOT, type PackedKit } from '../../scripts/build/pack';
import { copyFixture, installedPackages, npmInstall, removeProjects, run, startServer, tempProject, type Server } from './consumers';

const FIXTURES = path.join(__dirname, 'fixtures');
const HEAVY = ['@stoplight/prism-cli', 'fast-check', 'ajv', 'ajv-formats', 'yaml', 'msw'];
/** What the QA folder installs besides the kit: the optional peers its bins name. */
const QA_PEERS = ['@stoplight/prism-cli@5.14.2', 'ajv@8.20.0', 'ajv-formats@3.0.1', 'fast-check@4.10.2'];
/** Credentials set for this sandbox run, so the suite and the sandbox agree whatever the defaults. */
const QA_CREDENTIALS = { SANDBOX_TOKEN: 'qa-key', SANDBOX_READONLY_TOKEN: 'qa-limited-key', SANDBOX_SESSION_ID: 'qa-session' };

const timings: string[] = [];
async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** `npm pack` in the repository (prepack builds dist/), as a tracked child of this test. */
async function pack(destination: string): Promise<PackedKit> {
  const result = await run('npm', npmPack(destination), ROOT, { timeoutMs: 240_000 });
  if (result.code !== 0) throw new Error(`npm pack failed:\n${result.stderr}`);
  return parsePack(result.stdout, destination);
}

const started = performance.now();
let packed: PackedKit;
let app: string;
let qa: string;
let client: string;
let sandbox: Server | undefined;
let mock: Server | undefined;

beforeAll(async () => {
  app = copyFixture(path.join(FIXTURES, 'vite-react-ts'), 'app');
  qa = tempProject('qa');
  client = copyFixture(path.join(FIXTURES, 'node16'), 'client');
  // What does not need the kit installs while the kit builds; then each project adds the tarball.
  const packDir = tempProject('tarball');
  [packed] = await Promise.all([
    timed('pack (build + npm pack)', () => pack(packDir)),
    timed('install: app\'s own dependencies', () => npmInstall(app, [])),
    timed('install: qa\'s peers', () => npmInstall(qa, ['--save-dev', ...QA_PEERS])),
  ]);
  await Promise.all([
    timed('install: kit into app', () => npmInstall(app, ['--save-dev', packed.tarball])),
    timed('install: kit into qa', () => npmInstall(qa, ['--save-dev', packed.tarball])),
    timed('install: kit alone (client)', () => npmInstall(client, [packed.tarball])),
  ]);
  // Started here, not in a test: later tests use them, and children of a test die with it.
  [sandbox, mock] = await timed('sandbox and mock start', () =>
    Promise.all([
      startServer('npx', ['--no', '--', 'contract-kit', 'sandbox', '--port', '0'], qa, { env: QA_CREDENTIALS }),
      startServer('npx', ['--no', '--', 'contract-kit', 'mock'], qa, { env: { PORT: '0' } }),
    ]),
  );
}, 360_000);

afterAll(async () => {
  await Promise.all([sandbox?.stop(), mock?.stop()]);
  removeProjects();
  timings.push(`total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`package acceptance (${os.availableParallelism()} cores):\n  ${timings.join('\n  ')}`);
});

const npx = (dir: string, args: string[], env: NodeJS.ProcessEnv = {}) => run('npx', ['--no', '--', ...args], dir, { env });

describe('the packed tarball', () => {
  test('ships JavaScript, declarations, the contract and the reference page; no TypeScript sources, tests or scripts', () => {
    const sources = packed.files.filter((file) => /\.ts$/.test(file) && !/\.d\.ts$/.test(file));
    const tooling = packed.files.filter((file) => /(^|\/)(test|tests|bench|scripts)\/|\.test\.|\.spec\./.test(file));
    expect({ sources, tooling }).toEqual({ sources: [], tooling: [] });
    for (const file of ['dist/client/index.js', 'dist/client/index.d.ts', 'dist/client/index.mjs', 'dist/client/index.d.mts', 'dist/generated/validators.cjs', 'dist/generated/openapi.json', 'dist/bin/contract-kit.js', 'package.json']) {
      expect(packed.files).toContain(file);
    }
    timings.push(`tarball: ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} KB (${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked)`);
  });
});

describe('(c) a project that wants the client only', () => {
  test('installing the kit adds at most 10 packages and none of the mock, sandbox or suite dependencies', () => {
    const installed = installedPackages(client);
    timings.push(`client-only install: ${installed.length} packages (${installed.join(', ')})`);
    expect(installed.filter((name) => HEAVY.includes(name))).toEqual([]);
    expect(installed.length).toBeLessThanOrEqual(10);
  });

  test('types check under node16 and bundler resolution with strict consumer settings, with TypeScript 5.9 and the newest', async () => {
    // The app's two compilers (the template's TypeScript and 5.9): node16 on this project's
    // files; bundler (the client and ./msw) on the app's kit files with 5.9 (the template's own
    // compiler checks the whole app in its build).
    const tsc = (name: string) => path.join(app, 'node_modules', name, 'bin', 'tsc');
    const checks = await timed('tsc checks (node16 × 2, bundler 5.9)', () =>
      Promise.all([
        run(process.execPath, [tsc('typescript'), '-p', '.'], client),
        run(process.execPath, [tsc('typescript-5.9'), '-p', '.'], client),
        run(process.execPath, [tsc('typescript-5.9'), '-p', 'tsconfig.kit.json'], app),
      ]),
    );
    expect(checks.map((result) => ({ code: result.code, output: result.stdout + result.stderr }))).toEqual(Array(3).fill({ code: 0, output: '' }));
  }, 120_000);

  test('a bin whose optional peer is missing names the one install line and exits 2', async () => {
    const result = await npx(client, ['contract-kit', 'mock']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^contract-kit mock: needs @stoplight\/prism-cli, ajv, ajv-formats; install with: npm i -D "@stoplight\/prism-cli@5\.14\.2" "ajv@/)]);
  });
});

describe('(b) a bare QA folder', () => {
  test.each([['mock'], ['sandbox'], ['conformance']])('`contract-kit %s --help` prints its usage', async (command) => {
    const result = await npx(qa, ['contract-kit', command, '--help']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Usage: /);
  });

  test('`contract-kit sandbox --port 0` and `PORT=0 contract-kit mock` answer on the port their banners report', async () => {
    for (const [server, key] of [[sandbox!, QA_CREDENTIALS.SANDBOX_TOKEN], [mock!, 'any-key']] as const) {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
      const response = await fetch(`${server.url}/api/v1/municipalities/?country_code=AT`, { headers: { Authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    }
  });

  // A short run (--budget 400): the bin and the suite from the tarball; npm test runs the full suite against the sandbox from source.
  test('`contract-kit conformance --base-url <the sandbox>` passes', async () => {
    const credentials = { CONFORMANCE_TOKEN: QA_CREDENTIALS.SANDBOX_TOKEN, CONFORMANCE_LIMITED_TOKEN: QA_CREDENTIALS.SANDBOX_READONLY_TOKEN, CONFORMANCE_SESSION_ID: QA_CREDENTIALS.SANDBOX_SESSION_ID };
    const result = await timed('conformance against the sandbox', () => npx(qa, ['contract-kit', 'conformance', '--base-url', sandbox!.url, '--writes', '--budget', '400', '--har', 'run.har'], credentials));
    // Without a terminal, stderr carries one progress line per phase as it ends, and nothing else.
    const stderrLines = result.stderr.split('\n').filter(Boolean);
    expect({ code: result.code, other: stderrLines.filter((line) => !line.startsWith('phase ')) }).toEqual({ code: 0, other: [] });
    expect(stderrLines.length).toBeGreaterThan(0);
    expect(result.stdout).toMatch(/Verdict: PASS — 0 failed/);
    expect(fs.existsSync(path.join(qa, 'reports', 'junit.xml'))).toBe(true);
  }, 120_000);

  test('`contract-kit judge` judges that run\'s exchanges (exported with --har) clean, with their coverage', async () => {
    const result = await timed('judge the run\'s HAR', () => npx(qa, ['contract-kit', 'judge', 'run.har', '--report', 'reports-judge'], {}));
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/Verdict: PASS — 0 failed/);
    expect(result.stdout).toMatch(/coverage/i);
  }, 60_000);

  test('(c) a CommonJS consumer requires the client and reads the list from that sandbox', async () => {
    const result = await run(process.execPath, ['consumer.cjs', sandbox!.url, QA_CREDENTIALS.SANDBOX_TOKEN], client);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^200 [1-9]\d*\n$/);
  });
});

describe('(a) a Vite react-ts app on the template\'s own tsconfig', () => {
  test('`npm run build` (the template\'s `tsc -b && vite build`) passes', async () => {
    const build = await timed('app: npm run build', () => run('npm', ['run', '--silent', 'build'], app));
    expect({ code: build.code, stderr: build.stderr }).toEqual({ code: 0, stderr: '' });
    expect(build.stdout).toMatch(/built in/);
  }, 120_000);

  test('Vitest with msw/node: a module-level client reads the list with the demo key; handlers answer one operation with a 503, another 300 ms late; override() by operationId', async () => {
    const result = await timed('app: npm test (vitest run)', () => run('npm', ['test', '--silent'], app));
    expect({ code: result.code, output: result.code === 0 ? '' : result.stdout + result.stderr }).toEqual({ code: 0, output: '' });
    expect(result.stdout).toMatch(/3 passed/);
  }, 60_000);
});
