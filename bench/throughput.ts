// Throughput and latency of the Prism mock and the sandbox, each next to a bare node:http
// server that answers the bytes that server answered (the limit of node:http for that response
// on this machine), per operation, in alternating rounds; ratios are to the matching bare server.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { READY, startServer, type ServerChild } from './children';
import { compareServers, type LoadOptions, type LoadTarget, type Measurement } from './load';
import { bodyBytes, recordResponse, sameAnswer, type BenchRequest } from './recorded-response';
import { makeTempDir, removeTempDir } from './temp-dir';

export type TargetName = 'mock' | 'sandbox';
export type OperationName = 'list' | 'create';

/** What each operation sends; the credential header is added per run. */
const OPERATIONS: Record<OperationName, Omit<BenchRequest, 'headers'> & { headers?: Record<string, string> }> = {
  list: { method: 'GET', path: '/api/v1/municipalities/' },
  create: {
    method: 'POST',
    path: '/api/v1/watchdogs/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', prompt: 'Melde Insolvenzen und Änderungen der Geschäftsführung.' }),
  },
};

export const TARGET_LABEL: Record<TargetName, string> = { mock: 'Prism mock', sandbox: 'sandbox' };

export interface ThroughputOptions extends LoadOptions {
  targets: TargetName[];
  operations: OperationName[];
  /** Run the sandbox with --strict. */
  strict?: boolean;
  /**
   * Warm-up of the Prism mock. Prism's JIT takes seconds of load: on a fresh mock, GET of the
   * list went 450 → 690 → 880 → 1670 req/s in its first four 1-s measurements, then stayed.
   * Default: `warmupSeconds`.
   */
  mockWarmupSeconds?: number;
}

export interface ThroughputRow {
  operation: OperationName;
  method: string;
  path: string;
  target: TargetName;
  status: number;
  responseBytes: number;
  /** Medians over the rounds, of the target and of the bare server answering its bytes. */
  server: Measurement;
  bare: Measurement;
  /** server / bare throughput. */
  ratio: number;
  rounds: { server: Measurement[]; bare: Measurement[] };
}

export interface ThroughputResult {
  options: ThroughputOptions;
  rows: ThroughputRow[];
}

/** The two project servers on free loopback ports, with a throwaway key for this run only. */
async function startTargets(names: TargetName[], token: string, strict: boolean, started: ServerChild[]): Promise<Record<TargetName, string>> {
  const urls = {} as Record<TargetName, string>;
  const launch: Record<TargetName, () => Promise<ServerChild>> = {
    // The mock accepts any key; it checks only the credential's form.
    mock: () => startServer('mock/start.ts', [], { ...process.env, PORT: '0', HOST: '127.0.0.1' }, READY.mock),
    sandbox: () =>
      // A create benchmark stores one watchdog per request: lift the cap so it measures 201s, not 409s.
      startServer('sandbox/main.ts', ['--port', '0', '--max-watchdogs', '10000000', ...(strict ? ['--strict'] : [])], {
        ...process.env,
        SANDBOX_TOKEN: token,
        SANDBOX_READONLY_TOKEN: `${token}-ro`,
        SANDBOX_SESSION_ID: `${token}-s`,
      }, READY.sandbox),
  };
  await Promise.all(
    names.map(async (name) => {
      const server = await launch[name]();
      started.push(server);
      urls[name] = server.url;
    }),
  );
  return urls;
}

/** A bare server replaying what `target` answered to `request`, checked byte for byte. */
async function startBare(targetUrl: string, request: BenchRequest, dir: string, label: string, started: ServerChild[]) {
  const recorded = await recordResponse(targetUrl, request);
  if (recorded.status < 200 || recorded.status > 299) throw new Error(`${label} answered ${recorded.status} to ${request.method} ${request.path}`);
  const file = path.join(dir, `${label.replace(/\W+/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(recorded));
  const bare = await startServer('bench/bare-server.ts', [file], process.env, READY.bare);
  started.push(bare);
  if (!sameAnswer(await recordResponse(bare.url, request), recorded)) throw new Error(`the bare server does not answer the bytes of ${label}`);
  return { url: bare.url, status: recorded.status, responseBytes: bodyBytes(recorded) };
}

export async function benchThroughput(options: ThroughputOptions): Promise<ThroughputResult> {
  const token = randomBytes(16).toString('hex');
  const dir = makeTempDir('throughput');
  const started: ServerChild[] = [];
  try {
    const targets = await startTargets(options.targets, token, options.strict ?? false, started);
    const rows: ThroughputRow[] = [];
    for (const operation of options.operations) {
      const { headers, ...rest } = OPERATIONS[operation];
      const request: BenchRequest = { ...rest, headers: { authorization: `Bearer ${token}`, ...headers } };
      const servers: Record<string, LoadTarget> = {};
      const recorded: Partial<Record<TargetName, { status: number; responseBytes: number }>> = {};
      for (const target of options.targets) {
        const bare = await startBare(targets[target], request, dir, `${target} ${operation}`, started);
        servers[target] = { url: targets[target], ...(target === 'mock' && { warmupSeconds: options.mockWarmupSeconds }) };
        servers[`bare:${target}`] = { url: bare.url };
        recorded[target] = bare;
      }
      const comparison = await compareServers(servers, request, options);
      for (const target of options.targets) {
        const server = comparison.medians[target]!;
        const bare = comparison.medians[`bare:${target}`]!;
        rows.push({
          operation,
          method: request.method,
          path: request.path,
          target,
          ...recorded[target]!,
          server,
          bare,
          ratio: server.requestsPerSecond / bare.requestsPerSecond,
          rounds: { server: comparison.rounds[target]!, bare: comparison.rounds[`bare:${target}`]! },
        });
      }
    }
    return { options, rows };
  } finally {
    await Promise.all(started.map((server) => server.stop()));
    removeTempDir(dir);
  }
}
