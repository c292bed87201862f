// `npm run bench:hostile`: the conformance CLI, as QA runs it (live, default flags), against each
// target that is no working deployment (conformance/test/support/hostile.ts) at the sizes QA
// meets: one that never answers, one that drips a byte a second, a ~300 MB list streamed as a
// valid envelope, connections reset, an HTML page for every path, truncated JSON, a redirect
// loop; then the sandbox whose filtered lists are 300 MB (the run meets them after preflight),
// run to its end and stopped by SIGTERM. Per target: wall time, exit status, peak memory of the
// CLI (VmHWM from /proc), the last line on stderr. Goals (issue 24): under 2 minutes, under
// 300 MB, exit 1, 2 or 3 (INCOMPLETE: the target stopped answering mid-run) with one line naming the problem, no stack trace; SIGTERM honoured within 2 s.
import fs from 'node:fs';
import readline from 'node:readline';
import { DEMO_CREDENTIALS } from '../protocol/demo-credentials';
import { hostileServer, HOSTILE_KINDS, type HostileKind, type HostileOptions } from '../conformance/test/support/hostile';
import { exited, ROOT, spawnTracked, TSX } from './children';
import { writeResults } from './results-file';
import { makeTempDir, removeTempDir } from './temp-dir';

const MB = 1024 * 1024;
const GOALS = { seconds: 120, peakMb: 300, stopSeconds: 2 };

interface Outcome {
  target: string;
  seconds: number;
  code: number | null;
  peakMb: number;
  line: string;
  stackTrace: boolean;
  /** SIGTERM to exit, when one was sent. */
  stopSeconds?: number;
}

/** The largest VmHWM (peak resident set) /proc reports for the process while it runs. */
function watchPeak(pid: number): () => number {
  let peakKb = 0;
  const read = () => {
    try {
      const kb = Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
    } catch {
      // gone
    }
  };
  const timer = setInterval(read, 25);
  return () => {
    clearInterval(timer);
    return peakKb / 1024;
  };
}

async function runCli(target: string, url: string, options: { sigtermAfterStartMs?: number; args?: string[] } = {}): Promise<Outcome> {
  const reports = makeTempDir('hostile');
  const env = { ...process.env, CONFORMANCE_TOKEN: DEMO_CREDENTIALS.token, CONFORMANCE_SESSION_ID: DEMO_CREDENTIALS.sessionId, CONFORMANCE_WRITES: '1' };
  const started = performance.now();
  const child = spawnTracked([...TSX, 'conformance/cli.ts', '--base-url', url, '--quiet', '--report', reports, ...(options.args ?? [])], { cwd: ROOT, env });
  const peak = watchPeak(child.pid!);
  const ended = exited(child);
  let signalledAt: number | undefined;
  const stdout: string[] = [];
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    stdout.push(line);
    if (options.sigtermAfterStartMs === undefined || !line.startsWith('Conformance: ') || signalledAt !== undefined) return;
    setTimeout(() => {
      signalledAt = performance.now();
      child.kill('SIGTERM');
    }, options.sigtermAfterStartMs);
  });
  const { code, stderr } = await ended;
  const now = performance.now();
  // A verdict names the problem in its first failure (stdout); a set-up problem in its line on stderr.
  const firstFailure = stdout[stdout.findIndex((line) => /^Failures \(\d+\)$/.test(line)) + 2]?.trim();
  const lines = [...stderr.trim().split('\n').filter(Boolean), ...(code === 1 && firstFailure ? [`(first failure) ${firstFailure}`] : [])];
  removeTempDir(reports);
  return {
    target,
    seconds: (now - started) / 1000,
    code,
    peakMb: peak(),
    line: lines[lines.length - 1] ?? '',
    stackTrace: /^\s+at /m.test(stderr),
    ...(signalledAt !== undefined && { stopSeconds: (now - signalledAt) / 1000 }),
  };
}

const LABEL: Record<HostileKind, string> = {
  silent: 'never answers',
  drip: 'drips a byte a second',
  huge: 'a ~300 MB list, streamed, on every path',
  reset: 'resets every connection',
  html: 'an HTML page for every path',
  truncated: 'truncated JSON',
  'redirect-loop': 'a redirect loop',
};

async function against(label: string, kind: HostileKind, options: HostileOptions, run: (url: string) => Promise<Outcome>): Promise<Outcome> {
  const server = await hostileServer(kind, options);
  try {
    const outcome = await run(server.url);
    process.stderr.write(`${label}: ${outcome.seconds.toFixed(1)} s, exit ${outcome.code}, ${outcome.peakMb.toFixed(0)} MB\n`);
    return outcome;
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const outcomes: Outcome[] = [];
  for (const kind of HOSTILE_KINDS) outcomes.push(await against(LABEL[kind], kind, {}, (url) => runCli(LABEL[kind], url)));
  // The sandbox, but every municipality list with a query (a filter, page 2) is a ~300 MB answer:
  // met by the run (the list walk's page 2 first), not by the preflight.
  const laterPages: HostileOptions = { only: (url) => url.pathname.endsWith('/municipalities/') && url.searchParams.size > 0 };
  const inRun = 'the sandbox, but its list pages past the first and filtered lists ~300 MB each';
  outcomes.push(await against(inRun, 'huge', laterPages, (url) => runCli(inRun, url)));
  // Read, not abandoned (--max-body 1GB), and streamed at 50 MB/s: the run is reading the 300 MB answer when SIGTERM comes.
  const stopped = `the same, streamed at 50 MB/s, read whole (--max-body 1GB); SIGTERM 2 s into the run`;
  outcomes.push(await against(stopped, 'huge', { ...laterPages, bytesPerSecond: 50 * MB }, (url) => runCli(stopped, url, { sigtermAfterStartMs: 2000, args: ['--max-body', '1GB'] })));

  const ok = (o: Outcome) =>
    o.seconds < GOALS.seconds && o.peakMb < GOALS.peakMb && !o.stackTrace && (o.stopSeconds !== undefined ? o.stopSeconds < GOALS.stopSeconds && o.code === 143 : o.code === 1 || o.code === 2 || o.code === 3);
  const table = [
    `The conformance CLI (live, default flags: --timeout 10000, --max-body 16 MB) against targets that are no working deployment, ${new Date().toISOString().slice(0, 10)}, one run each. Goals: under ${GOALS.seconds} s, peak memory under ${GOALS.peakMb} MB, exit 1, 2 or 3 (INCOMPLETE: the target stopped answering mid-run) with one line naming the problem and no stack trace; SIGTERM honoured within ${GOALS.stopSeconds} s (exit 143).`,
    '',
    '| target | wall time | exit | peak memory (VmHWM) | SIGTERM → exit | the line that names the problem (stderr; a verdict’s first failure) | goals |',
    '|---|---:|---:|---:|---:|---|---|',
    ...outcomes.map((o) => `| ${o.target} | ${o.seconds.toFixed(1)} s | ${o.code} | ${o.peakMb.toFixed(0)} MB | ${o.stopSeconds !== undefined ? `${o.stopSeconds.toFixed(2)} s` : '–'} | ${o.line.replace(/\|/g, '\\|').slice(0, 220)} | ${ok(o) ? 'met' : '**missed**'} |`),
  ].join('\n');
  console.log(table);
  writeResults(`## Hostile targets (\`npm run bench:hostile\`)\n\n${table}`, undefined, 'hostile');
  process.exitCode = outcomes.every(ok) ? 0 : 1;
}

void main();
