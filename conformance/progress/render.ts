// Progress as text: on a terminal, a block of live lines (one per phase and a total with the
// rate and the time left against the budget) redrawn in place; elsewhere (CI logs), one line per
// phase as it ends. Written to stderr, so stdout keeps the report alone.
import { createTracker, type PhaseProgress, type Tracker } from './tracker';

/** How often the live block is redrawn. */
const REDRAW_MS = 250;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (requests: number, ms: number) => (ms > 0 ? requests / (ms / 1000) : 0);

export function phaseLine(phase: PhaseProgress, nowMs: number): string {
  const elapsed = (phase.endedMs ?? nowMs) - phase.startedMs;
  const state = phase.outcome === undefined ? 'running' : phase.outcome === 'done' ? 'done' : 'stopped early (see phase_completed)';
  return `${phase.area.padEnd(10)} ${String(phase.requests).padStart(5)} requests · ${phase.failures} failures · ${rate(phase.requests, elapsed).toFixed(0)}/s · ${seconds(elapsed)} · ${state}`;
}

export function totalLine(tracker: Tracker, nowMs: number): string {
  const { requests, failures, startedMs, budget } = tracker.total;
  const perSecond = rate(requests, nowMs - startedMs);
  const eta = perSecond > 0 ? seconds(((budget - Math.min(requests, budget)) / perSecond) * 1000) : '…';
  return `${'total'.padEnd(10)} ${String(requests).padStart(5)}/${budget} requests · ${failures} failures · ${perSecond.toFixed(0)}/s · at most ${eta} left (budget)`;
}

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressDisplay {
  tracker: Tracker;
  /** Stops redrawing, leaving the last state on screen. */
  stop(): void;
}

export function showProgress(budget: number, out: Output, now = () => performance.now()): ProgressDisplay {
  if (!out.isTTY) {
    const tracker = createTracker(budget, (t, ended) => {
      if (ended) out.write(`phase ${phaseLine(ended, now())}\n`);
    }, now);
    return { tracker, stop: () => undefined };
  }
  let drawn = 0;
  const tracker = createTracker(budget, () => undefined, now);
  const draw = () => {
    const lines = [...tracker.phases.map((p) => phaseLine(p, now())), totalLine(tracker, now())];
    // Back to the first line of the block, then each line cleared and written again.
    out.write(`${drawn ? `\x1b[${drawn}F` : ''}${lines.map((line) => `\x1b[2K${line}\n`).join('')}`);
    drawn = lines.length;
  };
  const timer = setInterval(draw, REDRAW_MS);
  timer.unref();
  return {
    tracker,
    stop() {
      clearInterval(timer);
      draw();
    },
  };
}
