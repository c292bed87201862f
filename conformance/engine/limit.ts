// One rate limit of a deployment, as the run paces the requests that meet it (which operations do
// is engine/pace.ts's to say): they start evenly spaced just under the rate it allows — told by
// `--rate-limit`, published by the deployment, or learned from what it grants — and none starts
// while a 429 (or a spent window) asks it to wait.
//
// Until the rate is known, requests go as fast as answers come; the first 429 (or
// `RateLimit-Remaining: 0`) ends a cycle, and what the deployment granted in it, its wait included,
// is its rate once two cycles in a row agree. A stated quota (`RateLimit-Limit`) is read over the
// whole seconds that rate implies; a published policy (`RateLimit-Policy`) is the pace at once.
// A 429 while paced, after a window of this run's own traffic, sets the pace just under what the
// deployment granted in that window; one whose window reaches back before the run began (the
// window was spent by requests this run never saw: its preflight, another client) only pauses.
// A cycle is judged when its pause is over, by then every operation that shares the limit has met it.
import { publishedRate, retryWaitMs, statedLimit, windowWaitMs } from './rate-headers';

/** Time as the pacer reads it: the system's, or a virtual one in the pacer's own tests. */
export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/** Where a pace comes from: `--rate-limit`, the deployment's `RateLimit-Policy`, or what it granted. */
export type PaceSource = 'given' | 'published' | 'learned';

/** One request as the pace counts it. */
export interface Sent {
  readonly op: string;
  /** When it left: its turn, stamped again as it is handed to the deployment. */
  at: number;
  /** What the deployment answered; none while the answer is on its way. */
  outcome?: 'granted' | 'refused';
}

/** Every request of the run in the order of their turns, and when the first went: what each limit counts, by its own operations. */
export interface Traffic {
  sent: Sent[];
  since?: number;
}

/** What a limit tells the run's pacer: a pause begun or made longer (counted once across limits). */
export interface LimitEvents {
  paused(now: number, until: number): void;
}

/** Just under the limit learned, published or told: a limit measured to the request is still a measurement. */
export const MARGIN = 0.98;
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
export const WINDOW_SLACK_MS = 50;

interface Waiter {
  op: string;
  retry: boolean;
  resolve(sent: Sent): void;
}

/** A cycle a refusal (or a spent window) ended: since when, the refused request's start, and until when the deployment asked to wait. */
interface Ended {
  cycleStart: number;
  at: number;
  until: number;
  /** When the refusal arrived: requests sent after it belong to the next cycle. */
  now: number;
}

export class Limit {
  /** Whether a request of this operation meets this limit (engine/pace.ts routes operations). */
  holds: (op: string) => boolean = () => true;
  pace?: number;
  source?: PaceSource;
  /** No request starts before this: a 429's wait, or a spent window's. */
  pausedUntil = -Infinity;
  /** The refused request whose cycle ended, judged once the pause is over. */
  ended?: Ended;
  private nextAt = -Infinity;
  /** When the current cycle began (its first turn, or the end of a pause). */
  private cycleStart?: number;
  /** Since when the limit is paced: a refusal of a request started before says nothing of the pace. */
  private pacedSince: number;
  /** The rate the last cycle measured while unpaced, until the next agrees with it. */
  private unconfirmed?: number;
  /** The quota the answers state (RateLimit-Limit), whose window the cycles' rate tells. */
  private quota?: number;
  /** The longest wait a 429 asked for: the window a limit counts in is at least that long. */
  private window = MIN_WINDOW_MS;
  private calmSince: number;
  private probe = PROBE.seeking;
  private calmMs = PROBE.seeking.calmMs;
  private probedAt = -Infinity;
  private queue: Waiter[] = [];
  private pumping = false;
  private wake?: () => void;

  constructor(
    private readonly clock: Clock,
    private readonly traffic: Traffic,
    private readonly events: LimitEvents,
    /** `--rate-limit` for this limit, requests per second: the pace is just under it from the start, never above. */
    readonly told?: number,
  ) {
    this.pace = told === undefined ? undefined : told * MARGIN;
    this.source = told === undefined ? undefined : 'given';
    this.pacedSince = told === undefined ? Infinity : -Infinity;
    this.calmSince = clock.now();
  }

  /** Resolves when the next request of `op` may start, with that request as it is counted; a retry goes before the others. */
  turn(op: string, retry: boolean): Promise<Sent> {
    return new Promise((resolve) => {
      const waiter = { op, retry, resolve };
      const firstNew = retry ? this.queue.findIndex((w) => !w.retry) : -1;
      this.queue.splice(firstNew < 0 ? this.queue.length : firstNew, 0, waiter);
      void this.pump();
    });
  }

  /** An answer that is not a 429. */
  answered(sent: Sent, headers: Record<string, string>): void {
    this.judgeEnded();
    this.quota = statedLimit(headers) ?? this.quota;
    const published = publishedRate(headers);
    if (published !== undefined && (this.pace === undefined || (this.source !== 'published' && published * MARGIN < this.pace))) this.settle(published * MARGIN, 'published');
    if (this.pace !== undefined) return;
    // Unpaced, a spent window ends the cycle as a 429 would; paced, the next turn already falls after it.
    const now = this.clock.now();
    const wait = windowWaitMs(headers, now);
    if (wait > 0) this.holdBack(now, sent.at, wait);
  }

  /** A 429, the request's `retries`-th; returns how long the request waits. */
  refused(sent: Sent, headers: Record<string, string>, retries: number): number {
    this.judgeEnded();
    const now = this.clock.now();
    const wait = retryWaitMs(headers, retries, now);
    if (wait <= 0) {
      // `Retry-After: 0`: the refusal has nothing to do with time, so neither has a pace learned from refusals.
      if (this.source === 'learned') [this.pace, this.source, this.unconfirmed, this.pacedSince] = [undefined, undefined, undefined, Infinity];
      this.kick();
      return 0;
    }
    this.window = Math.max(this.window, wait);
    this.holdBack(now, sent.at, wait);
    return wait;
  }

  /** Another limit found to be this one (their refusals coincide, or they name one policy): its waiting requests and what it knew join this. */
  absorb(other: Limit): void {
    const waiting = [...this.queue, ...other.queue];
    this.queue = [...waiting.filter((w) => w.retry), ...waiting.filter((w) => !w.retry)];
    other.close();
    this.pausedUntil = Math.max(this.pausedUntil, other.pausedUntil);
    this.cycleStart = this.cycleStart === undefined ? other.cycleStart : Math.max(this.cycleStart, this.pausedUntil);
    this.ended ??= other.ended;
    this.window = Math.max(this.window, other.window);
    this.quota ??= other.quota;
    // The other's requests of this cycle had their turns too: the next comes after them all.
    if (this.pace !== undefined) this.afterStarted();
    void this.pump();
  }

  /** The run is stopped: the turns waiting are dropped (their callers abandoned them); later requests queue afresh. */
  close(): void {
    this.queue = [];
    this.kick();
  }

  /** Requests of this limit, sent between `from` and `to` (both included), whose answer is one of `outcomes`. */
  private count(from: number, to: number, outcomes: ReadonlyArray<Sent['outcome']>): number {
    let n = 0;
    for (const sent of this.traffic.sent) if (sent.at >= from && sent.at <= to && outcomes.includes(sent.outcome) && this.holds(sent.op)) n += 1;
    return n;
  }

  /** Requests per second the deployment granted in the window before a request started at `at` (`pending`: with answers still on their way). */
  private grantedBefore(at: number, pending = false): number {
    return this.count(at - this.window - WINDOW_SLACK_MS + 1e-9, at, pending ? ['granted', undefined] : ['granted']) / (this.window / 1000);
  }

  private settle(perSecond: number, from: PaceSource): void {
    const wasUnpaced = this.pace === undefined;
    if (wasUnpaced) this.pacedSince = this.clock.now();
    const cap = this.told === undefined ? Infinity : this.told * MARGIN;
    this.pace = Math.min(cap, perSecond);
    this.source = cap <= perSecond ? 'given' : from;
    if (wasUnpaced) this.afterStarted();
    this.kick();
  }

  /** The requests already started in this cycle had their turns: the next comes after them. */
  private afterStarted(): void {
    if (this.cycleStart !== undefined) this.nextAt = Math.max(this.nextAt, this.cycleStart + (this.count(this.cycleStart, Infinity, ['granted', 'refused', undefined]) * 1000) / this.pace!);
  }

  private pause(now: number, until: number): void {
    this.events.paused(now, until);
    this.pausedUntil = Math.max(this.pausedUntil, until);
    this.cycleStart = Math.max(this.cycleStart ?? this.pausedUntil, this.pausedUntil);
    this.kick();
  }

  /**
   * The deployment said to hold back for `wait` ms (a 429, or a spent window), answering a request
   * started at `startedAt`. The first such answer of a cycle ends it; those of requests already in
   * flight, a 429 or a window spent by a slower answer in either order, only hold the pause.
   */
  private holdBack(now: number, startedAt: number, wait: number): void {
    if (this.cycleStart === undefined || startedAt >= this.cycleStart) this.ended = { cycleStart: this.cycleStart ?? startedAt, at: startedAt, until: startedAt + wait, now };
    this.pause(now, now + wait);
  }

  /** The cycle ended by a refusal, judged once its pause is over (see `cycleEnds`). */
  judgeEnded(): void {
    if (this.ended === undefined || this.clock.now() < this.pausedUntil) return;
    const ended = this.ended;
    this.ended = undefined;
    this.cycleEnds(ended);
  }

  /**
   * Unpaced, what the deployment granted since the cycle began, its wait included, is its rate; two
   * cycles in a row must agree (a deployment may also refuse by chance). Paced, what it granted in
   * the window before the refusal is, when that window was this run's own: the pace goes just under.
   */
  private cycleEnds({ cycleStart, at, until, now: refusedAt }: Ended): void {
    const now = this.clock.now();
    if (this.pace === undefined) {
      const granted = this.count(cycleStart, refusedAt, ['granted']);
      const measured = Math.max(granted, 1) / (Math.max(until - cycleStart, 1) / 1000);
      const agree = this.unconfirmed !== undefined && Math.abs(this.unconfirmed - measured) <= AGREE * Math.max(this.unconfirmed, measured);
      const rate = Math.min(this.unconfirmed ?? measured, measured);
      const before = this.grantedBefore(at);
      // A stated quota over the whole seconds the rate granted implies is the published rate.
      if (agree && this.quota) this.settle((this.quota / Math.max(1, Math.round(this.quota / Math.max(rate, before)))) * MARGIN, 'published');
      else if (agree) this.settle(rate * MARGIN, 'learned');
      // Cycles measure time the client lost too (slow answers, a busy machine: turns sent late),
      // never more than was granted, so a learned pace seeks up until a paced request is refused.
      if (agree) this.probe = PROBE.seeking;
      this.calmMs = this.probe.calmMs;
      this.unconfirmed = agree ? undefined : measured;
    } else if (at >= this.pacedSince && this.traffic.since !== undefined && at - this.window - WINDOW_SLACK_MS >= this.traffic.since) {
      // What the deployment granted is the limit, the pace goes just under; at least the rate told,
      // the refusal was a burst of the window; a window the run sent less than half its pace in
      // says nothing of the pace (the refusal is of traffic the run did not see, or another limit's).
      const granted = Math.max(this.grantedBefore(at, true), 1);
      if (this.source === 'given' ? granted < this.told! : granted >= this.pace / 2) this.settle(Math.min(this.pace, granted) * MARGIN, 'learned');
      // The pace is found; a probe refused, the next waits twice as long.
      this.calmMs = this.probe === PROBE.seeking ? PROBE.found.calmMs : now - this.probedAt < this.calmMs ? Math.min(this.calmMs * 2, PROBE.maxCalmMs) : this.calmMs;
      this.probe = PROBE.found;
    }
    // A refusal whose window reaches back before the run (or before the pace) is a burst of that window: its pause is all it costs.
    this.calmSince = now;
  }

  private kick(): void {
    this.wake?.();
  }

  /** Whether a request would wait for its turn now: the limit is paced, paused, or others wait. */
  get waits(): boolean {
    return this.pace !== undefined || this.pausedUntil > this.clock.now() || this.queue.length > 0;
  }

  /** The turn of a request of `op` now, when it is due and no request waits for one; none otherwise. */
  take(op: string): Sent | undefined {
    return this.queue.length === 0 ? this.claim(op) : undefined;
  }

  /** Claims the turn due now (counted as sent now), or says when the next one is due. */
  private claim(op: string): Sent | undefined {
    const now = this.clock.now();
    this.judgeEnded();
    this.cycleStart ??= now;
    if (this.source === 'learned' && now - this.calmSince >= this.calmMs) {
      this.settle(this.pace! * this.probe.factor, 'learned');
      this.calmSince = this.probedAt = now;
    }
    const due = this.pace === undefined ? now : Math.max(this.nextAt, now - MAX_LAG_MS);
    if (Math.max(due, this.pausedUntil) > now) return undefined;
    this.nextAt = this.pace === undefined ? now : due + 1000 / this.pace;
    const sent: Sent = { op, at: now };
    this.traffic.sent.push(sent);
    this.traffic.since ??= now;
    return sent;
  }

  /** When the next turn is due. */
  private dueAt(): number {
    const due = this.pace === undefined ? this.clock.now() : Math.max(this.nextAt, this.clock.now() - MAX_LAG_MS);
    return Math.max(due, this.pausedUntil);
  }

  /** Hands out turns in order, one waiter asleep at a time: evenly spaced when paced, none during a pause. */
  private async pump(): Promise<void> {
    if (this.pumping) return this.kick();
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        const sent = this.claim(this.queue[0]!.op);
        if (sent !== undefined) {
          this.queue.shift()!.resolve(sent);
          continue;
        }
        await new Promise<void>((wake) => {
          this.wake = wake;
          void this.clock.sleep(this.dueAt() - this.clock.now()).then(wake);
        });
        this.wake = undefined;
      }
    } finally {
      this.pumping = false;
    }
  }
}
