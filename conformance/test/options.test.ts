// The CLI's flags and variables: modes, credentials, areas and the one-line usage errors.
import path from 'node:path';
import { parseOptions, UsageError, type Options } from '../options';

const parse = (argv: string[], env: NodeJS.ProcessEnv = {}) => parseOptions(argv, env, '/work') as Options;

test('no target: mock mode with made-up credentials, all areas, writes allowed (the mock stores nothing)', () => {
  const { config, reportDir } = parse([]);
  expect(config).toMatchObject({ mode: 'mock', writes: true, timeoutMs: 10_000, maxPages: 5, budget: 1600 });
  expect(config.areas).toEqual(['responses', 'inputs', 'lists', 'filters', 'auth', 'lifecycle', 'fuzz']);
  expect(Number.isInteger(config.seed)).toBe(true);
  expect(reportDir).toBe(path.resolve('/work/reports'));
  expect(config.runId).toMatch(/^[0-9a-f]{8}$/);
});

test('variables configure live mode; read-only unless CONFORMANCE_WRITES=1', () => {
  const env = { CONFORMANCE_BASE_URL: 'http://127.0.0.1:4011/', CONFORMANCE_TOKEN: 't', CONFORMANCE_LIMITED_TOKEN: 'l', CONFORMANCE_SESSION_ID: 's' };
  expect(parse([], env).config).toMatchObject({ mode: 'live', baseUrl: 'http://127.0.0.1:4011', token: 't', limitedToken: 'l', sessionId: 's', writes: false, budget: 2400, maxBodyBytes: 16 * 1024 * 1024 });
  expect(parse([], { ...env, CONFORMANCE_WRITES: '1' }).config.writes).toBe(true);
});

test('flags override variables', () => {
  const { config, reportDir } = parse(
    ['--base-url', 'https://api.example', '--token', 'flag', '--writes', '--only', 'auth,lists', '--only', 'inputs', '--report', 'out', '--timeout', '500', '--max-pages', '3', '--seed', '42', '--budget', '300'],
    { CONFORMANCE_BASE_URL: 'http://other', CONFORMANCE_TOKEN: 'env', CONFORMANCE_SEED: '7' },
  );
  expect(config).toMatchObject({ baseUrl: 'https://api.example', token: 'flag', writes: true, timeoutMs: 500, maxPages: 3, areas: ['inputs', 'lists', 'auth'], seed: 42, budget: 300 });
  expect(reportDir).toBe(path.resolve('/work/out'));
});

test('--max-body takes a size in bytes, KB, MB or GB; --deadline seconds or minutes', () => {
  expect(parse(['--max-body', '512KB']).config.maxBodyBytes).toBe(512 * 1024);
  expect(parse([], { CONFORMANCE_MAX_BODY: '1.5 MB' }).config.maxBodyBytes).toBe(1.5 * 1024 * 1024);
  expect(parse(['--max-body', '1GB']).config.maxBodyBytes).toBe(1024 ** 3);
  expect(parse(['--deadline', '90']).deadlineS).toBe(90);
  expect(parse([], { CONFORMANCE_DEADLINE: '10m' }).deadlineS).toBe(600);
  expect(parse([]).deadlineS).toBeUndefined();
});

test('--help', () => expect(parseOptions(['--help'], {})).toBe('help'));

test.each([
  [['--base-url', 'http://x'], {}, /live mode needs an API key: set CONFORMANCE_TOKEN/],
  [['--only', 'everything'], {}, /unknown area "everything" for --only; areas: responses, inputs, lists/],
  [['--base-url', 'ftp://x', '--token', 't'], {}, /must be an http\(s\) URL/],
  [['--timeout', 'soon'], {}, /--timeout must be an integer >= 1/],
  [['--bogus'], {}, /Unknown option '--bogus'.*try --help/],
  [['--seed', 'one'], {}, /--seed must be an integer/],
  [['--budget', '0'], {}, /--budget must be an integer >= 1/],
  [['rerun'], {}, /unknown command "rerun"/],
  [['replay'], {}, /replay needs the failures file/],
  [[], { CONFORMANCE_WRITES: 'yes' }, /CONFORMANCE_WRITES must be 1 or 0/],
  [['--max-body', '16 parsecs'], {}, /--max-body must be a size of at least 1KB, e.g. 16MB or 512KB, got "16 parsecs"/],
  [['--max-body', '100'], {}, /--max-body must be a size of at least 1KB/],
  [['--deadline', '1h'], {}, /--deadline must be a whole number of seconds \(or minutes: 10m\), at least 1, got "1h"/],
] as Array<[string[], NodeJS.ProcessEnv, RegExp]>)('usage error: %j', (argv, env, message) => {
  expect(() => parseOptions(argv, env)).toThrow(UsageError);
  expect(() => parseOptions(argv, env)).toThrow(message);
});

test('--sandbox: live mode with writes against a sandbox the CLI starts, its default credentials unless given', () => {
  const { config, start } = parse(['--sandbox']);
  expect(start).toBe('sandbox');
  expect(config).toMatchObject({ mode: 'live', writes: true, token: 'demo-key', limitedToken: 'demo-limited-key', sessionId: 'demo-session' });
  expect(parse(['--sandbox'], { CONFORMANCE_TOKEN: 'mine' }).config.token).toBe('mine');
  expect(() => parse(['--sandbox', '--base-url', 'http://x'])).toThrow(/--sandbox starts its own target/);
});

test('replay <file>: the failures file, resolved against the working directory', () => {
  expect(parse(['replay', 'reports/failures.json']).replay).toBe(path.resolve('/work/reports/failures.json'));
});

test('commands: replay writes to its own folder; judge takes traffic files; proxy needs --upstream', () => {
  const replay = parse(['replay', 'reports/failures.json']);
  expect(replay.replay).toBe(path.resolve('/work/reports/failures.json'));
  expect(path.relative('/work', replay.reportDir)).toMatch(/^reports\/replay-\d{8}-\d{6}$/);
  expect(parse(['judge', 'a.har', 'b.ndjson', '--min-coverage', '60']).traffic).toEqual({ kind: 'judge', files: ['/work/a.har', '/work/b.ndjson'] });
  expect(parse(['judge', 'a.har', '--min-coverage', '60']).minCoverage).toBe(60);
  expect(parse(['proxy', '--upstream', 'https://staging.example/', '--port', '8080']).traffic).toEqual({ kind: 'proxy', upstream: 'https://staging.example', port: 8080 });
  expect(parse(['--baseline', 'known.json', '--write-baseline', 'next.json', '-q'])).toMatchObject({ baseline: '/work/known.json', writeBaseline: '/work/next.json', quiet: true });
});

test('replay goes where the failures happened unless the command line says where: --base-url (or its variable), --mock, --sandbox', () => {
  expect(parse(['replay', 'r/failures.json']).replayTarget).toBe('recorded');
  expect(parse(['replay', 'r/failures.json'], { CONFORMANCE_BASE_URL: 'http://x', CONFORMANCE_TOKEN: 't' })).toMatchObject({ replayTarget: 'given', config: { mode: 'live', baseUrl: 'http://x' } });
  expect(parse(['replay', 'r/failures.json', '--mock'])).toMatchObject({ replayTarget: 'mock', start: 'mock', config: { mode: 'mock' } });
  expect(parse(['replay', 'r/failures.json', '--sandbox'])).toMatchObject({ replayTarget: 'sandbox', start: 'sandbox' });
  expect(parse([]).replayTarget).toBeUndefined();
});

test.each([
  [['--mock'], '--mock is for `conformance replay` (against a fresh Prism mock instead of where the failures happened); a run without a target is in mock mode already'],
  [['replay', 'f.json', '--mock', '--sandbox'], '--mock replays against a fresh Prism mock: drop --sandbox'],
  [['replay', 'f.json', '--mock', '--base-url', 'http://x', '--token', 't'], '--mock replays against a fresh Prism mock: drop --base-url / CONFORMANCE_BASE_URL'],
  [['judge'], 'judge needs traffic to judge: HAR files or NDJSON exchange logs, e.g. `npx conformance judge e2e.har`'],
  [['proxy'], 'proxy needs the deployment to forward to: --upstream <url>'],
  [['proxy', '--upstream', 'ftp://x'], '--upstream must be an http(s) URL, got "ftp://x"'],
  [['judge', 'a.har', '--min-coverage', '120'], '--min-coverage must be a percentage between 0 and 100, got "120"'],
  [['replay', '/work/r/failures.json', '--report', '/work/r'], '--report /work/r is the folder of the run being replayed; a replay writes to its own (default reports/replay-<time>)'],
  [['--upstream', 'http://x'], '--upstream is for `conformance proxy`'],
  [['nope'], 'unknown command "nope"; commands: replay <failures.json>, judge <traffic file…>, proxy --upstream <url>; try --help'],
])('usage error: %j', (argv, message) => {
  expect(() => parse(argv)).toThrow(new UsageError(message));
});
