// One conformance run, the one path the CLI and the suite's own tests take: the deterministic
// phases side by side, the lifecycle sequences, then generated requests with the budget left.
import { NoResponse, NotChecked, type FetchLike } from './engine/transport';
import type { RunResults } from './engine/recorder';
import type { RunConfig } from './engine/types';
import { auth } from './phases/auth';
import { filters } from './phases/filters';
import { fuzz } from './phases/fuzz';
import { inputs } from './phases/inputs';
import { lifecycle } from './phases/lifecycle';
import { lists } from './phases/lists';
import type { Phase } from './phases/phase';
import { responses } from './phases/responses';
import { phaseCompleted } from './rules/run';
import { trackCreates } from './runner/fixtures';
import { BudgetExhausted, createRun, type Run } from './runner/run';
import { settle } from './engine/settle';

/** Phases that run side by side, then the one that takes what budget they left. */
const CONCURRENT: Phase[] = [responses, inputs, lists, filters, auth, lifecycle];
const LAST: Phase[] = [fuzz];

export interface SuiteResult {
  results: RunResults;
  durationMs: number;
}

export interface SuiteOptions {
  /** Another fetch than the global one (the suite's own tests pass the sandbox's core). */
  fetch?: FetchLike;
}

export async function runPhase(run: Run, phase: Phase): Promise<void> {
  try {
    await phase.run(run);
  } catch (error) {
    if (error instanceof NotChecked) {
      run.record(phaseCompleted, '-', { outcome: 'skip', message: `${phase.name}: stopped, ${error.message}` });
      return;
    }
    if (error instanceof NoResponse) return; // recorded as response_received
    if (error instanceof BudgetExhausted) {
      run.record(phaseCompleted, '-', { outcome: 'skip', message: `${phase.name}: stopped, ${error.message}` });
      return;
    }
    const message = error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 4).join(' | ') : String(error);
    run.record(phaseCompleted, '-', { outcome: 'fail', message: `${phase.name}: stopped by a defect of the suite: ${message}` });
  }
}

export async function runSuite(config: RunConfig, options: SuiteOptions = {}): Promise<SuiteResult> {
  const started = performance.now();
  const run = createRun(config, options);
  trackCreates(run);
  const selected = (phases: Phase[]) => phases.filter((phase) => config.areas.includes(phase.area));
  try {
    await settle(selected(CONCURRENT).map((phase) => runPhase(run, phase)));
    for (const phase of selected(LAST)) await runPhase(run, phase);
  } finally {
    await run.cleanup();
  }
  return { results: run.recorder.results(), durationMs: performance.now() - started };
}
