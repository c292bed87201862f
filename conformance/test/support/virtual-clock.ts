// Virtual time for the pacer's tests: `sleep` only schedules, and `run` moves the clock from one
// timer to the next once everything that can run without time has run. A run of minutes at a
// rate limit takes milliseconds and gives the same numbers every time.
import type { Clock } from '../../engine/pace';

export interface VirtualClock extends Clock {
  /** Drives time until `work` settles; throws when it waits on nothing that time would bring. */
  run<T>(work: Promise<T>): Promise<T>;
}

export function virtualClock(start = 1_000_000): VirtualClock {
  let now = start;
  let order = 0;
  const timers: Array<{ at: number; order: number; wake: () => void }> = [];
  const idle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    now: () => now,
    sleep: (ms) => new Promise<void>((wake) => timers.push({ at: now + Math.max(0, ms), order: order++, wake })),
    async run(work) {
      let settled = false;
      const watched = work.finally(() => (settled = true));
      watched.catch(() => undefined);
      for (;;) {
        await idle();
        if (settled) return watched;
        if (timers.length === 0) throw new Error('virtual clock: the work waits on something other than time');
        timers.sort((a, b) => a.at - b.at || a.order - b.order);
        const next = timers.shift()!;
        now = Math.max(now, next.at);
        next.wake();
      }
    },
  };
}
