// The pace of a run against a rate-limited deployment: requests start evenly spaced just under the
// rate the deployment allows, which the pacer learns from what it grants. Until it knows, requests
// go as fast as answers come; the first 429 (or a spent window, `RateLimit-Remaining: 0`) ends a
// cycle, and what the deployment granted in that cycle, its wait included, is its rate. A rate it
// publishes (`RateLimit-Policy`, or a `RateLimit-Limit` over the window the cycles show) is taken
// as given; `--rate-limit` caps the pace from the start.
// A 429 pauses every request for as long as it asks. Rate limiting is not published by the
// contract: it changes how long a run takes, never what it judges.
import { publishedRate, retryWaitMs, statedLimit, windowWaitMs } from './rate-headers';

export { retryWaitMs, windowWaitMs } from './rate-headers';

/** Time as the pacer reads it: the system's, or a virtual one in the pacer's own tests. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** Where the pace comes from: `--rate-limit`, the deployment's `RateLimit-Policy`, or what it granted. */
export type PaceSource = 'given' | 'published' | 'learned';

/** How the deployment held the run back, as the reports and the progress line state it. */
export interface Throttling {
  /** 429 answers waited out (each retried). */
  refused: number;
  /** Time every request was held: a 429's wait, or a spent window's, counted once however many asked. */
  waitedMs: number;
  /** How much longer every request is held now (the progress line's "waiting on the deployment"). */
  waitingMs: number;
  /** The pace settled on, requests per second, and where it comes from; absent: as fast as answers come. */
  perSecond?: number;
  source?: PaceSource;
}

export interface Pacer {
  readonly clock: Clock;
  /** Resolves when the next request may start, with the time it starts. */
  turn(): Promise<number>;
  /** An answer that is not a 429, to a request started at `startedAt`. */
  answered(startedAt: number, headers: Record<string, string>): void;
  /** A 429 to a request started at `startedAt`, its `retries`-th; returns how long that request waits. */
  refused(startedAt: number, headers: Record<string, string>, retries: number): number;
  throttling(): Throttling;
}

/** Just under the limit learned or published: a limit measured to the request is still a measurement. */
const MARGIN = 0.98;
/** Two cycles in a row that measure within this share of each other measured a limit, not chance. */
const AGREE = 0.2;
/**
 * A learned pace creeps up after a calm spell (no refusal), in case the cycles measured low: by a
 * tenth every 5 s while it seeks (from the first cycles on: the time they measure includes any the
 * client lost), until a paced request is refused; then by a fiftieth, each refused probe doubling
 * the spell (60 s, 120 s, 240 s), so a pace found costs few refusals.
 */
const PROBE = { seeking: { calmMs: 5_000, factor: 1.1 }, found: { calmMs: 60_000, factor: 1.02 }, maxCalmMs: 240_000 };
/** The shortest window a refusal is read against: a second (Retry-After counts whole seconds). */
const MIN_WINDOW_MS = 1000;
/**
 * A turn this late is not made up for: at most this much of the delay is caught up by the next
 * one. Caught up, a second can hold (1000 + lag) ms of turns: at the margin, still under the limit.
 */
const MAX_LAG_MS = 20;
/** A request counts in the window before a refusal if it started this much before it too: the deployment's clock reads a little later. */
const WINDOW_SLACK_MS = 50;

/** `given`: `--rate-limit` in requests per second, the fastest the run goes; none: as fast as answers come. */
export function createPacer(given?: number, clock: Clock = systemClock): Pacer {
  let pace = given;
  let source: PaceSource | undefined = given === undefined ? undefined : 'given';
  let nextAt = -Infinity;
  let pausedUntil = -Infinity;
  /** The current cycle: since when, requests started in it, and answers the deployment granted them. */
  let cycleStart: number | undefined;
  /** Since when the run is paced: a refusal of a request started before says nothing of the pace. */
  let pacedSince = given === undefined ? Infinity : -Infinity;
  let started = 0;
  let granted = 0;
  /** The rate the last cycle measured while unpaced, until the next agrees with it. */
  let unconfirmed: number | undefined;
  /** The quota the answers state (RateLimit-Limit), whose window the cycles' rate tells. */
  let quota: number | undefined;
  /** When the requests the deployment granted had started, over the last windows. */
  const grants: number[] = [];
  /** The longest wait a 429 asked for: the window a limit counts in is at least that long. */
  let window = MIN_WINDOW_MS;
  let refused = 0;
  let waitedMs = 0;
  let calmSince = clock.now();
  let probe = PROBE.seeking;
  let calmMs = probe.calmMs;
  let probedAt = -Infinity;

  function settle(perSecond: number, from: PaceSource): void {
    const wasUnpaced = pace === undefined;
    if (wasUnpaced) pacedSince = clock.now();
    const capped = given !== undefined && given <= perSecond;
    pace = capped ? given : perSecond;
    source = capped ? 'given' : from;
    // The requests already started in this cycle had their turns: the next comes after them.
    if (wasUnpaced && cycleStart !== undefined) nextAt = Math.max(nextAt, cycleStart + (started * 1000) / pace);
  }

  function pause(until: number): void {
    waitedMs += Math.max(0, until - Math.max(clock.now(), pausedUntil));
    pausedUntil = Math.max(pausedUntil, until);
    cycleStart = Math.max(cycleStart ?? pausedUntil, pausedUntil);
  }

  /** Requests per second the deployment granted in the window before a request started at `at`. */
  const grantedBefore = (at: number) => grants.filter((t) => t > at - window - WINDOW_SLACK_MS && t <= at).length / (window / 1000);

  /**
   * The deployment said stop until `until`, answering a request started at `at` (the pause itself
   * is the caller's, counted from the answer). Unpaced, what it granted since the cycle began, its
   * wait included, is its rate; two cycles in a row must agree (a deployment may also refuse by
   * chance). Paced, what it granted in the window before the refusal is: the pace goes just under.
   */
  function cycleEnds(now: number, at: number, until: number): void {
    if (pace === undefined) {
      const measured = Math.max(granted, 1) / (Math.max(until - (cycleStart ?? now), 1) / 1000);
      const agree = unconfirmed !== undefined && Math.abs(unconfirmed - measured) <= AGREE * Math.max(unconfirmed, measured);
      const rate = Math.min(unconfirmed ?? measured, measured);
      const before = grantedBefore(at);
      // A stated quota over the whole seconds the rate granted implies is the published rate.
      if (agree && quota) settle((quota / Math.max(1, Math.round(quota / Math.max(rate, before)))) * MARGIN, 'published');
      else if (agree) settle(rate * MARGIN, 'learned');
      // Cycles measure time the client lost too (slow answers, a busy machine: turns sent late),
      // never more than was granted, so a learned pace seeks up until a paced request is refused.
      if (agree) probe = PROBE.seeking;
      calmMs = probe.calmMs;
      unconfirmed = agree ? undefined : measured;
    } else if (at >= pacedSince) {
      settle(Math.min(pace, Math.max(grantedBefore(at), 1)) * MARGIN, 'learned');
      // The pace is found; a probe refused, the next waits twice as long.
      calmMs = probe === PROBE.seeking ? PROBE.found.calmMs : now - probedAt < calmMs ? Math.min(calmMs * 2, PROBE.maxCalmMs) : calmMs;
      probe = PROBE.found;
    }
    calmSince = now;
    started = 0;
    granted = 0;
  }

  /**
   * The deployment said to hold back for `wait` ms (a 429, or a spent window), answering a request
   * started at `startedAt`. The first such answer of a cycle ends it; those of requests already in
   * flight, a 429 or a window spent by a slower answer in either order, only hold the pause.
   */
  function holdBack(now: number, startedAt: number, wait: number): void {
    if (cycleStart === undefined || startedAt >= cycleStart) cycleEnds(now, startedAt, startedAt + wait);
    pause(now + wait);
  }

  return {
    clock,
    async turn() {
      for (;;) {
        const now = clock.now();
        cycleStart ??= now;
        if (source === 'learned' && now - calmSince >= calmMs) {
          settle(pace! * probe.factor, 'learned');
          calmSince = probedAt = now;
        }
        const due = pace === undefined ? now : Math.max(nextAt, now - MAX_LAG_MS);
        const at = Math.max(due, pausedUntil);
        if (at <= now) {
          nextAt = pace === undefined ? now : due + 1000 / pace;
          started += 1;
          return now;
        }
        await clock.sleep(at - now);
      }
    },
    answered(startedAt, headers) {
      if (cycleStart !== undefined && startedAt >= cycleStart) granted += 1;
      grants.push(startedAt);
      quota = statedLimit(headers) ?? quota;
      while (grants.length > 0 && grants[0]! < startedAt - 4 * window) grants.shift();
      const published = publishedRate(headers);
      if (published !== undefined && (pace === undefined || (source !== 'published' && published * MARGIN < pace))) settle(published * MARGIN, 'published');
      if (pace !== undefined) return;
      // Unpaced, a spent window ends the cycle as a 429 would; paced, the next turn already falls after it.
      const now = clock.now();
      const wait = windowWaitMs(headers, now);
      if (wait > 0) holdBack(now, startedAt, wait);
    },
    refused(startedAt, headers, retries) {
      refused += 1;
      const now = clock.now();
      const wait = retryWaitMs(headers, retries, now);
      if (wait <= 0) {
        // `Retry-After: 0`: the refusal has nothing to do with time, so neither has a pace learned from refusals.
        if (source === 'learned') [pace, source, unconfirmed, pacedSince] = [undefined, undefined, undefined, Infinity];
        return 0;
      }
      window = Math.max(window, wait);
      holdBack(now, startedAt, wait);
      return wait;
    },
    throttling() {
      return { refused, waitedMs, waitingMs: Math.max(0, pausedUntil - clock.now()), ...(pace !== undefined && { perSecond: pace, source }) };
    },
  };
}

/** What the deployment answered, as far as the pace reads it. */
export interface PacedAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * One request through the pacer: it waits its turn, and waits out 429s until its patience, which
 * starts with its first 429, is spent; then the last 429 is returned with `patienceSpent`.
 */
export async function paced<A extends PacedAnswer>(
  pacer: Pacer,
  patienceMs: number,
  attempt: () => Promise<A>,
  /** The wait for each turn (the transport's ends at once when the run is stopped). */
  turn: () => Promise<number> = () => pacer.turn(),
): Promise<{ answer: A; retries: number; patienceSpent: boolean }> {
  let deadline: number | undefined;
  for (let retries = 0; ; retries += 1) {
    const startedAt = await turn();
    const answer = await attempt();
    if (answer.status !== 429) {
      pacer.answered(startedAt, answer.headers);
      return { answer, retries, patienceSpent: false };
    }
    const wait = pacer.refused(startedAt, answer.headers, retries);
    const now = pacer.clock.now();
    deadline ??= now + patienceMs;
    if (wait > 0 ? now + wait > deadline : now >= deadline) return { answer, retries, patienceSpent: true };
  }
}
