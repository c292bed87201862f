// The pace of a run against a rate-limited deployment: which operations meet which limit, each
// limit paced on its own (engine/limit.ts: just under the rate it allows, told, published or
// learned), so that a limit on one operation holds back that operation alone.
// Which operations share a limit, as the run learns it:
// - per operation by default: a 429 on one operation says nothing of another, which goes on at
//   its own pace (as fast as answers come until it meets a limit of its own);
// - a refusal of another operation's request sent while a limit's window is spent (between the
//   refused request that ended its cycle and the end of its pause) is that limit's: the two are
//   one from then on, and what each was granted counts for both;
// - answers that name one policy (`RateLimit-Policy: "search";q=20;w=10`) share that limit;
// - a limit that two or more operations met in one spent window, while every other operation sent
//   then was refused too (none was granted), is the deployment's limit for every operation, those
//   not sent yet included;
// - `--rate-limit N/s` is one limit for every operation, `--rate-limit op=N/s` one for that
//   operation alone (the plain rate then holds the others); a told limit keeps its operations.
// Rate limiting is not published by the contract: it changes how long a run takes, never what it judges.
import { Limit, WINDOW_SLACK_MS, type Clock, type PaceSource, type Sent, type Traffic } from './limit';
import { retryWaitMs } from './rate-headers';

export { retryWaitMs, windowWaitMs } from './rate-headers';
export type { Clock, PaceSource, Sent } from './limit';

export const systemClock: Clock = { now: () => Date.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** `--rate-limit`: a rate for every operation, and rates for some alone, requests per second. */
export interface ToldRates {
  perSecond?: number;
  perOperation?: Partial<Record<string, number>>;
}

/** The pace of one limit, and the operations it holds (none listed: every operation no other limit holds). */
export interface LimitPace {
  operations?: string[];
  perSecond: number;
  source: PaceSource;
}

/** How the deployment held the run back, as the reports and the progress line state it. */
export interface Throttling {
  /** 429 answers waited out (each retried). */
  refused: number;
  /** Time some limit held its requests: a 429's wait, or a spent window's, counted once however many asked. */
  waitedMs: number;
  /** How much longer a limit holds its requests now (the progress line's "waiting on the deployment"). */
  waitingMs: number;
  /** The pace of the limit every operation meets, else of the slowest; absent: as fast as answers come. */
  perSecond?: number;
  source?: PaceSource;
  /** The operations that pace holds, when it is not every operation's. */
  operations?: string[];
  /** Every pace, when the run keeps more than one. */
  limits?: LimitPace[];
}

export interface Pacer {
  readonly clock: Clock;
  /** Resolves when the next request of `op` may start (a retry: before the others), with that request as the pace counts it. */
  turn(op?: string, retry?: boolean): Promise<Sent>;
  /** Whether a request of `op` waits for its turn (`turn`): its limit is paced, paused, or others wait. */
  waits(op?: string): boolean;
  /** The turn of a request of `op` now, when its limit lets it go at once; none when it must wait for one (`turn`). */
  take(op?: string): Sent | undefined;
  /**
   * The request leaves now (it may have waited for a place among those in flight since its turn);
   * false when a pause began meanwhile: it is not sent, and waits for a turn again.
   */
  sending(sent: Sent): boolean;
  /** An answer that is not a 429. */
  answered(sent: Sent, headers: Record<string, string>): void;
  /** A 429, the request's `retries`-th; returns how long that request waits. */
  refused(sent: Sent, headers: Record<string, string>, retries: number): number;
  throttling(): Throttling;
  /**
   * The run is stopped: the turns waiting are dropped (their requests were abandoned). Later
   * requests (the clean-up of what the run created) still get turns.
   */
  abandonWaiting(): void;
}

/** The operation of a request that names none (the pacer's own tests). */
const ANY = '*';

/** The policy an answer names (`RateLimit-Policy: "search";q=20;w=10`, or a token name); draft 6/7's `5;w=1` names none. */
function policyName(headers: Record<string, string>): string | undefined {
  const first = (headers['ratelimit-policy'] ?? headers['x-ratelimit-policy'])?.split(',')[0];
  const match = first === undefined ? null : /^\s*(?:"([^"]*)"|([A-Za-z*][\w.:/%*-]*))\s*(?:;|$)/.exec(first);
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * Two waits that end about together end one window: within a second (Retry-After counts whole
 * seconds), or a fifth of the longer wait. A search refused for 10 s and a list for 1 s met two limits.
 */
const sameEnd = (a: number, b: number, now: number) => Math.abs(a - b) <= Math.max(1000 + WINDOW_SLACK_MS, 0.2 * (Math.max(a, b) - now));

/** A spent window of a limit: what else was granted and refused while it lasted, to tell whether it holds every operation. */
interface Spent {
  from: number;
  granted: Set<string>;
  refused: Set<string>;
}

export function createPacer(told?: number | ToldRates, clock: Clock = systemClock): Pacer {
  const { perSecond, perOperation = {} } = typeof told === 'number' ? { perSecond: told } : (told ?? {});
  const traffic: Traffic = { sent: [] };
  let refusals = 0;
  let waitedMs = 0;
  let pausedUntil = -Infinity;
  const events = {
    paused(now: number, until: number) {
      waitedMs += Math.max(0, until - Math.max(now, pausedUntil));
      pausedUntil = Math.max(pausedUntil, until);
    },
  };
  const limits = new Set<Limit>();
  /** Each operation's limit; an operation not here meets `everyone`, else a limit of its own from its first request. */
  const route = new Map<string, Limit>();
  let everyone: Limit | undefined;
  const named = new Map<string, Limit>();
  const spent = new Map<Limit, Spent>();

  const routeOf = (op: string) => route.get(op) ?? everyone;
  function add(limit: Limit): Limit {
    limit.holds = (op) => routeOf(op) === limit;
    limits.add(limit);
    return limit;
  }
  for (const [op, rate] of Object.entries(perOperation)) if (rate !== undefined) route.set(op, add(new Limit(clock, traffic, events, rate)));
  if (perSecond !== undefined) everyone = add(new Limit(clock, traffic, events, perSecond));

  function limitOf(op: string): Limit {
    let limit = routeOf(op);
    if (limit === undefined) route.set(op, (limit = add(new Limit(clock, traffic, events))));
    return limit;
  }

  /** `from` is `into` from now on: its operations, its waiting requests, what it knew. */
  function merge(from: Limit, into: Limit): void {
    for (const [op, limit] of route) if (limit === from) route.set(op, into);
    for (const [name, limit] of named) if (limit === from) named.set(name, into);
    if (everyone === from) everyone = into;
    into.absorb(from);
    limits.delete(from);
    const gone = spent.get(from);
    spent.delete(from);
    const kept = spent.get(into);
    if (gone && kept) gone.refused.forEach((op) => kept.refused.add(op));
  }

  /** A request's own limit found to be `known`: one from now on (the one with a pace keeps it), unless either was told. */
  function join(known: Limit, own: Limit): Limit {
    if (known === own || known.told !== undefined || own.told !== undefined) return own;
    const [from, into] = own.pace !== undefined && known.pace === undefined ? [known, own] : [own, known];
    merge(from, into);
    return into;
  }

  /** A cycle the limit's answer ended opens a spent window: what else is granted or refused in it tells which operations meet it. */
  function watch(limit: Limit, wasEnded: Limit['ended']): void {
    if (limit.ended !== undefined && limit.ended !== wasEnded) spent.set(limit, { from: limit.ended.at, granted: new Set(), refused: new Set() });
  }

  /** Spent windows that are over: one that two or more operations met while no other was granted makes its limit every operation's. */
  function windowsOver(): void {
    const now = clock.now();
    for (const [limit, window] of spent) {
      if (now < limit.pausedUntil) continue;
      spent.delete(limit);
      const others = [...window.granted].filter((op) => routeOf(op) !== limit);
      if (everyone !== undefined || limit.told !== undefined || window.refused.size < 2 || others.length > 0) continue;
      everyone = limit;
      for (const other of [...limits]) if (other !== limit && other.told === undefined) merge(other, limit);
      for (const [op, held] of route) if (held === limit) route.delete(op);
    }
  }

  /** A limit named by a policy is one limit whichever operations name it. */
  function byPolicy(limit: Limit, headers: Record<string, string>): Limit {
    const name = policyName(headers);
    if (name === undefined) return limit;
    const known = named.get(name);
    if (known === undefined) named.set(name, limit);
    return known === undefined ? limit : join(known, limit);
  }

  return {
    clock,
    turn(op = ANY, retry = false) {
      windowsOver();
      return limitOf(op).turn(op, retry);
    },
    waits(op = ANY) {
      windowsOver();
      return limitOf(op).waits;
    },
    take(op = ANY) {
      windowsOver();
      return limitOf(op).take(op);
    },
    sending(sent) {
      sent.at = clock.now();
      if (sent.at >= limitOf(sent.op).pausedUntil) return true;
      traffic.sent.splice(traffic.sent.lastIndexOf(sent), 1);
      return false;
    },
    answered(sent, headers) {
      sent.outcome = 'granted';
      windowsOver();
      const limit = byPolicy(limitOf(sent.op), headers);
      // Granted while another limit's window is spent: that limit is not this operation's.
      for (const [other, window] of spent) if (other !== limit && sent.at >= window.from && sent.at <= other.pausedUntil) window.granted.add(sent.op);
      const wasEnded = limit.ended;
      limit.answered(sent, headers);
      watch(limit, wasEnded);
    },
    refused(sent, headers, retries) {
      sent.outcome = 'refused';
      refusals += 1;
      windowsOver();
      let limit = byPolicy(limitOf(sent.op), headers);
      // Refused while another limit's window is spent, and asked to wait until about its end: the same limit.
      const now = clock.now();
      const until = now + retryWaitMs(headers, retries, now);
      for (const [other, window] of [...spent]) if (other !== limit && limits.has(other) && sent.at >= window.from - WINDOW_SLACK_MS && sent.at <= other.pausedUntil && sameEnd(until, other.pausedUntil, now)) limit = join(other, limit);
      const wasEnded = limit.ended;
      const wait = limit.refused(sent, headers, retries);
      watch(limit, wasEnded);
      spent.get(limit)?.refused.add(sent.op);
      return wait;
    },
    throttling() {
      windowsOver();
      for (const limit of limits) limit.judgeEnded();
      const now = clock.now();
      const paces = [...limits]
        .filter((limit) => limit.pace !== undefined)
        .map((limit): LimitPace & { limit: Limit } => {
          const operations = limit === everyone ? [] : [...route].filter(([op, held]) => held === limit && op !== ANY).map(([op]) => op).sort();
          return { limit, ...(operations.length > 0 && { operations }), perSecond: limit.pace!, source: limit.source! };
        });
      const main = paces.find((p) => p.limit === everyone) ?? paces.sort((a, b) => a.perSecond - b.perSecond)[0];
      const waitingMs = Math.max(0, ...[...limits].map((limit) => limit.pausedUntil - now));
      return {
        refused: refusals,
        waitedMs,
        waitingMs,
        ...(main && { perSecond: main.perSecond, source: main.source, ...(main.operations && { operations: main.operations }) }),
        ...(paces.length > 1 && { limits: paces.map(({ limit: _limit, ...pace }) => pace) }),
      };
    },
    abandonWaiting() {
      for (const limit of limits) limit.close();
    },
  };
}

/** What the deployment answered, as far as the pace reads it. */
export interface PacedAnswer {
  status: number;
  headers: Record<string, string>;
}

export interface PacedOptions {
  /** The request's operation: its limit paces it. */
  op?: string;
  /** The wait for a turn (the transport's ends at once when the run is stopped); `retry`: before the others. */
  turn?: (retry: boolean) => Promise<Sent>;
  /** A place among the requests in flight (`first`: before those that did not wait for a turn); none: at once. */
  slot?: <T>(task: () => Promise<T>, options: { first: boolean }) => Promise<T>;
}

/**
 * One request through the pacer. When its limit is paced or paused it waits for its turn (and out
 * its 429s) without a place among the requests in flight, so a limit that holds one operation back
 * holds back nothing else, and then goes first; otherwise it goes in its place among them, unless
 * its limit stopped it meanwhile (then it waits for its turn as well).
 * Its 429s are waited out until its patience, which starts with the first, is spent: then the
 * last 429 is returned with `patienceSpent`.
 */
export async function paced<A extends PacedAnswer>(
  pacer: Pacer,
  patienceMs: number,
  attempt: () => Promise<A>,
  { op, turn = (retry) => pacer.turn(op, retry), slot = (task) => task() }: PacedOptions = {},
): Promise<{ answer: A; retries: number; patienceSpent: boolean }> {
  let deadline: number | undefined;
  for (let retries = 0; ; retries += 1) {
    // A retry, or a request whose limit is paced or paused, waits for its turn first; any other tries at once.
    let turned = retries > 0 || pacer.waits(op) ? await turn(retries > 0) : undefined;
    let exchange: { sent: Sent; answer: A } | undefined;
    while (exchange === undefined) {
      const waited = turned !== undefined;
      let turnedAway = false;
      exchange = await slot(async () => {
        const sent = turned ?? pacer.take(op);
        if (sent === undefined) return undefined;
        if (!pacer.sending(sent)) return void (turnedAway = true);
        return { sent, answer: await attempt() };
      }, { first: waited });
      // Its limit is paced or paused: its turn, in order (a request turned away by a pause that began since its turn: first).
      if (exchange === undefined) turned = await turn(turnedAway);
    }
    const { sent, answer } = exchange;
    if (answer.status !== 429) {
      pacer.answered(sent, answer.headers);
      return { answer, retries, patienceSpent: false };
    }
    const wait = pacer.refused(sent, answer.headers, retries);
    const now = pacer.clock.now();
    deadline ??= now + patienceMs;
    if (wait > 0 ? now + wait > deadline : now >= deadline) return { answer, retries, patienceSpent: true };
  }
}
