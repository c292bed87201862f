// `npm run bench:mock`: the sandbox's throughput and latency for the municipality list next
// to a bare node:http server that answers the same bytes, both as child processes on
// loopback, measured with autocannon in alternating rounds (medians reported), and the ratio.
// `benchMock()` is exported for a combined bench runner.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { RecordedResponse } from './bare-server';

export interface MockBenchOptions {
  /** Concurrent connections (default 10). */
  connections?: number;
  /** Seconds per measurement (default 5). */
  durationSeconds?: number;
  /** Alternating sandbox/bare rounds (default 3). */
  rounds?: number;
  /** Seconds of warm-up per server before the rounds (default 2). */
  warmupSeconds?: number;
  /** Run the sandbox with --strict (default false). */
  strict?: boolean;
  /** Request path (default the first page of the municipality list). */
  path?: string;
}

export interface Measurement {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses other than 2xx, and connection errors: both must be 0 for a valid run. */
  non2xx: number;
  errors: number;
}

export interface MockBenchResult {
  path: string;
  responseBytes: number;
  connections: number;
  durationSeconds: number;
  /** Medians over the rounds. */
  sandbox: Measurement;
  bare: Measurement;
  /** sandbox / bare throughput. */
  ratio: number;
  rounds: { sandbox: Measurement[]; bare: Measurement[] };
}

/** Throughput the sandbox should reach, as a share of the bare server's. */
export const TARGET_RATIO = 0.5;

const ROOT = path.resolve(__dirname, '..');
const TSX = require.resolve('tsx/cli');

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon ships no type declarations.
const autocannon = require('autocannon') as Autocannon;

interface Server {
  url: string;
  child: ChildProcess;
}

function startChild(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<Server> {
  const child = spawn(process.execPath, [TSX, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args[0]} printed no ready line within 20 s`)), 20_000);
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with code ${code} before it was ready`)));
    readline.createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = ready.exec(line);
      if (!match) return;
      clearTimeout(timer);
      resolve({ url: match[1]!, child });
    });
  });
}

function record(url: string, headers: Record<string, string>): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const kept: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            // Node writes these itself on both servers.
            if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name) && typeof value === 'string') kept[name] = value;
          }
          resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks).toString('base64') });
        });
      })
      .on('error', reject);
  });
}

async function measure(url: string, headers: Record<string, string>, connections: number, duration: number): Promise<Measurement> {
  const result = await autocannon({ url, connections, duration, headers });
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function medians(measurements: Measurement[]): Measurement {
  return {
    requestsPerSecond: median(measurements.map((m) => m.requestsPerSecond)),
    p50Ms: median(measurements.map((m) => m.p50Ms)),
    p99Ms: median(measurements.map((m) => m.p99Ms)),
    non2xx: measurements.reduce((n, m) => n + m.non2xx, 0),
    errors: measurements.reduce((n, m) => n + m.errors, 0),
  };
}

export async function benchMock(options: MockBenchOptions = {}): Promise<MockBenchResult> {
  const connections = options.connections ?? 10;
  const duration = options.durationSeconds ?? 5;
  const rounds = options.rounds ?? 3;
  const requestPath = options.path ?? '/api/v1/municipalities/';
  // A throwaway key for this run only.
  const token = randomBytes(16).toString('hex');
  const headers = { authorization: `Bearer ${token}` };
  const env = { ...process.env, SANDBOX_TOKEN: token, SANDBOX_READONLY_TOKEN: `${token}-ro`, SANDBOX_SESSION_ID: `${token}-s` };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mock-'));
  const servers: Server[] = [];
  try {
    const sandbox = await startChild(['mock/sandbox/main.ts', '--port', '0', ...(options.strict ? ['--strict'] : [])], env, /^Sandbox listening on (\S+)$/);
    servers.push(sandbox);
    const recorded = await record(`${sandbox.url}${requestPath}`, headers);
    if (recorded.status !== 200) throw new Error(`the sandbox answered ${recorded.status} to GET ${requestPath}`);
    const file = path.join(dir, 'response.json');
    fs.writeFileSync(file, JSON.stringify(recorded));
    const bare = await startChild(['bench/bare-server.ts', file], process.env, /^Bare server listening on (\S+)$/);
    servers.push(bare);
    const replayed = await record(`${bare.url}${requestPath}`, headers);
    if (JSON.stringify(replayed) !== JSON.stringify(recorded)) throw new Error('the bare server does not answer the same bytes as the sandbox');

    const targets = { sandbox: `${sandbox.url}${requestPath}`, bare: `${bare.url}${requestPath}` };
    const warmup = options.warmupSeconds ?? 2;
    await measure(targets.sandbox, headers, connections, warmup);
    await measure(targets.bare, headers, connections, warmup);
    const results = { sandbox: [] as Measurement[], bare: [] as Measurement[] };
    for (let round = 0; round < rounds; round++) {
      // Alternate which goes first, so drift (thermal, other load) hits both alike.
      const order: ('sandbox' | 'bare')[] = round % 2 === 0 ? ['sandbox', 'bare'] : ['bare', 'sandbox'];
      for (const which of order) results[which].push(await measure(targets[which], headers, connections, duration));
    }
    const sandboxMedian = medians(results.sandbox);
    const bareMedian = medians(results.bare);
    return {
      path: requestPath,
      responseBytes: Buffer.from(recorded.body, 'base64').length,
      connections,
      durationSeconds: duration,
      sandbox: sandboxMedian,
      bare: bareMedian,
      ratio: sandboxMedian.requestsPerSecond / bareMedian.requestsPerSecond,
      rounds: results,
    };
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function formatMockBench(result: MockBenchResult): string {
  const row = (name: string, m: Measurement) =>
    `${name.padEnd(10)} ${m.requestsPerSecond.toFixed(0).padStart(9)} ${m.p50Ms.toFixed(2).padStart(8)} ${m.p99Ms.toFixed(2).padStart(8)}`;
  const invalid = result.sandbox.non2xx + result.sandbox.errors + result.bare.non2xx + result.bare.errors;
  return [
    `GET ${result.path} (${result.responseBytes} bytes), ${result.connections} connections, ${result.durationSeconds} s x ${result.rounds.sandbox.length} alternating rounds, loopback; medians`,
    `${'server'.padEnd(10)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    row('sandbox', result.sandbox),
    row('bare http', result.bare),
    `sandbox/bare throughput: ${result.ratio.toFixed(2)} (target >= ${TARGET_RATIO.toFixed(2)}: ${result.ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    ...(invalid > 0 ? [`warning: ${invalid} non-2xx responses or errors during the run; the figures are not valid`] : []),
  ].join('\n');
}

if (require.main === module) {
  benchMock({ strict: process.argv.includes('--strict') }).then(
    (result) => console.log(formatMockBench(result)),
    (error: unknown) => {
      process.stderr.write(`bench:mock: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
