// The conformance CLI (conformance/cli.ts, same arguments) with a timeline of its work, for
// bench/conformance-time.ts. The suite's reports carry its total duration only, not its
// requests, so this records them where they leave the process: Node's diagnostics channels
// for node:http (supertest, which every scenario uses) and undici (fetch: the CLI's
// reachability probe). Subscribing changes nothing the suite does.
// Usage: BENCH_TIMELINE_FILE=<file.json> npx tsx bench/conformance-recorded.ts [conformance options]
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import type http from 'node:http';

/** Milliseconds since the epoch, with sub-millisecond precision, comparable across processes. */
const now = () => performance.timeOrigin + performance.now();

export interface Timeline {
  /** When this Node process started. */
  processStart: number;
  /** When this file runs: tsx has loaded and transpiled it. */
  recorderLoaded: number;
  /** When conformance/cli.ts and everything it imports (jest, supertest, generated/) is loaded. */
  cliLoaded: number;
  /** Each fetch: the CLI's reachability probe, sent once the target has started. */
  probes: number[];
  /** Each node:http request: its start, and the end of its response (or of the request, when it failed). */
  requests: Array<{ start: number; end: number }>;
  exit: number;
}

const file = process.env.BENCH_TIMELINE_FILE;
if (!file) {
  process.stderr.write('conformance-recorded: set BENCH_TIMELINE_FILE\n');
  process.exit(2);
}
const timeline: Timeline = { processStart: performance.timeOrigin, recorderLoaded: now(), cliLoaded: 0, probes: [], requests: [], exit: 0 };

diagnostics.subscribe('http.client.request.start', (message) => {
  const start = now();
  const { request } = message as { request: http.ClientRequest };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    timeline.requests.push({ start, end: now() });
  };
  // The end of the response body; 'close' covers a request that failed without one.
  request.once('response', (response: http.IncomingMessage) => response.once('end', end));
  request.once('close', end);
});
diagnostics.subscribe('undici:request:create', () => timeline.probes.push(now()));
process.once('exit', () => {
  timeline.exit = now();
  fs.writeFileSync(file, JSON.stringify(timeline));
});

// Loaded here, not imported at the top, so that loading it is timed.
const { cli } = require('../conformance/cli') as typeof import('../conformance/cli');
timeline.cliLoaded = now();
cli();
