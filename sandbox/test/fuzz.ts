// `npx tsx sandbox/test/fuzz.ts --count 10000`: starts the sandbox (strict mode) as a child
// process on a free loopback port with throwaway credentials, sends randomly malformed
// requests and prints the statuses, the 5xx answers and hangs, and whether the process
// survived. Exits 1 on any 5xx, hang or crash.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import readline from 'node:readline';
import { spawnChild } from '../../test/support/children';
import type { Credentials } from '../core/auth';
import { fuzzCases, runFuzz, type FuzzTally } from './fuzz-cases';
import { raw, rawRequest } from './raw-http';

const USAGE = `Usage: npx tsx sandbox/test/fuzz.ts [--count N] [--seed N] [--concurrency N] [--max-seconds N] [--no-strict]
Sends N randomly malformed requests (default 10000, at most 100000) to a fresh sandbox on 127.0.0.1.`;

interface FuzzOptions {
  count: number;
  seed: number;
  concurrency: number;
  maxSeconds: number;
  strict: boolean;
}

function fail(message: string): never {
  process.stderr.write(`fuzz: ${message}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): FuzzOptions {
  const options: FuzzOptions = { count: 10_000, seed: 20260401, concurrency: 16, maxSeconds: 300, strict: true };
  const bounds: Record<string, [keyof FuzzOptions, number, number]> = {
    '--count': ['count', 1, 100_000],
    '--seed': ['seed', 0, 2 ** 32 - 1],
    '--concurrency': ['concurrency', 1, 64],
    '--max-seconds': ['maxSeconds', 1, 3600],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      process.stdout.write(`${USAGE}\n`);
      process.exit(0);
    }
    if (arg === '--no-strict') {
      options.strict = false;
      continue;
    }
    const bound = bounds[arg];
    if (!bound) fail(`unknown option ${JSON.stringify(arg)}; see --help`);
    const value = Number(argv[++i]);
    if (!Number.isInteger(value) || value < bound[1] || value > bound[2]) fail(`${arg} needs an integer from ${bound[1]} to ${bound[2]}`);
    (options as unknown as Record<string, number>)[bound[0]] = value;
  }
  return options;
}

interface Child {
  port: number;
  exited: () => string | undefined;
  /** Log lines that mark a sandbox defect. */
  defects: string[];
  stop: () => void;
}

function startChild(credentials: Credentials, strict: boolean): Promise<Child> {
  const main = path.join(__dirname, '..', 'main.ts');
  const child = spawnChild(process.execPath, ['--import', 'tsx', main, '--port', '0', '--host', '127.0.0.1', ...(strict ? ['--strict'] : [])], {
    cwd: path.join(__dirname, '../..'), // where --import finds tsx
    env: { ...process.env, SANDBOX_TOKEN: credentials.token, SANDBOX_READONLY_TOKEN: credentials.readonlyToken, SANDBOX_SESSION_ID: credentials.sessionId },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exit: string | undefined;
  const defects: string[] = [];
  child.on('exit', (code, signal) => {
    exit = signal ? `killed by ${signal}` : `exited with code ${code}`;
  });
  readline.createInterface({ input: child.stderr! }).on('line', (line) => {
    if (/internal error|contract violation/.test(line)) defects.push(line);
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the sandbox did not print its ready line within 20 s')), 20_000);
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /^Sandbox listening on http:\/\/127\.0\.0\.1:(\d+)$/.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ port: Number(match[1]), exited: () => exit, defects, stop: () => child.kill('SIGTERM') });
    });
    child.once('exit', () => reject(new Error(`the sandbox ${exit} before it was ready`)));
  });
}

function report(tally: FuzzTally, options: FuzzOptions, child: Child, healthy: boolean): boolean {
  const byStatus = Object.entries(tally.outcomes).sort(([a], [b]) => a.localeCompare(b));
  const fiveHundreds = byStatus.filter(([s]) => /^5/.test(s)).reduce((n, [, c]) => n + c, 0);
  const hangs = tally.outcomes.timeout ?? 0;
  const crashed = child.exited();
  console.log(`fuzz: ${tally.total} requests (seed ${options.seed}, ${options.concurrency} connections, strict ${options.strict ? 'on' : 'off'}) in ${(tally.ms / 1000).toFixed(1)} s`);
  console.log(`statuses: ${byStatus.map(([s, c]) => `${s}: ${c}`).join(', ')}`);
  console.log(`5xx: ${fiveHundreds}; hangs: ${hangs}; sandbox defects logged: ${child.defects.length}; crash: ${crashed ?? 'none'}; health check after the run: ${healthy ? 'ok' : 'FAILED'}`);
  for (const failure of tally.failures.slice(0, 20)) console.log(`  ${failure.outcome}  [${failure.kind}] ${failure.label}`);
  for (const line of child.defects.slice(0, 20)) console.log(`  log: ${line}`);
  return fiveHundreds === 0 && hangs === 0 && !crashed && healthy && child.defects.length === 0;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  // The sandbox runs in its own process group (spawnChild), which Ctrl+C does not reach: exiting
  // runs the helper's exit hook, which kills it.
  process.once('SIGINT', () => process.exit(130));
  const secret = () => randomBytes(12).toString('hex');
  const credentials: Credentials = { token: secret(), readonlyToken: secret(), sessionId: secret() };
  const child = await startChild(credentials, options.strict);
  try {
    const deadline = Date.now() + options.maxSeconds * 1000;
    const tally = await runFuzz(child.port, fuzzCases(options.seed, options.count, credentials), { concurrency: options.concurrency, deadline });
    const health = await raw(child.port, rawRequest('GET', '/api/v1/municipalities/', { authorization: `Bearer ${credentials.token}` }));
    if (tally.total < options.count) console.log(`fuzz: stopped after ${options.maxSeconds} s (--max-seconds)`);
    const ok = report(tally, options, child, health.status === 200);
    process.exitCode = ok ? 0 : 1;
  } finally {
    child.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`fuzz: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
