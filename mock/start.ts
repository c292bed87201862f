// `npm start` / `npm run mock` / `contract-kit mock`: checks that generated/ is fresh, serves the
// contract with Prism behind the front on 127.0.0.1:4010 (--port, --host; PORT, HOST as fallbacks,
// as the sandbox reads them) and prints how to use it.
// Public interface (the conformance suite relies on it): --port/--host or PORT/HOST; stdout line
// `Mock listening on http://<host>:<port>` once requests are answered; a start failure is one
// line on stderr and exit code 1 (2 for a usage error); SIGINT, SIGTERM, SIGHUP or the exit of
// the process that started it stop Prism and exit 0 (protocol/lifetime.ts).
//
// Prism needs 1.5–2 s to start, most of the mock's start, so this file launches it before
// anything else is loaded (static imports stay light: the front, the contract tables and the
// banner are required afterwards) and prepares the rest while Prism starts. `npm start` runs it
// with `node --require tsx/cjs` (tsx's CommonJS hooks alone: ~0.2 s sooner than `--import tsx`,
// whose ES-module hooks this CommonJS code does not need); `node --import tsx` runs it as well.
// Hence `require`, not `import()`, for what is loaded later: under tsx/cjs only `require` reads
// TypeScript.
import { stopWithParent } from '../protocol/lifetime';
import { readAddress, UsageError, type ServerAddress } from '../protocol/server-address';
import { DEFAULT_HOST, DEFAULT_PORT } from './address';
import { launchPrism } from './prism';
import type { RunningMock } from './server';

export const HELP = `Usage: npx contract-kit mock [options]     (in the kit's repository: npm start -- [options])

Serves the API v1 contract (generated/openapi.json) as a mock for frontend development:
Prism 5.14.2 behind a small front that keeps every error in the contract's {error, code} shape.

Options:
  --port <n>      port to listen on (env PORT, default ${DEFAULT_PORT}; 0 picks a free port)
  --host <addr>   address to bind (env HOST, default ${DEFAULT_HOST})
  -h, --help      show this help

Prints "Mock listening on http://HOST:PORT" when ready, then credentials, Prefer headers and
the API reference URL. Details: mock/README.md. Stateful sandbox: contract-kit sandbox.`;

export function parseStartOptions(argv: string[], env: NodeJS.ProcessEnv): ServerAddress | 'help' {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const { address, rest } = readAddress(argv, env, { host: DEFAULT_HOST, port: DEFAULT_PORT });
  if (rest.length > 0) throw new UsageError(`unknown option ${JSON.stringify(rest[0]!.slice(0, 60))}; see --help`);
  return address;
}

function fail(message: string, code = 1): never {
  console.error(`mock: ${message}`);
  process.exit(code);
}

async function main(): Promise<void> {
  let options: ServerAddress | 'help';
  try {
    options = parseStartOptions(process.argv.slice(2), process.env);
  } catch (error) {
    return fail((error as Error).message, 2);
  }
  if (options === 'help') {
    console.log(HELP);
    return;
  }

  const prism = launchPrism(); // first: all that follows overlaps Prism's start
  let running: RunningMock | undefined;
  let stopping = false;
  // From the start: a parent gone while Prism starts leaves no mock behind either.
  stopWithParent(() => {
    stopping = true;
    void (running ? running.close() : prism.stop()).finally(() => process.exit(0));
  });
  const { contractProblem } = require('./freshness') as typeof import('./freshness');
  const problem = contractProblem();
  if (problem) {
    await prism.stop();
    return fail(problem);
  }
  const { openMock, MockStartError } = require('./server') as typeof import('./server');
  const onPrismExit = (reason: string) => {
    if (stopping) return;
    console.error(`mock: ${reason} unexpectedly; the mock stops. Restart it with \`npm start\`.`);
    void running?.close().finally(() => process.exit(1));
  };
  let opened: RunningMock;
  try {
    opened = await openMock({ ...options, prism, onPrismExit });
  } catch (error) {
    if (stopping) return; // stopped while the port opened: not a failure
    if (error instanceof MockStartError) return fail(error.message);
    throw error;
  }
  running = opened;
  if (stopping) return void opened.close();

  const text = startBanner(opened.url);
  try {
    await opened.ready;
  } catch (error) {
    if (stopping) return; // stopped while Prism was starting: not a failure
    await opened.close();
    return fail(error instanceof Error ? error.message : String(error));
  }
  console.log(text);
}

/** The banner, made while Prism starts (it reads the contract's examples). */
function startBanner(url: string): string {
  const { banner } = require('./banner') as typeof import('./banner');
  const { docsBuilt } = require('./docs') as typeof import('./docs');
  const { readExamples } = require('./examples') as typeof import('./examples');
  return banner({ url, docsBuilt: docsBuilt(), examples: readExamples() });
}

/** The process entry (also `contract-kit mock`): reads process.argv and the environment. */
export function cli(): void {
  main().catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
}

if (require.main === module) cli();
