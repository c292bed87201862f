// What a run is doing, per phase: requests sent and failures so far. The recorder reports each
// request and failure; the phase it belongs to is the one whose async context sent it (phases run
// side by side), so nothing in the phases has to pass a counter around.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface PhaseProgress {
  area: string;
  requests: number;
  failures: number;
  startedMs: number;
  /** Set when the phase ended. */
  endedMs?: number;
  /** How it ended: ran to its end, or stopped (the budget, no response, a defect). */
  outcome?: 'done' | 'stopped';
}

/** The events a run emits; the recorder calls the first two, the suite the others. */
export interface ProgressListener {
  request(): void;
  failure(): void;
  phase<T>(area: string, task: () => Promise<T>): Promise<T>;
  ended(area: string, outcome: 'done' | 'stopped'): void;
}

export interface Tracker extends ProgressListener {
  readonly phases: PhaseProgress[];
  readonly total: { requests: number; failures: number; startedMs: number; budget: number };
}

export function createTracker(budget: number, onChange: (tracker: Tracker, ended?: PhaseProgress) => void = () => undefined, now = () => performance.now()): Tracker {
  const context = new AsyncLocalStorage<PhaseProgress>();
  const phases: PhaseProgress[] = [];
  const total = { requests: 0, failures: 0, startedMs: now(), budget };
  const tracker: Tracker = {
    phases,
    total,
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
    phase(area, task) {
      const progress: PhaseProgress = { area, requests: 0, failures: 0, startedMs: now() };
      phases.push(progress);
      onChange(tracker);
      return context.run(progress, task);
    },
    ended(area, outcome) {
      const progress = [...phases].reverse().find((p) => p.area === area && p.endedMs === undefined);
      if (!progress) return;
      progress.endedMs = now();
      progress.outcome = outcome;
      onChange(tracker, progress);
    },
  };
  return tracker;
}
