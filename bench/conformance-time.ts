// The conformance suite's wall time against the Prism mock (mock mode: the suite starts the
// mock itself) and against the sandbox (--sandbox), over alternating runs (medians), with the
// HTTP requests it made and where the rest of the time goes (bench/conformance-recorded.ts).
import fs from 'node:fs';
import path from 'node:path';
import { exited, spawnTracked, TSX } from './children';
import type { Timeline } from './conformance-recorded';
import { makeTempDir, removeTempDir } from './temp-dir';
import { median } from './timing';

export type SuiteMode = 'mock' | 'sandbox';

const MODE_ARGS: Record<SuiteMode, string[]> = { mock: [], sandbox: ['--sandbox'] };
export const MODE_LABEL: Record<SuiteMode, string> = {
  mock: 'against the Prism mock (mock mode, starts the mock)',
  sandbox: 'against the sandbox (--sandbox, starts it, live mode with writes)',
};

/** Where one run's wall time went, in milliseconds, in order; they add up to `wallMs`. */
export interface Phases {
  /** Launch to this run's Node process starting. */
  tsxLaunch: number;
  /** tsx's loader starts, then conformance/cli.ts and its imports (jest, supertest, generated/) load. */
  loadCli: number;
  /** The target starts (tsx, then the mock or the sandbox) until the reachability probe. */
  targetStart: number;
  /** Probe to the first scenario request: jest starts, finds and transforms the scenario files. */
  jestStart: number;
  /** First scenario request to the end of the last one. */
  requests: number;
  /** Last response to exit: jest ends, reports are written, the target is stopped. */
  finish: number;
  /** The process's exit until the launcher saw it. */
  exit: number;
}

export interface SuiteRun {
  wallMs: number;
  /** The duration the suite's own reports give (junit.xml `time`): from option parsing to the report. */
  reportedMs: number;
  exitCode: number | null;
  requests: number;
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

async function runOnce(mode: SuiteMode, dir: string, index: number): Promise<SuiteRun> {
  const timelineFile = path.join(dir, `timeline-${mode}-${index}.json`);
  const reportDir = path.join(dir, `report-${mode}-${index}`);
  const launched = performance.timeOrigin + performance.now();
  const child = spawnTracked([...TSX, 'bench/conformance-recorded.ts', ...MODE_ARGS[mode], '--report', reportDir], {
    env: { ...process.env, BENCH_TIMELINE_FILE: timelineFile },
  });
  child.stdout!.resume();
  const { code, stderr } = await exited(child);
  const ended = performance.timeOrigin + performance.now();
  if (!fs.existsSync(timelineFile)) throw new Error(`the conformance run (${mode}) wrote no timeline: ${stderr.trim().split('\n').pop() ?? `exit ${code}`}`);
  const t = JSON.parse(fs.readFileSync(timelineFile, 'utf8')) as Timeline;
  if (t.requests.length === 0) throw new Error(`the conformance run (${mode}) sent no request (exit ${code}): ${stderr.trim().split('\n').pop() ?? ''}`);
  const probe = t.probes[0] ?? t.cliLoaded;
  const firstRequest = Math.min(...t.requests.map((r) => r.start));
  const lastResponse = Math.max(...t.requests.map((r) => r.end));
  const { busyMs, peak } = union(t.requests);
  return {
    wallMs: ended - launched,
    reportedMs: reportedMs(reportDir),
    exitCode: code,
    requests: t.requests.length,
    requestSumMs: t.requests.reduce((sum, r) => sum + (r.end - r.start), 0),
    busyMs,
    peakConcurrency: peak,
    phases: {
      tsxLaunch: t.processStart - launched,
      loadCli: t.cliLoaded - t.processStart,
      targetStart: probe - t.cliLoaded,
      jestStart: firstRequest - probe,
      requests: lastResponse - firstRequest,
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
        requestSumMs: medianOf(list, (r) => r.requestSumMs),
        busyMs: medianOf(list, (r) => r.busyMs),
        peakConcurrency: medianOf(list, (r) => r.peakConcurrency),
        phases: Object.fromEntries(phaseNames.map((name) => [name, medianOf(list, (r) => r.phases[name])])) as unknown as Phases,
      },
    };
  });
}
