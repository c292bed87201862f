// `npm run bench:mock [-- --strict]`: the sandbox's throughput and latency for the municipality
// list next to a bare node:http server that answers the same bytes, both as child processes on
// loopback, measured with autocannon in alternating rounds (medians), and the ratio.
// `benchMock()` and `formatMockBench()` are the same measurement for other runners.
import { problems } from './load';
import { fixed, perSecond, table } from './markdown';
import { benchThroughput, type ThroughputResult } from './throughput';

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
}

/** Throughput the sandbox should reach, as a share of the bare server's. */
export const TARGET_RATIO = 0.5;

export function benchMock(options: MockBenchOptions = {}): Promise<ThroughputResult> {
  return benchThroughput({
    targets: ['sandbox'],
    operations: ['list'],
    strict: options.strict,
    connections: options.connections ?? 10,
    durationSeconds: options.durationSeconds ?? 5,
    rounds: options.rounds ?? 3,
    warmupSeconds: options.warmupSeconds ?? 2,
  });
}

export function formatMockBench(result: ThroughputResult): string {
  const row = result.rows[0]!;
  const { connections, durationSeconds } = result.options;
  const invalid = [problems(row.server), problems(row.bare)].filter(Boolean);
  return [
    `${row.method} ${row.path} (${row.responseBytes} bytes), ${connections} connections, ${durationSeconds} s × ${row.rounds.server.length} alternating rounds, loopback; medians`,
    table(
      ['server', 'req/s', 'p50 ms', 'p99 ms'],
      [
        ['sandbox', perSecond(row.server.requestsPerSecond), fixed(row.server.p50Ms, 2), fixed(row.server.p99Ms, 2)],
        ['bare node:http', perSecond(row.bare.requestsPerSecond), fixed(row.bare.p50Ms, 2), fixed(row.bare.p99Ms, 2)],
      ],
    ),
    `sandbox/bare throughput: ${row.ratio.toFixed(2)} (target ≥ ${TARGET_RATIO.toFixed(2)}: ${row.ratio >= TARGET_RATIO ? 'met' : 'NOT met'})`,
    ...(invalid.length > 0 ? [`warning: non-2xx responses or errors (${invalid.join('; ')}); the figures are not valid`] : []),
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
