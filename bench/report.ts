// The figures of one `npm run bench` as markdown: printed to the console as they are and
// written into bench/RESULTS.md between its generated markers.
import { MODE_LABEL, type Phases, type SuiteFigures } from './conformance-time';
import type { BenchFigures } from './figures';
import { evaluateGoals, evaluateStartGoals, type GoalResult } from './goals';
import { problems, type Measurement } from './load';
import { fixed, perSecond, seconds, table } from './markdown';
import type { StartFigures } from './start-time';
import { TARGET_LABEL, type ThroughputResult } from './throughput';
import type { ValidationFigures } from './validate';

const ms = (value: number) => `${fixed(value, 0)} ms`;
const list = (values: number[], format: (value: number) => string) => values.map(format).join(', ');

function machineSection({ machine, runMs }: Pick<BenchFigures, 'machine' | 'runMs'>): string {
  const load = `${fixed(machine.loadAverage.start, 2)} at the start, ${machine.loadAverage.end === undefined ? '–' : fixed(machine.loadAverage.end, 2)} at the end`;
  return [
    `Run ${machine.date}, ${seconds(runMs)}. CPU ${machine.cpuModel}, ${machine.cores} cores, ${fixed(machine.memoryGiB, 1)} GiB memory, ${machine.os}, Node ${machine.node}.`,
    `Load average (1 min): ${load}; anything above 0 besides this run is another process competing for the ${machine.cores} cores.`,
    'Everything on 127.0.0.1; medians over alternating rounds; ratios are the figures to compare across machines.',
  ].join('\n');
}

function goalsSection(goals: GoalResult[]): string {
  return table(
    ['goal', 'measured', 'target', 'verdict'],
    goals.map((goal) => [goal.goal, goal.measured, goal.target, goal.met ? 'met' : 'NOT met']),
  );
}

function startSection(starts: StartFigures[]): string {
  const floor = starts.find((start) => start.name === 'bare');
  return [
    `Launch of the process to the first 200 for \`GET /api/v1/municipalities/\` (polled every 20 ms), ${starts[0]?.firstOkMs.length ?? 0} launches each in rotating order, one at a time.`,
    '',
    table(
      ['server', 'first 200 (median)', '× bare tsx floor', 'ready line (median)', 'first 200, each launch'],
      starts.map((start) => [
        start.label,
        ms(start.medianFirstOkMs),
        floor ? fixed(start.medianFirstOkMs / floor.medianFirstOkMs, 1) : '–',
        start.medianReadyLineMs === undefined ? '–' : ms(start.medianReadyLineMs),
        list(start.firstOkMs, (value) => fixed(value, 0)),
      ]),
    ),
  ].join('\n');
}

function throughputSection({ options, rows }: ThroughputResult): string {
  const m = (measurement: Measurement) => [perSecond(measurement.requestsPerSecond), fixed(measurement.p50Ms, 0), fixed(measurement.p99Ms, 0)];
  const invalid = rows.flatMap((row) => {
    const measured: Array<[string, Measurement]> = [
      [TARGET_LABEL[row.target], row.server],
      [`bare (${TARGET_LABEL[row.target]} bytes)`, row.bare],
    ];
    return measured.filter(([, measurement]) => problems(measurement)).map(([name, measurement]) => `- ${row.method} ${row.path}, ${name}: ${problems(measurement)}`);
  });
  return [
    `autocannon, ${options.connections} connections, ${options.warmupSeconds} s warm-up per server (the Prism mock ${options.mockWarmupSeconds ?? options.warmupSeconds} s: its JIT needs seconds of load), then ${options.rounds} rounds of ${options.durationSeconds} s per server in rotating order; medians. ` +
      'Each server is compared with a bare node:http server answering the bytes that server answered (its limit on this machine). Latencies in ms (autocannon\'s resolution is 1 ms). ' +
      'The sandbox runs as `npm run sandbox -- --max-watchdogs 10000000`: the cap of 10,000 stored watchdogs lifted, so that the create benchmark measures 201s, not 409s.',
    '',
    table(
      ['request', 'server', 'status', 'bytes', 'req/s', 'p50', 'p99', 'bare req/s', 'bare p50', 'bare p99', 'ratio', 'req/s per round (server / bare)'],
      rows.map((row) => [
        `${row.method} ${row.path}`,
        TARGET_LABEL[row.target],
        row.status,
        row.responseBytes,
        ...m(row.server),
        ...m(row.bare),
        fixed(row.ratio, 2),
        `${list(row.rounds.server.map((r) => r.requestsPerSecond), perSecond)} / ${list(row.rounds.bare.map((r) => r.requestsPerSecond), perSecond)}`,
      ]),
    ),
    '',
    invalid.length > 0 ? ['Non-2xx responses or errors (these measurements are not valid):', ...invalid].join('\n') : 'Every response of every measurement was 2xx; no connection errors.',
  ].join('\n');
}

const PHASE_LABEL: Record<keyof Phases, string> = {
  tsxLaunch: 'Node starts',
  loadCli: 'tsx loader, conformance/cli.ts and imports',
  targetStart: 'start the target (until the probe)',
  setup: 'probe to the first case: contract facts read, cases derived',
  requests: 'first case to the last response',
  finish: 'reports written, target stopped',
  exit: 'process exit seen by the launcher',
};

const perRequest = (ms: number, requests: number) => `${fixed((ms * 1000) / requests, 0)} µs`;

function conformanceSection(suites: SuiteFigures[]): string {
  const phaseNames = Object.keys(PHASE_LABEL) as (keyof Phases)[];
  return [
    `\`node --import tsx conformance/cli.ts [--sandbox | --base-url <sandbox>] --report <temp dir>\` as \`npm run conformance\` runs it (without npm's own start), through bench/conformance-recorded.ts; default budget and a random seed; ${suites[0]?.runs.length ?? 0} runs per target, alternating; medians.`,
    '',
    table(
      ['target', 'wall', 'reported by the suite', 'HTTP requests', 'Σ request time', 'time with a request in flight', 'peak in flight', 'wall, each run', 'exit codes'],
      suites.map(({ mode, median: m, runs }) => [
        MODE_LABEL[mode],
        seconds(m.wallMs),
        seconds(m.reportedMs),
        m.requests,
        seconds(m.requestSumMs),
        seconds(m.busyMs),
        m.peakConcurrency,
        list(runs.map((run) => run.wallMs), (value) => fixed(value / 1000, 2)),
        runs.map((run) => run.exitCode).join(', '),
      ]),
    ),
    '',
    'CPU per exchange: the suite\'s own checks (validation and every exchange rule, median over the exchanges of a run, from its results.json), the suite\'s whole process (loading, deriving cases, fetch, reports) per request, and the target\'s process per request where the bench started the target itself:',
    '',
    table(
      ['target', "suite's checks per exchange (median)", "suite's process per request", 'target per request'],
      suites.map(({ mode, median: m }) => [
        MODE_LABEL[mode],
        `${fixed(m.checksMedianUs, 1)} µs`,
        perRequest(m.suiteCpuMs, m.requests),
        m.targetCpuMs === undefined ? '–' : perRequest(m.targetCpuMs, m.requests),
      ]),
    ),
    '',
    'Where the wall time goes (median per phase; share of the median wall time):',
    '',
    table(
      ['phase', ...suites.map((suite) => suite.mode)],
      phaseNames.map((name) => [
        PHASE_LABEL[name],
        ...suites.map(({ median: m }) => `${ms(m.phases[name])} (${fixed((100 * m.phases[name]) / m.wallMs, 0)} %)`),
      ]),
    ),
    '',
    'The suite\'s results.json carries its duration, request count and the median cost of its checks; ' +
      'bench/conformance-recorded.ts runs the same CLI in-process and records each request where it leaves the process (undici\'s diagnostics channels), and the process\'s CPU.',
  ].join('\n');
}

function validationSection(figures: ValidationFigures): string {
  return [
    `A municipality page of ${figures.items} items with ${figures.officials} officials (${figures.pageBytes} bytes), medians of ${figures.iterations} calls each, in alternating batches.`,
    '',
    table(
      ["validate (validatorFor('municipalitiesList', 200))", 'JSON.parse of the same bytes', 'validate / parse'],
      [[`${fixed(figures.validateUs, 1)} µs`, `${fixed(figures.parseUs, 1)} µs`, fixed(figures.ratio, 2)]],
    ),
  ].join('\n');
}

/** The generated part of RESULTS.md (and the console output). */
export function renderFigures(figures: BenchFigures): string {
  return [
    '## Machine',
    machineSection(figures),
    '## Targets',
    goalsSection(evaluateGoals(figures)),
    '## 1. Start time',
    startSection(figures.starts),
    '## 2. Throughput and latency',
    throughputSection(figures.throughput),
    '## 3. Conformance suite',
    conformanceSection(figures.conformance),
    '## 4. Validation',
    validationSection(figures.validation),
  ].join('\n\n');
}

/** The report of a start-times-only run (`npm run bench -- --starts`): machine, start goals, start section. */
export function renderStartFigures(figures: Pick<BenchFigures, 'machine' | 'runMs' | 'starts'>): string {
  return [
    '## Machine',
    machineSection(figures),
    '## Targets',
    goalsSection(evaluateStartGoals(figures.starts)),
    '## 1. Start time',
    startSection(figures.starts),
  ].join('\n\n');
}
