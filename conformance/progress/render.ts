// Progress as text: on a terminal, a block of live lines (one per phase, the clean-up, and a
// total with the rate, the time left against the budget and the clean-up, and how the deployment
// holds the run back) redrawn in place; elsewhere (CI logs), one line per phase as it ends, with
// the rate limit's toll so far. Written to stderr, so stdout keeps the report alone.
import type { Throttling } from '../engine/pace';
import { createTracker, type PhaseProgress, type Tracker } from './tracker';

/** How often the live block is redrawn. */
const REDRAW_MS = 250;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const rate = (requests: number, ms: number) => (ms > 0 ? requests / (ms / 1000) : 0);
/** Wide enough for every row's label ("filters/spellings"). */
const LABEL_WIDTH = 17;
const CLEAN_UP = 'clean-up';

export function phaseLine(phase: PhaseProgress, nowMs: number): string {
  const elapsed = (phase.endedMs ?? nowMs) - phase.startedMs;
  const state = phase.outcome === undefined ? 'running' : phase.outcome === 'done' ? 'done' : 'stopped early (see phase_completed)';
  return `${phase.label.padEnd(LABEL_WIDTH)} ${String(phase.requests).padStart(5)} requests · ${phase.failures} failures · ${rate(phase.requests, elapsed).toFixed(0)}/s · ${seconds(elapsed)} · ${state}`;
}

/** How the deployment holds the run back: its 429s, the time waited, the pace, and a wait going on now; '' when it does not. */
export function throttlingSegment(t: Throttling): string {
  if (t.refused === 0 && t.perSecond === undefined) return '';
  const pace = t.perSecond === undefined ? '' : `, pacing at ${t.perSecond.toFixed(1)}/s${t.operations ? ` for ${t.operations.join(', ')}` : ''} (${t.source})`;
  const waiting = t.waitingMs > 0 ? ` · waiting on the deployment: ${seconds(t.waitingMs)}` : '';
  return ` · rate limited: 429 ×${t.refused}, waited ${seconds(t.waitedMs)}${pace}${waiting}`;
}

export function totalLine(tracker: Tracker, nowMs: number): string {
  const { requests, failures, startedMs, budget } = tracker.total;
  const throttling = tracker.gauges?.throttling();
  const pending = tracker.gauges?.pendingCleanups() ?? 0;
  const cleaningUp = tracker.phases.some((p) => p.label === CLEAN_UP);
  // What is left: the budget not yet spent (none once the clean-up began) and the clean-up, at the pace set or the rate so far.
  const left = (cleaningUp ? 0 : budget - Math.min(requests, budget)) + pending;
  // A pace that holds some operations alone says nothing of the others: the rate so far then.
  const perSecond = (throttling?.operations ? undefined : throttling?.perSecond) ?? rate(requests, nowMs - startedMs);
  const eta = perSecond > 0 ? seconds((left / perSecond) * 1000 + (throttling?.waitingMs ?? 0)) : '…';
  const what = pending > 0 ? 'budget and clean-up' : 'budget';
  return `${'total'.padEnd(LABEL_WIDTH)} ${String(requests).padStart(5)}/${budget} requests · ${failures} failures · ${rate(requests, nowMs - startedMs).toFixed(0)}/s · at most ${eta} left (${what})${throttling ? throttlingSegment(throttling) : ''}`;
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
      if (ended) out.write(`phase ${phaseLine(ended, now())}${t.gauges ? throttlingSegment(t.gauges.throttling()) : ''}\n`);
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
