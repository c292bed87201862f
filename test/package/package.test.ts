// The kit as teams install it: packed with `npm pack` (prepare builds dist/), installed from the
// tarball into fresh projects outside the repository, used with plain node and no TypeScript
// loader. (a) a Vite react-ts app with the kit and msw (no ajv) on the template's own tsconfig,
// (b) a bare QA folder running the bins, (c) a client-only project: its install size, a CommonJS
// require, node16 types, the commands' --help without any peer, the shipped docs' links, and
// (d) a project that installs the kit from a git URL (npm runs prepare in its clone).
// One tarball, one install per kind of project, in parallel from npm's cache; timings printed.
// @slow 120 s alone: four npm installs (one a git install that installs the repository's own
// dependencies in its clone and builds there), a Vite build, Vitest, the servers and a suite run
// (113 s measured alone on 2 cores at load average 8, about 80 s of CPU; before the git install
// 88–106 s and 42–58 s of CPU beside it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { npmPack, packed as parsePack, ROOT, type PackedKit } from '../../scripts/build/pack';
import { childPids, hasEnded, until } from '../support/children';
import { checkLinks } from './doc-links';
import { copyFixture, gitSnapshot, installedPackages, npmInstall, packageFiles, removeProjects, run, startServer, tempProject, type Server } from './consumers';
import { PAST_WATCHDOG_MS, WATCHDOG_MS } from '../support/clock';

const FIXTURES = path.join(__dirname, 'fixtures');
const HEAVY = ['@stoplight/prism-cli', 'fast-check', 'ajv', 'ajv-formats', 'yaml', 'msw'];
/** What the QA folder installs besides the kit: the optional peers its bins name. */
const QA_PEERS = ['@stoplight/prism-cli@5.14.2', 'fast-check@4.10.2'];
/** Credentials set for this sandbox run, so the suite and the sandbox agree whatever the defaults. */
const QA_CREDENTIALS = { SANDBOX_TOKEN: 'qa-key', SANDBOX_READONLY_TOKEN: 'qa-limited-key', SANDBOX_SESSION_ID: 'qa-session' };
const KIT = (dir: string) => path.join(dir, 'node_modules', 'cmds-contract-kit');

const timings: string[] = [];
async function timed<T>(label: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings.push(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** `npm pack` in the repository (prepare builds dist/ unless it is fresh), as a tracked child of this test. */
async function pack(destination: string): Promise<PackedKit> {
  const result = await run('npm', npmPack(destination), ROOT);
  if (result.code !== 0) throw new Error(`npm pack failed:\n${result.stderr}`);
  return parsePack(result.stdout, destination);
}

const started = performance.now();
let packed: PackedKit;
let app: string;
let qa: string;
let client: string;
let fromGit: string;
/** The git install, running while the other projects are tested; (d), last, waits for it. */
let gitInstall: Promise<unknown>;
let sandbox: Server | undefined;
let mock: Server | undefined;

beforeAll(async () => {
  app = copyFixture(path.join(FIXTURES, 'vite-react-ts'), 'app');
  qa = tempProject('qa');
  client = copyFixture(path.join(FIXTURES, 'node16'), 'client');
  fromGit = copyFixture(path.join(FIXTURES, 'node16'), 'git');
  // The git install is the longest (npm installs the repository's dependencies in its clone and
  // builds there): it runs beside everything else, tests included. What does not need the kit
  // installs while the kit packs; then each project adds the tarball.
  gitInstall = timed('install: kit from git (clone, its npm install, prepare; beside the rest)', async () => npmInstall(fromGit, [await gitSnapshot()]));
  gitInstall.catch(() => undefined); // (d) reports it
  const packDir = tempProject('tarball');
  [packed] = await Promise.all([
    timed('pack (prepare + npm pack)', () => pack(packDir)),
    timed("install: app's own dependencies", () => npmInstall(app, [])),
    timed("install: qa's peers", () => npmInstall(qa, ['--save-dev', ...QA_PEERS])),
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
      startServer('npx', ['--no', '--', 'contract-kit', 'mock', '--port', '0'], qa),
    ]),
  );
});

afterAll(async () => {
  await Promise.all([sandbox?.stop(), mock?.stop()]);
  removeProjects();
  timings.push(`total: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`package acceptance (${os.availableParallelism()} cores):\n  ${timings.join('\n  ')}`);
});

const npx = (dir: string, args: string[], env: NodeJS.ProcessEnv = {}) => run('npx', ['--no', '--', ...args], dir, { env });

describe('the packed tarball', () => {
  test('ships JavaScript, declarations, the contract, the reference page and the docs; no TypeScript sources, tests or scripts', () => {
    const code = packed.files.filter((file) => !file.endsWith('.md'));
    const sources = code.filter((file) => /\.ts$/.test(file) && !/\.d\.ts$/.test(file));
    const tooling = code.filter((file) => /(^|\/)(test|tests|bench|scripts)\/|\.test\.|\.spec\./.test(file));
    expect({ sources, tooling }).toEqual({ sources: [], tooling: [] });
    for (const file of ['dist/client/index.js', 'dist/client/index.d.ts', 'dist/client/index.mjs', 'dist/client/index.d.mts', 'dist/generated/validators.cjs', 'dist/generated/openapi.json', 'dist/bin/contract-kit.js', 'package.json', 'README.md', 'sandbox/README.md', 'bench/RESULTS.md']) {
      expect(packed.files).toContain(file);
    }
    timings.push(`tarball: ${packed.files.length} files, ${(packed.size / 1024).toFixed(0)} KB (${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked)`);
  });

  test('every relative link of every shipped Markdown file resolves inside the installed package, and so does every mention of a document of the repository', () => {
    const { checked, broken } = checkLinks(KIT(client), ROOT);
    expect(broken).toEqual([]);
    // The README alone links and names more than this many documents.
    expect(checked).toBeGreaterThan(20);
  });
});

describe('(c) a project that wants the client only', () => {
  test('installing the kit adds at most 3 packages and none of the mock, sandbox or suite dependencies', () => {
    const installed = installedPackages(client);
    timings.push(`client-only install: ${installed.length} packages (${installed.join(', ')})`);
    expect(installed.filter((name) => HEAVY.includes(name))).toEqual([]);
    expect(installed.length).toBeLessThanOrEqual(3);
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
  });

  test.each([['mock'], ['sandbox'], ['conformance'], ['judge'], ['proxy'], ['strength']])('`contract-kit %s --help` and `--version` answer without any optional peer installed', async (command) => {
    const [help, version] = await Promise.all([npx(client, ['contract-kit', command, '--help']), npx(client, ['contract-kit', command, '--version'])]);
    expect(help).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^Usage: /) });
    expect(version).toMatchObject({ code: 0, stderr: '', stdout: 'cmds-contract-kit 1.0.0\n' });
  });

  test('a bin whose optional peer is missing names the one install line and exits 2', async () => {
    const result = await npx(client, ['contract-kit', 'mock']);
    expect(result.code).toBe(2);
    expect(result.stderr.trim().split('\n')).toEqual(['contract-kit mock: needs @stoplight/prism-cli; install with: npm i -D "@stoplight/prism-cli@5.14.2"']);
  });
});

describe('(b) a bare QA folder', () => {
  test('`contract-kit sandbox --port 0` and `contract-kit mock --port 0` answer on the port their banners report', async () => {
    for (const [server, key] of [[sandbox!, QA_CREDENTIALS.SANDBOX_TOKEN], [mock!, 'any-key']] as const) {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
      const response = await fetch(`${server.url}/api/v1/municipalities/?country_code=AT`, { headers: { Authorization: `Bearer ${key}` } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    }
  });

  // A short run (--budget 400): the bin and the suite from the tarball; npm test runs the full suite against the sandbox from source.
  test('`contract-kit conformance --base-url <the sandbox>` passes', async () => {
    // The per-request timeout past the watchdog: a slow machine's late answer is no failure (test/support/clock.ts).
    const credentials = { CONFORMANCE_TOKEN: QA_CREDENTIALS.SANDBOX_TOKEN, CONFORMANCE_LIMITED_TOKEN: QA_CREDENTIALS.SANDBOX_READONLY_TOKEN, CONFORMANCE_SESSION_ID: QA_CREDENTIALS.SANDBOX_SESSION_ID, CONFORMANCE_TIMEOUT_MS: String(PAST_WATCHDOG_MS) };
    const result = await timed('conformance against the sandbox', () => npx(qa, ['contract-kit', 'conformance', '--base-url', sandbox!.url, '--writes', '--budget', '400', '--har', 'run.har'], credentials));
    // Without a terminal, stderr carries one progress line per phase as it ends, and nothing else.
    const stderrLines = result.stderr.split('\n').filter(Boolean);
    expect({ code: result.code, other: stderrLines.filter((line) => !line.startsWith('phase ')) }).toEqual({ code: 0, other: [] });
    expect(stderrLines.length).toBeGreaterThan(0);
    expect(result.stdout).toMatch(/Verdict: PASS — 0 failed/);
    expect(fs.existsSync(path.join(qa, 'reports', 'junit.xml'))).toBe(true);
  });

  // The smallest table, the auth area alone: the command from the tarball, its faults judged in two worker processes.
  test('`conformance strength` measures the suite against the kit\'s faulty sandboxes and prints its table', async () => {
    const result = await timed('conformance strength (one table, auth only)', () => npx(qa, ['conformance', 'strength', '--table', 'credentials', '--only', 'auth', '--budget', '600', '--jobs', '2', '--quiet'], {}));
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toContain('| credentials | 3 | 3 | 0 |');
    expect(result.stdout).toMatch(/^Caught 3 of 3 \(100\.0 %\) in \d+ s, 2 job\(s\); the runs took \d+ s of CPU\.$/m);
  });

  test('the suite checks its config file without ajv (prism brings ajv here: it is made unresolvable): a mistake is one line naming the key, exit 2', async () => {
    fs.writeFileSync(path.join(qa, 'no-ajv.cjs'), "const Module = require('module');\nconst resolve = Module._resolveFilename;\nModule._resolveFilename = function (request, ...rest) {\n  if (/^ajv(-formats)?(\\/|$)/.test(request)) throw new Error(`ajv required: ${request}`);\n  return resolve.call(this, request, ...rest);\n};\n");
    fs.writeFileSync(path.join(qa, 'mistaken.config.json'), JSON.stringify({ headers: { 'X-Trace': 'qa' }, maxPage: 3 }));
    const result = await npx(qa, ['contract-kit', 'conformance', '--config', 'mistaken.config.json', '--base-url', sandbox!.url], { CONFORMANCE_TOKEN: QA_CREDENTIALS.SANDBOX_TOKEN, NODE_OPTIONS: `--require ${path.join(qa, 'no-ajv.cjs')}` });
    expect({ code: result.code, stderr: result.stderr.trim().split('\n') }).toEqual({ code: 2, stderr: [expect.stringMatching(/mistaken\.config\.json: unknown key "maxPage"/)] });
  });

  test('`contract-kit judge` judges that run\'s exchanges (exported with --har) clean, with their coverage', async () => {
    const result = await timed('judge the run\'s HAR', () => npx(qa, ['contract-kit', 'judge', 'run.har', '--report', 'reports-judge'], {}));
    expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/Verdict: PASS — 0 failed/);
    expect(result.stdout).toMatch(/coverage/i);
  });

  test('(c) a CommonJS consumer requires the client and reads the list from that sandbox', async () => {
    const result = await run(process.execPath, ['consumer.cjs', sandbox!.url, QA_CREDENTIALS.SANDBOX_TOKEN], client);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^200 [1-9]\d*\n$/);
  });

  test('SIGTERM to the npx wrapper ends the mock and Prism with it', async () => {
    // npx → npm's shell → the mock → Prism: everything npx started, found before it is signalled.
    const tree = (pid: number): number[] => childPids(pid).flatMap((child) => [child, ...tree(child)]);
    const started = tree(mock!.pid);
    expect(started.length).toBeGreaterThanOrEqual(3);
    process.kill(mock!.pid, 'SIGTERM');
    await until(() => [mock!.pid, ...started].every(hasEnded), 'npx, its shell, the mock and Prism end');
  });
});

describe('(a) a Vite react-ts app with the kit and msw, on the template\'s own tsconfig', () => {
  test('has no ajv: the handlers need msw alone', () => {
    expect(installedPackages(app).filter((name) => /^ajv/.test(name))).toEqual([]);
  });

  test('`npm run build` (the template\'s `tsc -b && vite build`) passes', async () => {
    const build = await timed('app: npm run build', () => run('npm', ['run', '--silent', 'build'], app));
    expect({ code: build.code, stderr: build.stderr }).toEqual({ code: 0, stderr: '' });
    expect(build.stdout).toMatch(/built in/);
  });

  test('Vitest with msw/node: a module-level client; handlers with a 503 and a delay; override() with a fault and with a typed 200; own seed data; a client on baseUrl \'\'', async () => {
    // Vitest's own 5 s per test would be a clock on a loaded machine: the watchdog's instead (test/support/clock.ts).
    const watchdog = [`--testTimeout=${WATCHDOG_MS}`, `--hookTimeout=${WATCHDOG_MS}`];
    const result = await timed('app: npm test (vitest run)', () => run('npm', ['test', '--silent', '--', ...watchdog], app));
    expect({ code: result.code, output: result.code === 0 ? '' : result.stdout + result.stderr }).toEqual({ code: 0, output: '' });
    expect(result.stdout).toMatch(/5 passed/);
  });
});

describe('(d) a project that installs the kit from a git URL', () => {
  beforeAll(() => gitInstall);

  test('gets the package the tarball holds, built by prepare in npm\'s clone', () => {
    expect(packageFiles(KIT(fromGit)).sort()).toEqual([...packed.files].sort());
  });

  test('requires the client, which reads the list from the QA folder\'s sandbox', async () => {
    const result = await run(process.execPath, ['consumer.cjs', sandbox!.url, QA_CREDENTIALS.SANDBOX_TOKEN], fromGit);
    expect(result).toMatchObject({ code: 0, stderr: '', stdout: expect.stringMatching(/^200 [1-9]\d*\n$/) });
  });
});
