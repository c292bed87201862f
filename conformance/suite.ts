// One conformance run, the one path the CLI and the suite's own tests take: the deterministic
// phases side by side, the lifecycle sequences, then generated requests with the budget left.
import { NoResponse, NotChecked, type FetchLike } from './engine/transport';
import { interruption, Interrupted, type Incomplete } from './engine/stop';
import type { RunResults } from './engine/recorder';
import type { RunConfig } from './engine/types';
import { auth } from './phases/auth';
import { dataSpellings } from './phases/data-spellings';
import { equivalence } from './phases/equivalence';
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
const CONCURRENT: Phase[] = [responses, inputs, equivalence, lists, filters, dataSpellings, auth, lifecycle];
const LAST: Phase[] = [fuzz];

export interface SuiteResult {
  results: RunResults;
  durationMs: number;
  /** Clean-up tasks (watchdogs to deactivate) that did not complete. */
  leftBehind?: number;
  /** Set when something cut the planned work short: the run is INCOMPLETE, never PASS. */
  incomplete?: Incomplete;
}

/** How a phase ended: whole, stopped as planned (budget, config), or cut short. */
type PhaseEnd = { kind: 'done' } | { kind: 'planned'; why: string } | { kind: 'cut'; why: string };

export interface SuiteOptions {
  /** Another fetch than the global one (the suite's own tests pass the sandbox's core). */
  fetch?: FetchLike;
  /** Told when each phase starts and ends and of every request and failure (the CLI's progress). */
  progress?: ProgressListener;
  /** Stops the run at once (SIGINT, SIGTERM, --deadline): the phases end, what was judged is returned. */
  stop?: AbortSignal;
  /** Told when the phases have ended and the clean-up starts, with how many watchdogs it deactivates. */
  onCleanup?: (pending: number) => void;
}

/** How phase_completed names a phase: its area first, so the report can tell which rules it stopped. */
export const phaseLabel = (phase: Phase) => `${phase.area} (${phase.name})`;

/** Runs a phase and records how it ended (phase_completed). */
export async function endPhase(run: Run, phase: Phase): Promise<PhaseEnd> {
  const label = phaseLabel(phase);
  const stopped = (kind: 'planned' | 'cut', why: string): PhaseEnd => {
    run.record(phaseCompleted, '-', { outcome: 'skip', message: `${label}: stopped, ${why}` });
    return { kind, why } as PhaseEnd;
  };
  try {
    await phase.run(run);
    run.record(phaseCompleted, '-', { outcome: 'pass', message: `${label}: ran to its end` });
    return { kind: 'done' };
  } catch (error) {
    if (error instanceof Excluded) return stopped('planned', `its cases need ${error.operationId}, which the config excludes (operations)`);
    if (error instanceof BudgetExhausted) return stopped('planned', `${error.message}; raise --budget to run it whole`);
    if (error instanceof NotChecked) return stopped('cut', error.message);
    if (error instanceof NoResponse) return stopped('cut', 'a request got no response (see response_received); check the target and --timeout');
    if (error instanceof Interrupted) return stopped('cut', error.message);
    // Not the deployment's fault: the phase did not judge what it planned, and says where it broke.
    const message = error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 4).join(' | ') : String(error);
    return stopped('cut', `by a defect of the suite (please report it): ${message}`);
  }
}

/** Runs a phase and records how it ended; true when it ran to its end. */
export const runPhase = async (run: Run, phase: Phase): Promise<boolean> => (await endPhase(run, phase)).kind === 'done';

/** What the phases' ends say of the run: incomplete when one was cut short (or `stop` ended it). */
export function completion(ends: Array<[string, PhaseEnd]>, stop?: AbortSignal): Incomplete | undefined {
  const cut = ends.filter((end): end is [string, Extract<PhaseEnd, { kind: 'cut' }>] => end[1].kind === 'cut');
  if (cut.length === 0 && !stop?.aborted) return undefined;
  return {
    reason: stop?.aborted ? interruption(stop).message : `the ${cut[0]![0]} phase stopped: ${cut[0]![1].why}`,
    finished: ends.filter(([, end]) => end.kind !== 'cut').map(([phase]) => phase),
    stopped: cut.map(([phase, end]) => ({ phase, why: end.why })),
  };
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
  const ends: Array<[string, PhaseEnd]> = [];
  const ended = async (phase: Phase) => {
    const end = await endPhase(run, phase);
    ends.push([phaseLabel(phase), end]);
    return end.kind === 'done';
  };
  // A phase that does not send in this mode (responses, live) runs for its skip reasons and shows no row.
  const tracked = (phase: Phase) => {
    const label = phase.label ?? phase.area;
    return progress && (!phase.modes || phase.modes.includes(config.mode))
      ? progress.phase(label, async () => progress.ended(label, (await ended(phase)) ? 'done' : 'stopped'))
      : ended(phase);
  };
  // What the contract leaves undeclared is named in every report, whatever the run sends.
  for (const op of OPERATION_IDS) run.record(meaningDeclared, op, meaningVerdict(op));
  try {
    await settleKeyScheme(run);
    await settle(selected(CONCURRENT).map(tracked));
    for (const phase of selected(LAST)) await tracked(phase);
  } finally {
    // What the run created is deactivated even after a stop (a second signal ends the process).
    options.onCleanup?.(run.pendingCleanups());
    // The clean-up shows as a row of its own: against a rate limit it can take minutes.
    if (progress && run.pendingCleanups() > 0) {
      leftBehind = await progress.phase('clean-up', () => run.cleanup());
      progress.ended('clean-up', 'done');
    } else leftBehind = await run.cleanup();
  }
  judgeResponseTimes(run);
  // Phases end in the order they finish; the report lists them in the order the suite runs them.
  const order = [...CONCURRENT, ...LAST].map(phaseLabel);
  ends.sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  const incomplete = completion(ends, options.stop);
  return { results: run.recorder.results(), durationMs: performance.now() - started, ...(leftBehind && { leftBehind }), ...(incomplete && { incomplete }) };
}
