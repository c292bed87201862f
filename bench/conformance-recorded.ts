// The conformance CLI (conformance/cli.ts, same arguments) with a timeline of its work, for
// bench/conformance-time.ts. The suite's reports carry its duration, request count and the
// median cost of its checks, not when each request went; this records them where they leave
// the process: undici's diagnostics channels (the suite sends with fetch; the first request is
// the CLI's reachability probe). Subscribing changes nothing the suite does.
// Usage: BENCH_TIMELINE_FILE=<file.json> node --import tsx bench/conformance-recorded.ts [conformance options]
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';

/** Milliseconds since the epoch, with sub-millisecond precision, comparable across processes. */
const now = () => performance.timeOrigin + performance.now();

export interface Timeline {
  /** When this Node process started. */
  processStart: number;
  /** When this file runs: tsx has loaded and transpiled it. */
  recorderLoaded: number;
  /** When conformance/cli.ts and everything it imports (fast-check, generated/) is loaded. */
  cliLoaded: number;
  /** Each fetch: its start, and the end of its response (or of the request, when it failed); the first is the probe. */
  requests: Array<{ start: number; end: number }>;
  /** CPU time this process used, user and system, in milliseconds. */
  cpuMs: number;
  exit: number;
}

const file = process.env.BENCH_TIMELINE_FILE;
if (!file) {
  process.stderr.write('conformance-recorded: set BENCH_TIMELINE_FILE\n');
  process.exit(2);
}
const timeline: Timeline = { processStart: performance.timeOrigin, recorderLoaded: now(), cliLoaded: 0, requests: [], cpuMs: 0, exit: 0 };

const started = new Map<object, number>();
diagnostics.subscribe('undici:request:create', (message) => started.set((message as { request: object }).request, now()));
const end = (message: unknown) => {
  const { request } = message as { request: object };
  const start = started.get(request);
  if (start === undefined) return;
  started.delete(request);
  timeline.requests.push({ start, end: now() });
};
diagnostics.subscribe('undici:request:trailers', end);
diagnostics.subscribe('undici:request:error', end);
process.once('exit', () => {
  timeline.exit = now();
  const cpu = process.cpuUsage();
  timeline.cpuMs = (cpu.user + cpu.system) / 1000;
  fs.writeFileSync(file, JSON.stringify(timeline));
});

// Loaded here, not imported at the top, so that loading it is timed.
const { cli } = require('../conformance/cli') as typeof import('../conformance/cli');
timeline.cliLoaded = now();
cli();
