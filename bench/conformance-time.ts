// The conformance suite's wall time against the Prism mock (mock mode: the suite starts the
// mock itself) and against the sandbox (--sandbox), over alternating runs (medians), with the
// HTTP requests it made and where the rest of the time goes (bench/conformance-recorded.ts);
// and against a sandbox started apart, as a deployment, to set the suite's own CPU per exchange
// beside the CPU the deployment spends per request.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { exited, npmScriptArgs, READY, ROOT, spawnTracked, startServer, TSX, type ServerChild } from './children';
import type { Timeline } from './conformance-recorded';
import { makeTempDir, removeTempDir } from './temp-dir';
import { median } from './timing';
import { DEMO_CREDENTIALS } from '../protocol/demo-credentials';

export type SuiteMode = 'mock' | 'sandbox' | 'deployment';

/** The sandbox's default credentials, as `npm run sandbox` has them. */
const SANDBOX_ENV = { CONFORMANCE_TOKEN: DEMO_CREDENTIALS.token, CONFORMANCE_LIMITED_TOKEN: DEMO_CREDENTIALS.readonlyToken, CONFORMANCE_SESSION_ID: DEMO_CREDENTIALS.sessionId, CONFORMANCE_WRITES: '1' };
export const MODE_LABEL: Record<SuiteMode, string> = {
  mock: 'against the Prism mock (mock mode, starts the mock)',
  sandbox: 'against the sandbox (--sandbox, starts it, live mode with writes)',
  deployment: 'against a sandbox started apart (--base-url, writes), its CPU read from /proc',
};

/** Where one run's wall time went, in milliseconds, in order; they add up to `wallMs`. */
export interface Phases {
  /** Launch to this run's Node process starting. */
  tsxLaunch: number;
  /** tsx's loader starts, then conformance/cli.ts and its imports (jest, supertest, generated/) load. */
  loadCli: number;
  /** The target starts (tsx, then the mock or the sandbox) until the reachability probe. */
  targetStart: number;
  /** Probe to the first case's request: the contract's facts are read, the cases derived. */
  setup: number;
  /** First case's request to the end of the last response. */
  requests: number;
  /** Last response to exit: reports are written, the target is stopped. */
  finish: number;
  /** The process's exit until the launcher saw it. */
  exit: number;
}

export interface SuiteRun {
  wallMs: number;
  /** The duration the suite's own reports give (junit.xml `time`): from option parsing to the report. */
  reportedMs: number;
  exitCode: number | null;
  /** Requests on the wire (the probe included, 429 retries included). */
  requests: number;
  /** The suite's own median per exchange (validation and every exchange rule), from its results.json, µs. */
  checksMedianUs: number;
  /** CPU of the suite's process over the run (user and system), ms. */
  suiteCpuMs: number;
  /** CPU the target spent over the run, ms (deployment mode only: a target the bench started). */
  targetCpuMs?: number;
  /** Sum of every request's time (start to response end); requests overlap, so this can exceed the phase. */
  requestSumMs: number;
  /** Time with at least one request in flight. */
  busyMs: number;
  /** Most requests in flight at once. */
  peakConcurrency: number;
  phases: Phases;
}

export interface SuiteFigures {
  mode: SuiteMode;
  runs: SuiteRun[];
  /** Medians over the runs (phases each on its own, so they need not add up exactly). */
  median: Omit<SuiteRun, 'exitCode' | 'phases'> & { phases: Phases };
}

function union(intervals: Array<{ start: number; end: number }>): { busyMs: number; peak: number } {
  const events = intervals.flatMap(({ start, end }) => [
    { at: start, delta: 1 },
    { at: end, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let inFlight = 0;
  let peak = 0;
  let busyMs = 0;
  let since = 0;
  for (const { at, delta } of events) {
    if (inFlight === 0 && delta > 0) since = at;
    inFlight += delta;
    peak = Math.max(peak, inFlight);
    if (inFlight === 0) busyMs += at - since;
  }
  return { busyMs, peak };
}

function reportedMs(reportDir: string): number {
  const junit = fs.readFileSync(path.join(reportDir, 'junit.xml'), 'utf8');
  const match = /<testsuites [^>]*time="([\d.]+)"/.exec(junit);
  return match ? Number(match[1]) * 1000 : Number.NaN;
}

const checksMedianUs = (reportDir: string) =>
  (JSON.parse(fs.readFileSync(path.join(reportDir, 'results.json'), 'utf8')) as { checks: { medianMicros: number } }).checks.medianMicros;

/** Clock ticks per second of /proc/<pid>/stat's CPU times. */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU a process has used so far (user and system), ms, from /proc. */
function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/** Where the reports of runs that did not pass are kept: a benchmark run is also a conformance run. */
export const FAILED_RUNS_DIR = path.join(ROOT, 'reports', 'bench-failed-runs');

function keepFailure(mode: SuiteMode, index: number, reportDir: string, stdout: string): void {
  const kept = path.join(FAILED_RUNS_DIR, `${mode}-${index}-${Date.now()}`);
  if (fs.existsSync(reportDir)) fs.cpSync(reportDir, kept, { recursive: true });
  else fs.mkdirSync(kept, { recursive: true });
  fs.writeFileSync(path.join(kept, 'console.txt'), stdout);
  const failing = stdout.split('\n').filter((line) => line.startsWith('FAIL') || line.startsWith('Verdict'));
  process.stderr.write(`bench: the conformance run (${mode}, round ${index + 1}) did not pass; its reports are in ${path.relative(ROOT, kept)}\n${failing.map((line) => `  ${line}`).join('\n')}\n`);
}

/** The CLI's arguments and environment per mode; the deployment mode's sandbox is started here. */
async function targetOf(mode: SuiteMode): Promise<{ args: string[]; env: NodeJS.ProcessEnv; server?: ServerChild }> {
  if (mode === 'mock') return { args: [], env: {} };
  if (mode === 'sandbox') return { args: ['--sandbox'], env: {} };
  const scriptArgs = npmScriptArgs('sandbox');
  const server = await startServer(scriptArgs[scriptArgs.length - 1]!, ['--port', '0'], process.env, READY.sandbox);
  return { args: ['--base-url', server.url], env: SANDBOX_ENV, server };
}

async function runOnce(mode: SuiteMode, dir: string, index: number): Promise<SuiteRun> {
  const timelineFile = path.join(dir, `timeline-${mode}-${index}.json`);
  const reportDir = path.join(dir, `report-${mode}-${index}`);
  const target = await targetOf(mode);
  const targetCpuBefore = target.server ? cpuMsOf(target.server.child.pid!) : 0;
  const launched = performance.timeOrigin + performance.now();
  const child = spawnTracked([...TSX, 'bench/conformance-recorded.ts', ...target.args, '--report', reportDir], {
    env: { ...process.env, ...target.env, BENCH_TIMELINE_FILE: timelineFile },
  });
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const { code, stderr } = await exited(child);
  const ended = performance.timeOrigin + performance.now();
  const targetCpuMs = target.server ? cpuMsOf(target.server.child.pid!) - targetCpuBefore : undefined;
  await target.server?.stop();
  if (code !== 0) keepFailure(mode, index, reportDir, stdout);
  if (!fs.existsSync(timelineFile)) throw new Error(`the conformance run (${mode}) wrote no timeline: ${stderr.trim().split('\n').pop() ?? `exit ${code}`}`);
  const t = JSON.parse(fs.readFileSync(timelineFile, 'utf8')) as Timeline;
  if (t.requests.length === 0) throw new Error(`the conformance run (${mode}) sent no request (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`);
  const starts = t.requests.map((r) => r.start).sort((a, b) => a - b);
  const probe = starts[0]!;
  const firstCase = starts[1] ?? probe;
  const lastResponse = Math.max(...t.requests.map((r) => r.end));
  const { busyMs, peak } = union(t.requests.slice(1));
  return {
    wallMs: ended - launched,
    reportedMs: reportedMs(reportDir),
    exitCode: code,
    requests: t.requests.length,
    checksMedianUs: checksMedianUs(reportDir),
    suiteCpuMs: t.cpuMs,
    ...(targetCpuMs !== undefined && { targetCpuMs }),
    requestSumMs: t.requests.reduce((sum, r) => sum + (r.end - r.start), 0),
    busyMs,
    peakConcurrency: peak,
    phases: {
      tsxLaunch: t.processStart - launched,
      loadCli: t.cliLoaded - t.processStart,
      targetStart: probe - t.cliLoaded,
      setup: firstCase - probe,
      requests: lastResponse - firstCase,
      finish: t.exit - lastResponse,
      exit: ended - t.exit,
    },
  };
}

const medianOf = <T>(runs: T[], pick: (run: T) => number) => median(runs.map(pick));

/** `runCount` runs per mode, alternating modes, one at a time. */
export async function benchConformance(modes: SuiteMode[], runCount: number): Promise<SuiteFigures[]> {
  const dir = makeTempDir('conformance');
  const runs = new Map(modes.map((mode) => [mode, [] as SuiteRun[]]));
  try {
    for (let round = 0; round < runCount; round++) {
      const order = round % 2 === 0 ? modes : [...modes].reverse();
      for (const mode of order) runs.get(mode)!.push(await runOnce(mode, dir, round));
    }
  } finally {
    removeTempDir(dir);
  }
  return modes.map((mode) => {
    const list = runs.get(mode)!;
    const phaseNames = Object.keys(list[0]!.phases) as (keyof Phases)[];
    return {
      mode,
      runs: list,
      median: {
        wallMs: medianOf(list, (r) => r.wallMs),
        reportedMs: medianOf(list, (r) => r.reportedMs),
        requests: medianOf(list, (r) => r.requests),
        checksMedianUs: medianOf(list, (r) => r.checksMedianUs),
        suiteCpuMs: medianOf(list, (r) => r.suiteCpuMs),
        ...(list[0]!.targetCpuMs !== undefined && { targetCpuMs: medianOf(list, (r) => r.targetCpuMs!) }),
        requestSumMs: medianOf(list, (r) => r.requestSumMs),
        busyMs: medianOf(list, (r) => r.busyMs),
        peakConcurrency: medianOf(list, (r) => r.peakConcurrency),
        phases: Object.fromEntries(phaseNames.map((name) => [name, medianOf(list, (r) => r.phases[name])])) as unknown as Phases,
      },
    };
  });
}
