// A watchdog sequence sent: each step's answer judged against the model of the expected state (the
// lifecycle rules), which it then moves on. A step that observes judges the write before it by the
// rules of writes that hold (rules/writes.ts); steps marked `together` go at once.
import type { OperationId } from '../../../generated';
import type { ReplayCase, Step } from '../../engine/replay-case';
import { isSuccess, type Exchange } from '../../engine/request';
import { adopt, created, either, expectAfter, narrow, observe, type Expected, type Observed } from '../../model/watchdogs';
import { ANSWER_RULES, LIFECYCLE_RULES, type StepOutcome } from '../../rules/lifecycle';
import { concurrentWritesApply, WRITE_RULES, type Observation } from '../../rules/writes';
import type { HeldRun } from '../../runner/run';
import { OPS, SequenceStop, specOf, type ObserverKind, type SequenceContext, type SequenceState, type Watchdog, type Written } from './sequence';

/** Operations whose effect on a watchdog is not published: their lifecycle rules only warn. */
const UNPUBLISHED_EFFECT = new Set<OperationId>(LIFECYCLE_RULES.filter((rule) => rule.warnOnly && rule.operations.length === 1).map((rule) => rule.operations[0]!));

/** The writes that show a watchdog and change nothing the model compares, in the order tried. */
const OBSERVERS: Record<Exclude<ObserverKind, 'none'>, (step: Step) => Step> = {
  // Every PATCH field is optional, and one left out is kept (watchdog_patch_applied).
  patch: (step) => ({ ...step, op: OPS.patch, body: {} }),
  // Subscribe adds what it names: nothing. Which of its fields are required is not published, nor whether an empty list is taken.
  subscribe: (step) => ({ ...step, op: OPS.subscribe, body: { companies: [], tags: [] }, mayRefuse: true }),
};

const replayOf = (state: SequenceState): ReplayCase => ({ kind: 'sequence', steps: [...state.steps], ...(state.goOn && { goOn: true as const }) });

/** The model after an answer: what it showed, among the candidates or (an effect not published, or going on past a departure) wholesale. */
const moved = (state: SequenceState, op: OperationId, expected: Expected, observed: Observed) =>
  UNPUBLISHED_EFFECT.has(op) || state.goOn ? adopt(expected, observed) : narrow(expected, observed);

/** A write noted: its watchdog's next observation judges it, the others' the frame condition. */
function noted(state: SequenceState, target: number, written: Written[]): void {
  state.watchdogs.forEach((w, i) => {
    if (i === target) Object.assign(w, { last: written, since: [] });
    else w.since = [...(w.since ?? []), ...written];
  });
}

const judgeAnswer = (run: HeldRun, outcome: StepOutcome, replay: ReplayCase) => {
  for (const rule of ANSWER_RULES) run.judge(rule, outcome, outcome.op, { exchange: outcome.x, replay });
};

/** Sends one step, judges the answer against the model, and moves the model on. */
export async function executeStep(run: HeldRun, ctx: SequenceContext, state: SequenceState, step: Step): Promise<void> {
  if (step.observes) return observeWith(run, ctx, state, step);
  const spec = specOf(ctx, state, step);
  state.steps.push(step);
  const replay = replayOf(state);
  const x = await run.send(spec);
  const target = step.op === OPS.create ? state.watchdogs.length : step.target!;
  const written = [{ op: step.op, purpose: spec.purpose, status: x.status, refused: !isSuccess(x.status) }];
  if (!isSuccess(x.status)) {
    if (x.status < 500 && spec.madeUp?.includes('body/tags')) ctx.tagsRefused = true;
    if (run.failed() && !(state.goOn && x.status < 500)) throw new SequenceStop(`${spec.purpose}: answered ${x.status}`);
    // Refused (for a made-up value, or one past no published bound): nothing changed.
    if (step.op === OPS.create) state.watchdogs.push({ uuid: '', expected: created(step.body) });
    noted(state, target, written);
    return;
  }
  const before = step.op === OPS.create ? undefined : state.watchdogs[step.target!]!.expected;
  const expected = before ? expectAfter(step.op, before, step.body) : created(step.body);
  const outcome = { op: step.op, sent: step.body, before, expected, observed: observe(x.json), x };
  for (const rule of LIFECYCLE_RULES) run.judge(rule, outcome, step.op, { exchange: x, replay });
  if (run.failed() && !state.goOn) throw new SequenceStop(`${spec.purpose}: the answer departs from the model`);
  const next = moved(state, step.op, expected, outcome.observed);
  if (step.op === OPS.create) state.watchdogs.push({ uuid: String((x.json as { uuid?: unknown }).uuid), expected: next });
  else state.watchdogs[step.target!]!.expected = next;
  noted(state, target, written);
}

/** Several writes to one watchdog, at once: each answer shows its own write, and afterwards every one answered 2xx shows. */
async function executeTogether(run: HeldRun, ctx: SequenceContext, state: SequenceState, steps: Step[]): Promise<void> {
  const target = steps[0]!.target!;
  const w = state.watchdogs[target];
  if (!w?.uuid) return;
  const specs = steps.map((step) => {
    const spec = specOf(ctx, state, step);
    state.steps.push(step);
    return spec;
  });
  const replay = replayOf(state);
  const settled = await run.sendTogether(specs);
  const error = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (error) throw error.reason;
  const xs = settled.map((r) => (r as PromiseFulfilledResult<Exchange>).value);
  const crashed = xs.find((x) => x.status >= 500);
  if (crashed) throw new SequenceStop(`${crashed.spec.purpose}: answered ${crashed.status}`);
  const written = steps.map((step, i): Written => ({ op: step.op, purpose: specs[i]!.purpose, status: xs[i]!.status, refused: !isSuccess(xs[i]!.status) }));
  const writes = written.map((write) => `${write.purpose} → ${write.status}`);
  const before = w.expected;
  steps.forEach((step, i) => {
    const x = xs[i]!;
    if (written[i]!.refused) return;
    // Its own write, and any of the others (in whichever order the deployment applied them).
    const own = steps.reduce((e, other, j) => (j === i ? e : either(e, expectAfter(other.op, e, other.body))), expectAfter(step.op, before, step.body));
    const observed = observe(x.json);
    const outcome: Observation = { check: 'concurrent', op: step.op, writes: [writes[i]!, ...writes.filter((_, j) => j !== i)], refused: false, watchdog: `#${target}`, by: 'its own answer', expected: own, observed, x, own: true };
    run.judge(concurrentWritesApply, outcome, step.op, { exchange: x, replay });
    judgeAnswer(run, { op: step.op, sent: step.body, expected: own, observed, x }, replay);
  });
  // Afterwards: every write answered 2xx applied; a refused one may not have been.
  let expected = steps.reduce((e, step, i) => (written[i]!.refused ? e : expectAfter(step.op, e, step.body)), before);
  steps.forEach((step, i) => {
    if (written[i]!.refused) expected = either(expected, expectAfter(step.op, expected, step.body));
  });
  w.expected = expected;
  noted(state, target, written);
  if (run.failed() && !state.goOn) throw new SequenceStop(`${specs[0]!.purpose}: the writes sent at once depart from the model`);
}

/** Shows a watchdog by a write that changes nothing the model compares, and judges the write(s) before it by what it shows. */
async function observeWith(run: HeldRun, ctx: SequenceContext, state: SequenceState, step: Step): Promise<void> {
  const w = state.watchdogs[step.target!];
  if (!w?.uuid) return; // never created: nothing to see
  for (const kind of ctx.observer ? [ctx.observer] : (['patch', 'subscribe'] as const)) {
    if (kind === 'none') return;
    const sent = OBSERVERS[kind](step);
    const spec = specOf(ctx, state, sent);
    state.steps.push(sent);
    const x = await run.send(spec);
    if (x.status >= 500 || (run.failed() && !state.goOn)) throw new SequenceStop(`${spec.purpose}: answered ${x.status}`);
    if (!isSuccess(x.status)) continue;
    ctx.observer = kind;
    judgeObservation(run, state, step, w, x);
    return;
  }
  if (ctx.observer) return;
  ctx.observer = 'none';
  for (const rule of WRITE_RULES) run.skip(rule, rule.operations, 'no write showed a watchdog without changing it (PATCH with no field, subscribe with empty lists: both refused), and the API publishes no read of one');
}

function judgeObservation(run: HeldRun, state: SequenceState, step: Step, w: Watchdog, x: Exchange): void {
  const replay = replayOf(state);
  const observed = observe(x.json);
  // The frame condition judges the writes to the other watchdogs since this one's last answer; the other checks its own last write(s).
  const frame = step.observes === 'frame' && (w.since?.length ?? 0) > 0;
  const judged = (frame ? w.since : w.last) ?? [];
  if (judged.length) {
    const outcome: Observation = {
      check: frame ? 'frame' : step.observes === 'frame' ? 'holds' : step.observes!,
      op: judged[judged.length - 1]!.op,
      writes: judged.length > 1 ? judged.map((write) => `${write.purpose} → ${write.status}`) : judged.map((write) => write.purpose),
      refused: judged.every((write) => write.refused),
      watchdog: `#${step.target}`,
      by: `lifecycle step ${state.steps.length}: ${x.spec.operationId} ${JSON.stringify(x.spec.body?.kind === 'json' ? x.spec.body.value : {})}`,
      expected: w.expected,
      observed,
      x,
    };
    for (const rule of WRITE_RULES) run.judge(rule, outcome, outcome.op, { exchange: x, replay });
  }
  judgeAnswer(run, { op: x.spec.operationId, sent: {}, expected: w.expected, observed, x }, replay);
  w.expected = moved(state, x.spec.operationId, w.expected, observed);
  w.since = [];
}

/** Runs concrete steps from fresh watchdogs (a replayed or a first sequence); `goOn`: past an answer that departs from the model. */
export async function runSteps(run: HeldRun, ctx: SequenceContext, steps: Step[], { goOn = false } = {}): Promise<void> {
  const state: SequenceState = { watchdogs: [], steps: [], created: 0, ...(goOn && { goOn: true as const }) };
  try {
    for (let i = 0; i < steps.length; ) {
      let n = 1;
      while (steps[i]!.together && steps[i + n]?.together) n += 1;
      if (n > 1) await executeTogether(run, ctx, state, steps.slice(i, i + n));
      else await executeStep(run, ctx, state, steps[i]!);
      i += n;
    }
  } catch (error) {
    if (!(error instanceof SequenceStop)) throw error;
  }
}
