// `npm run bench [-- --quick]`: every benchmark in one run on loopback (start times, throughput
// and latency against a bare node:http server, the conformance suite's wall time and requests,
// validation against JSON.parse), printed and written into bench/RESULTS.md with the machine.
// About 3 minutes; --quick (about 1 minute, fewer and shorter rounds) is for trying changes;
// --starts (about 1 minute) times the starts alone and prints them, leaving RESULTS.md as it is.
import { parseArgs } from 'node:util';
import { benchConformance } from './conformance-time';
import type { BenchFigures } from './figures';
import type { LoadOptions } from './load';
import { describeMachine, finishMachine } from './machine';
import { renderFigures, renderStartFigures } from './report';
import { RESULTS_FILE, writeResults } from './results-file';
import { benchStartTimes } from './start-time';
import { benchThroughput } from './throughput';
import { measureValidation } from './validate';

interface Plan {
  startLaunches: number;
  load: LoadOptions & { mockWarmupSeconds: number };
  conformanceRuns: number;
  validationIterations: number;
}

const PLANS: Record<'full' | 'quick', Plan> = {
  full: { startLaunches: 7, load: { connections: 10, durationSeconds: 3, warmupSeconds: 1, mockWarmupSeconds: 5, rounds: 3 }, conformanceRuns: 3, validationIterations: 2_000 },
  quick: { startLaunches: 1, load: { connections: 10, durationSeconds: 1, warmupSeconds: 0.5, mockWarmupSeconds: 1, rounds: 1 }, conformanceRuns: 1, validationIterations: 400 },
};

/** Launches per server when only the start times run: more than a full run affords, for steadier medians. */
const STARTS_ONLY_LAUNCHES = 11;

const progress = (line: string) => process.stderr.write(`bench: ${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { quick: { type: 'boolean' }, starts: { type: 'boolean' } } });
  const plan = PLANS[values.quick ? 'quick' : 'full'];
  const started = performance.now();
  const machine = describeMachine();

  if (values.starts) {
    progress(`start times only (${STARTS_ONLY_LAUNCHES} launches each)`);
    const starts = await benchStartTimes(['mock', 'sandbox', 'prism', 'bare'], STARTS_ONLY_LAUNCHES);
    console.log(renderStartFigures({ machine: finishMachine(machine), runMs: performance.now() - started, starts }));
    return;
  }

  // In-process and short: first, while no server of this run competes for the cores.
  progress('validation vs JSON.parse');
  const validation = measureValidation({ iterations: plan.validationIterations });
  progress(`start times (${plan.startLaunches} launches each)`);
  const starts = await benchStartTimes(['mock', 'sandbox', 'prism', 'bare'], plan.startLaunches);
  progress(`conformance suite (${plan.conformanceRuns} runs per target)`);
  const conformance = await benchConformance(['mock', 'sandbox', 'deployment'], plan.conformanceRuns);
  progress('throughput and latency');
  const throughput = await benchThroughput({ ...plan.load, targets: ['mock', 'sandbox'], operations: ['list', 'create'] });

  const figures: BenchFigures = { machine: finishMachine(machine), runMs: performance.now() - started, starts, throughput, conformance, validation };
  const text = renderFigures(figures);
  console.log(text);
  writeResults(text);
  console.log(`\nWritten to ${RESULTS_FILE}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
