// HTTP load with autocannon: one measurement of one server, and alternating rounds over several
// servers (so drift from a busy machine hits all of them alike), summarised by medians.
import type { BenchRequest } from './recorded-response';
import { median } from './timing';

export interface LoadOptions {
  /** Concurrent connections. */
  connections: number;
  /** Seconds per measurement. */
  durationSeconds: number;
  /** Seconds of untimed load per server before the rounds (JIT, caches, connection pools). */
  warmupSeconds: number;
  rounds: number;
}

export interface Measurement {
  /** Responses per second, every status. */
  requestsPerSecond: number;
  /** Latency of the 2xx responses (autocannon times only those). */
  p50Ms: number;
  p99Ms: number;
  /** Responses other than 2xx, by status; a measurement with any is reported as such. */
  non2xx: Record<string, number>;
  /** Connection errors and timeouts. */
  errors: number;
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
// autocannon ships no type declarations.
const autocannon = require('autocannon') as Autocannon;

export async function measure(baseUrl: string, request: BenchRequest, connections: number, durationSeconds: number): Promise<Measurement> {
  const result = await autocannon({
    url: `${baseUrl}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    duration: durationSeconds,
  });
  const non2xx: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats)) if (!status.startsWith('2')) non2xx[status] = count;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx,
    errors: result.errors + result.timeouts,
  };
}

export function addCounts(counts: Record<string, number>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const count of counts) for (const [key, n] of Object.entries(count)) total[key] = (total[key] ?? 0) + n;
  return total;
}

/** Medians of the rates and latencies; non-2xx and errors summed over the rounds. */
export function medians(measurements: Measurement[]): Measurement {
  return {
    requestsPerSecond: median(measurements.map((m) => m.requestsPerSecond)),
    p50Ms: median(measurements.map((m) => m.p50Ms)),
    p99Ms: median(measurements.map((m) => m.p99Ms)),
    non2xx: addCounts(measurements.map((m) => m.non2xx)),
    errors: measurements.reduce((n, m) => n + m.errors, 0),
  };
}

/** '' for a clean measurement, else e.g. "409 ×12000, 3 errors". */
export function problems(m: Measurement): string {
  const parts = Object.entries(m.non2xx).map(([status, n]) => `${status} ×${n}`);
  if (m.errors > 0) parts.push(`${m.errors} errors`);
  return parts.join(', ');
}

export interface Comparison<Name extends string> {
  /** Median per server. */
  medians: Record<Name, Measurement>;
  rounds: Record<Name, Measurement[]>;
}

export interface LoadTarget {
  url: string;
  /** Warm-up for this server when it needs longer than `LoadOptions.warmupSeconds`. */
  warmupSeconds?: number;
}

/**
 * Warms every server up, then measures them in `rounds` rounds; each round starts with a
 * different server, so no server is always measured first or last.
 */
export async function compareServers<Name extends string>(servers: Record<Name, LoadTarget>, request: BenchRequest, options: LoadOptions): Promise<Comparison<Name>> {
  const names = Object.keys(servers) as Name[];
  for (const name of names) await measure(servers[name].url, request, options.connections, servers[name].warmupSeconds ?? options.warmupSeconds);
  const rounds = Object.fromEntries(names.map((name) => [name, [] as Measurement[]])) as Record<Name, Measurement[]>;
  for (let round = 0; round < options.rounds; round++) {
    const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
    for (const name of order) rounds[name].push(await measure(servers[name].url, request, options.connections, options.durationSeconds));
  }
  const result = Object.fromEntries(names.map((name) => [name, medians(rounds[name])])) as Record<Name, Measurement>;
  return { medians: result, rounds };
}
