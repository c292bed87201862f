// What a run is doing, per phase: requests sent and failures so far, and (read when drawn) how
// the deployment holds it back and what is left to clean up. The recorder reports each
// request and failure; the phase it belongs to is the one whose async context sent it (phases run
// side by side), so nothing in the phases has to pass a counter around.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Throttling } from '../engine/pace';

export interface PhaseProgress {
  /** The row's name: the phase's area, its own label where two share one, or the clean-up. */
  label: string;
  requests: number;
  failures: number;
  startedMs: number;
  /** Set when the phase ended. */
  endedMs?: number;
  /** How it ended: ran to its end, or stopped (the budget, no response, a defect). */
  outcome?: 'done' | 'stopped';
}

/** What the display reads from the run when it draws: how the deployment holds it back, what is left to clean up. */
export interface RunGauges {
  throttling(): Throttling;
  /** Clean-up requests still to send (deactivating what the run created; the budget does not count them). */
  pendingCleanups(): number;
}

/** The events a run emits; the recorder calls the first two, the suite the others. */
export interface ProgressListener {
  request(): void;
  failure(): void;
  /** A phase (or the clean-up) by its row label. */
  phase<T>(label: string, task: () => Promise<T>): Promise<T>;
  ended(label: string, outcome: 'done' | 'stopped'): void;
  attach(gauges: RunGauges): void;
}

export interface Tracker extends ProgressListener {
  readonly phases: PhaseProgress[];
  readonly total: { requests: number; failures: number; startedMs: number; budget: number };
  readonly gauges?: RunGauges;
}

export function createTracker(budget: number, onChange: (tracker: Tracker, ended?: PhaseProgress) => void = () => undefined, now = () => performance.now()): Tracker {
  const context = new AsyncLocalStorage<PhaseProgress>();
  const phases: PhaseProgress[] = [];
  const total = { requests: 0, failures: 0, startedMs: now(), budget };
  const tracker: Tracker & { gauges?: RunGauges } = {
    phases,
    total,
    attach(gauges) {
      tracker.gauges = gauges;
    },
    request() {
      total.requests += 1;
      const phase = context.getStore();
      if (phase) phase.requests += 1;
    },
    failure() {
      total.failures += 1;
      const phase = context.getStore();
      if (phase) phase.failures += 1;
    },
    phase(label, task) {
      const progress: PhaseProgress = { label, requests: 0, failures: 0, startedMs: now() };
      phases.push(progress);
      onChange(tracker);
      return context.run(progress, task);
    },
    ended(label, outcome) {
      const progress = [...phases].reverse().find((p) => p.label === label && p.endedMs === undefined);
      if (!progress) return;
      progress.endedMs = now();
      progress.outcome = outcome;
      onChange(tracker, progress);
    },
  };
  return tracker;
}
