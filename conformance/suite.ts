// One conformance run, the one path the CLI and the suite's own tests take: the deterministic
// phases side by side, the lifecycle sequences, then generated requests with the budget left.
import { NoResponse, NotChecked, type FetchLike } from './engine/transport';
import { Interrupted } from './engine/stop';
import type { RunResults } from './engine/recorder';
import type { RunConfig } from './engine/types';
import { auth } from './phases/auth';
import { dataSpellings } from './phases/data-spellings';
import { filters } from './phases/filters';
import { fuzz } from './phases/fuzz';
import { inputs } from './phases/inputs';
import { lifecycle } from './phases/lifecycle';
import { lists } from './phases/lists';
import type { Phase } from './phases/phase';
import { responses } from './phases/responses';
import { meaningDeclared, meaningVerdict } from './rules/meaning';
import { phaseCompleted } from './rules/run';
import { OPERATION_IDS } from './contract/facts';
import { trackCreates } from './runner/fixtures';
import { settleKeyScheme } from './runner/key-form';
import { judgeResponseTimes } from './runner/response-times';
import { BudgetExhausted, createRun, Excluded, type Run } from './runner/run';
import { settle } from './engine/settle';
import type { ProgressListener } from './progress/tracker';

/** Phases that run side by side, then the one that takes what budget they left. */
const CONCURRENT: Phase[] = [responses, inputs, lists, filters, dataSpellings, auth, lifecycle];
const LAST: Phase[] = [fuzz];

export interface SuiteResult {
  results: RunResults;
  durationMs: number;
  /** Clean-up tasks (watchdogs to deactivate) that did not complete: none ran once the run was stopped. */
  leftBehind?: number;
}

export interface SuiteOptions {
  /** Another fetch than the global one (the suite's own tests pass the sandbox's core). */
  fetch?: FetchLike;
  /** Told when each phase starts and ends and of every request and failure (the CLI's progress). */
  progress?: ProgressListener;
  /** Stops the run at once (SIGINT, SIGTERM, --deadline): the phases end, what was judged is returned. */
  stop?: AbortSignal;
}

/** How phase_completed names a phase: its area first, so the report can tell which rules it stopped. */
export const phaseLabel = (phase: Phase) => `${phase.area} (${phase.name})`;

/** Runs a phase and records how it ended; true when it ran to its end. */
export async function runPhase(run: Run, phase: Phase): Promise<boolean> {
  const label = phaseLabel(phase);
  try {
    await phase.run(run);
    run.record(phaseCompleted, '-', { outcome: 'pass', message: `${label}: ran to its end` });
    return true;
  } catch (error) {
    if (error instanceof Excluded) {
      run.record(phaseCompleted, '-', { outcome: 'skip', message: `${label}: stopped, its cases need ${error.operationId}, which the config excludes (operations)` });
      return false;
    }
    if (error instanceof NotChecked) {
      run.record(phaseCompleted, '-', { outcome: 'skip', message: `${label}: stopped, ${error.message}` });
      return false;
    }
    if (error instanceof NoResponse) {
      run.record(phaseCompleted, '-', { outcome: 'skip', message: `${label}: stopped, a request got no response (see response_received); check the target and --timeout` });
      return false;
    }
    if (error instanceof Interrupted) {
      run.record(phaseCompleted, '-', { outcome: 'skip', message: `${label}: stopped, ${error.message}` });
      return false;
    }
    if (error instanceof BudgetExhausted) {
      run.record(phaseCompleted, '-', { outcome: 'skip', message: `${label}: stopped, ${error.message}; raise --budget to run it whole` });
      return false;
    }
    const message = error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 4).join(' | ') : String(error);
    run.record(phaseCompleted, '-', { outcome: 'fail', message: `${label}: stopped by a defect of the suite: ${message}` });
    return false;
  }
}

export async function runSuite(config: RunConfig, options: SuiteOptions = {}): Promise<SuiteResult> {
  const started = performance.now();
  // The run's own copy: it settles which form the key goes in (runner/key-form.ts).
  const run = createRun({ ...config }, options);
  let leftBehind = 0;
  trackCreates(run);
  const selected = (phases: Phase[]) => phases.filter((phase) => config.areas.includes(phase.area));
  const { progress } = options;
  if (progress) {
    run.recorder.listener = progress;
    progress.attach({ throttling: () => run.recorder.throttling(), pendingCleanups: () => run.pendingCleanups() });
  }
  // A phase that does not send in this mode (responses, live) runs for its skip reasons and shows no row.
  const tracked = (phase: Phase) => {
    const label = phase.label ?? phase.area;
    return progress && (!phase.modes || phase.modes.includes(config.mode))
      ? progress.phase(label, async () => progress.ended(label, (await runPhase(run, phase)) ? 'done' : 'stopped'))
      : runPhase(run, phase);
  };
  // What the contract leaves undeclared is named in every report, whatever the run sends.
  for (const op of OPERATION_IDS) run.record(meaningDeclared, op, meaningVerdict(op));
  try {
    await settleKeyScheme(run);
    await settle(selected(CONCURRENT).map(tracked));
    for (const phase of selected(LAST)) await tracked(phase);
  } finally {
    // The clean-up shows as a row of its own: against a rate limit it can take minutes.
    if (progress && run.pendingCleanups() > 0) {
      leftBehind = await progress.phase('clean-up', () => run.cleanup());
      progress.ended('clean-up', 'done');
    } else leftBehind = await run.cleanup();
  }
  judgeResponseTimes(run);
  return { results: run.recorder.results(), durationMs: performance.now() - started, ...(leftBehind && { leftBehind }) };
}
