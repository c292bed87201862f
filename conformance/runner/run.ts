// One conformance run as the phases see it: send requests (every exchange is judged by every
// exchange rule), record verdicts with the case that reproduces them, share fetched data, keep
// to the request budget, and clean up what the run created.
import { attachExchange } from '../engine/exchange-view';
import { redactorFor, type Redactor } from '../engine/redact';
import { Recorder } from '../engine/recorder';
import type { CaseOrigin, ReplayCase } from '../engine/replay-case';
import { isSuccess, type Exchange, type RequestSpec } from '../engine/request';
import { createTransport, NoResponse, NotChecked, type FetchLike } from '../engine/transport';
import { interruption, RunStopped } from '../engine/stop';
import type { Finding, OperationRef, RunConfig, Verdict } from '../engine/types';
import { choiceInputs } from '../cases/classify';
import { runsIn, type Rule } from '../rules/define';
import { EXCHANGE_RULES, responseReceived } from '../rules/exchange';
import { createInputCoverage } from './input-coverage';

/**
 * The operation is excluded by the config: nothing is sent to it. Ends the case as a NoResponse
 * does, without a verdict (the report skips the operation's lines, saying why).
 */
export class Excluded extends NoResponse {
  constructor(readonly operationId: string) {
    super(`${operationId} is excluded by the config (operations)`, '');
  }
}

/** The budget is spent: the phase that hit it stops (recorded as skipped, not failed). */
export class BudgetExhausted extends RunStopped {
  constructor(limit: number) {
    super(`the request budget (${limit}, --budget) is spent`);
  }
}

export interface Evidence {
  exchange?: Exchange;
  /** How to reproduce a failure; defaults to re-sending the exchange. */
  replay?: ReplayCase;
}

export interface Run {
  readonly config: RunConfig;
  readonly redact: Redactor;
  readonly recorder: Recorder;
  /**
   * Sends and judges the exchange by every exchange rule; throws NoResponse (recorded as
   * response_received), NotChecked (still rate limited: counted, judged by nothing), or a
   * RunStopped: BudgetExhausted, Interrupted (a signal or --deadline).
   */
  send(spec: RequestSpec): Promise<Exchange>;
  /**
   * Sends these requests at once, each as `send` does: they take their places among the requests
   * in flight together, so none waits behind another request (writes that race each other).
   */
  sendTogether(specs: RequestSpec[]): Promise<Array<PromiseSettledResult<Exchange>>>;
  /** Records the verdict of `rule` on `input`; nothing when the rule does not apply. */
  judge<I>(rule: Rule<I>, input: I, operationId: OperationRef, evidence?: Evidence): Verdict | undefined;
  /** Records a verdict reached outside a check (a phase that crashed). */
  record(rule: Rule<never>, operationId: OperationRef, verdict: Verdict, evidence?: Evidence): void;
  skip(rule: Rule<never>, operationIds: readonly OperationRef[], reason: string): void;
  /** Computes a shared value once per run (a list walk, the fixture watchdog). */
  memo<T>(key: string, make: () => Promise<T>): Promise<T>;
  /** Calls `watcher` with every exchange the run (or any held view of it) receives. */
  watch(watcher: (x: Exchange) => void): void;
  onCleanup(task: () => Promise<void>): void;
  /** Runs the clean-up tasks, after a stop too (its requests are not abandoned); resolves with how many did not complete. */
  cleanup(): Promise<number>;
  /** Clean-up tasks not yet done (one request each: a watchdog the run created, deactivated). */
  pendingCleanups(): number;
  /** Requests left in the budget. */
  left(): number;
  /** A view of the run whose findings wait in a buffer (fast-check keeps only the execution it reports). */
  hold(): HeldRun;
}

export interface HeldRun extends Run {
  failed(): boolean;
  /** Records the held findings; failures carry `origin` so `--seed` reruns them. */
  commit(origin?: CaseOrigin): void;
}

interface Shared {
  config: RunConfig;
  redact: Redactor;
  recorder: Recorder;
  transport: ReturnType<typeof createTransport>;
  rules: ReadonlyArray<Rule<Exchange>>;
  memos: Map<string, Promise<unknown>>;
  watchers: Array<(x: Exchange) => void>;
  /** Per operation, sets of open fields a body left out and the deployment accepted anyway. */
  settled: Map<string, string[][]>;
  cleanups: Array<() => Promise<void>>;
  cleaningUp: boolean;
  /** Aborted by SIGINT, SIGTERM or --deadline. */
  stop?: AbortSignal;
  /** Clean-up tasks taken but not yet done. */
  cleaning: number;
  inputs: ReturnType<typeof createInputCoverage>;
}

type Sink = (finding: Finding, replay?: ReplayCase) => void;

/**
 * Required-ness the deployment settled: once it accepted a body that leaves out some open
 * fields, a body leaving out no more than those is certainly valid there, and judged so.
 */
function settle(shared: Shared, x: Exchange): Exchange {
  const open = x.spec.openFields;
  if (!open?.length) return x;
  const accepted = shared.settled.get(x.spec.operationId) ?? [];
  if (isSuccess(x.status)) {
    shared.settled.set(x.spec.operationId, [...accepted, open]);
    return x;
  }
  return accepted.some((fields) => open.every((f) => fields.includes(f))) ? { ...x, spec: { ...x.spec, openFields: undefined } } : x;
}

/**
 * A failure on an exchange whose request carries a modelling-choice input (the search's
 * `country`, whose type is not published) rests on that choice: it warns, for every rule but
 * those that judge the answer alone.
 */
function restsOnChoice(rule: Rule<never>, verdict: Verdict, x: Exchange | undefined): Verdict {
  if (verdict.outcome !== 'fail' || rule.answerOnly || !x) return verdict;
  const inputs = choiceInputs(x.spec);
  return inputs.length ? { ...verdict, outcome: 'warn', message: `${verdict.message} (the request sends ${inputs.join(', ')}, valid only under a modelling choice)` } : verdict;
}

function makeRun(shared: Shared, sink: Sink): Run {
  const { config, redact, recorder } = shared;

  function finding(rule: Rule<never>, operationId: OperationRef, given: Verdict, exchange?: Exchange): Finding {
    const verdict = restsOnChoice(rule, given, given.at ?? exchange);
    const outcome = rule.warnOnly && verdict.outcome === 'fail' ? 'warn' : verdict.outcome;
    // Most verdicts are passes, which are only counted: nothing to copy, redact or show.
    if (outcome === 'pass') return { outcome, message: verdict.message, rule: rule.name, operationId };
    const { at, ...detail } = verdict;
    const x = at ?? exchange;
    // What can be shown is redacted here, and every output again when written.
    const found: Finding = { ...detail, rule: rule.name, operationId, outcome, message: redact(verdict.message) };
    if (x) {
      found.status = x.status;
      if (outcome !== 'skip') {
        found.curl = x.curl;
        attachExchange(found, x, redact);
      }
    }
    return found;
  }

  /** Sends and judges one request, through `transport` (a slot of its own, or one taken with others). */
  async function sendBy(spec: RequestSpec, transport: (spec: RequestSpec) => Promise<Exchange>): Promise<Exchange> {
    // A stopped run sends nothing more but its clean-up: what it created is deactivated.
    if (shared.stop?.aborted && !shared.cleaningUp) throw interruption(shared.stop);
    // Clean-up still deactivates what the run created, whatever is excluded.
    if (!shared.cleaningUp && config.excluded?.includes(spec.operationId)) throw new Excluded(spec.operationId);
    if (!shared.cleaningUp && recorder.requests >= config.budget) throw new BudgetExhausted(config.budget);
    recorder.requests += 1;
    let x: Exchange;
    try {
      x = await transport(spec);
    } catch (error) {
      if (error instanceof NotChecked) recorder.notCheck(spec.operationId, error.message);
      else if (error instanceof NoResponse) {
        const verdict = { outcome: 'fail' as const, message: `${spec.purpose}: ${error.message}` };
        sink({ ...finding(responseReceived as Rule<never>, spec.operationId, verdict), curl: error.curl }, { kind: 'exchange', spec });
      }
      throw error;
    }
    recorder.observe(spec.operationId, x.status);
    recorder.timed(x);
    shared.inputs.add(spec);
    x = settle(shared, x);
    const started = performance.now();
    const verdicts: Array<[Rule<Exchange>, Verdict]> = [];
    for (const rule of shared.rules) {
      const verdict = rule.check(x);
      if (verdict) verdicts.push([rule, verdict]);
    }
    recorder.checkMicros.push((performance.now() - started) * 1000);
    // The case as judged (with what the run had settled), so a replay judges it the same way.
    for (const [rule, verdict] of verdicts) sink(finding(rule as Rule<never>, spec.operationId, verdict, x), { kind: 'exchange', spec: x.spec });
    for (const watcher of shared.watchers) watcher(x);
    return x;
  }

  const run: Run = {
    config,
    redact,
    recorder,
    send: (spec) => sendBy(spec, (one) => shared.transport.send(one, shared.cleaningUp)),
    sendTogether: (specs) => shared.transport.together(specs.length, (send) => Promise.allSettled(specs.map((spec) => sendBy(spec, send)))),
    judge(rule, input, operationId, evidence = {}) {
      const runs = runsIn(rule as Rule<unknown>, config.mode);
      if (runs !== true) {
        run.record(rule as Rule<never>, operationId, { outcome: 'skip', message: `${config.mode} mode: ${runs}` });
        return undefined;
      }
      const verdict = rule.check(input);
      if (verdict) run.record(rule as Rule<never>, operationId, verdict, evidence);
      return verdict;
    },
    record(rule, operationId, verdict, evidence = {}) {
      const x = evidence.exchange;
      sink(finding(rule, operationId, verdict, x), evidence.replay ?? (x && { kind: 'exchange', spec: x.spec }));
    },
    skip(rule, operationIds, reason) {
      for (const id of operationIds) run.record(rule, id, { outcome: 'skip', message: reason });
    },
    memo<T>(key: string, make: () => Promise<T>): Promise<T> {
      if (!shared.memos.has(key)) shared.memos.set(key, make());
      return shared.memos.get(key) as Promise<T>;
    },
    watch(watcher) {
      shared.watchers.push(watcher);
    },
    onCleanup(task) {
      shared.cleanups.push(task);
    },
    async cleanup() {
      shared.cleaningUp = true;
      const tasks = shared.cleanups.splice(0).reverse();
      shared.cleaning += tasks.length;
      let missed = 0;
      for (const task of tasks) {
        await task().catch(() => (missed += 1));
        shared.cleaning -= 1;
      }
      return missed;
    },
    pendingCleanups: () => shared.cleanups.length + shared.cleaning,
    left: () => Math.max(0, config.budget - recorder.requests),
    hold() {
      const held: Array<[Finding, ReplayCase | undefined]> = [];
      const view = makeRun(shared, (f, replay) => held.push([f, replay])) as HeldRun;
      view.failed = () => held.some(([f]) => f.outcome === 'fail');
      view.commit = (origin) => {
        for (const [f, replay] of held.splice(0)) recorder.add(f, replay, origin);
      };
      return view;
    },
  };
  return run;
}

export interface RunOptions {
  /** Another fetch than the global one (the suite's own tests pass the sandbox's core). */
  fetch?: FetchLike;
  /** Stops the run at once: requests in flight are abandoned, nothing more is sent (SIGINT, SIGTERM, --deadline). */
  stop?: AbortSignal;
}

export function createRun(config: RunConfig, options: RunOptions = {}): Run {
  const redact = redactorFor(config);
  const recorder = new Recorder();
  const transport = createTransport(config, redact, options.fetch, { stop: options.stop, bodies: recorder.bodies });
  recorder.throttling = transport.throttling;
  const shared: Shared = {
    config,
    redact,
    recorder,
    transport,
    rules: EXCHANGE_RULES.filter((rule) => runsIn(rule as Rule<unknown>, config.mode) === true),
    memos: new Map(),
    watchers: [],
    settled: new Map(),
    cleanups: [],
    cleaningUp: false,
    ...(options.stop && { stop: options.stop }),
    cleaning: 0,
    inputs: createInputCoverage(recorder.inputs),
  };
  return makeRun(shared, (f, replay) => recorder.add(f, replay));
}

