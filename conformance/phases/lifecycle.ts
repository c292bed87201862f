// lifecycle: random sequences of create, PATCH, activate, deactivate, subscribe and unsubscribe
// over fresh watchdogs (fast-check's model-based commands), each answer judged against the
// model of the expected state (model/watchdogs.ts). A failing sequence is shrunk to a minimal
// one, recorded with its seed and replayable step by step (`conformance replay`).
import fc from 'fast-check';
import type { OperationId } from '../../generated';
import { withProof } from '../cases/requests';
import { ofLength } from '../cases/values';
import type { JsonSchema } from '../contract/document';
import { FACTS, jsonBody } from '../contract/facts';
import type { Step } from '../engine/replay-case';
import { isSuccess, type RequestSpec } from '../engine/request';
import { NoResponse } from '../engine/transport';
import { adopt, created, expectAfter, narrow } from '../model/watchdogs';
import type { Rule } from '../rules/define';
import { LIFECYCLE_RULES, observe, type Expected } from '../rules/lifecycle';
import { mayWrite, PROMPT, referencesFor, runTag, seededUuid } from '../runner/fixtures';
import { BudgetExhausted, type HeldRun, type Run } from '../runner/run';
import { skipWhereNotRun } from './context';
import type { Phase } from './phase';

const OPS = {
  create: 'watchdogsCreate',
  patch: 'watchdogsEventsPartialUpdate',
  activate: 'watchdogsActivate',
  deactivate: 'watchdogsDeactivate',
  subscribe: 'watchdogsSubscribe',
  unsubscribe: 'watchdogsUnsubscribe',
} as const satisfies Record<string, OperationId>;

/** Operations whose effect on a watchdog is not published: their lifecycle rules only warn. */
const UNPUBLISHED_EFFECT = new Set<OperationId>(LIFECYCLE_RULES.filter((rule) => rule.warnOnly && rule.operations.length === 1).map((rule) => rule.operations[0]!));

/** What the run offers a sequence: existing companies, a pool of made-up tags, names by kind. */
export interface SequenceContext {
  run: Run;
  companies: string[];
  tags: string[];
  /** A made-up tag was refused: whether tags must exist is not published, so sequences go on without them. */
  tagsRefused: boolean;
  /** The longest name the contract allows. */
  maxName: number;
}

interface Watchdog {
  uuid: string;
  expected: Expected;
}

interface SequenceState {
  watchdogs: Watchdog[];
  steps: Step[];
  created: number;
}

/** Stops a sequence: its failure is recorded already. */
class SequenceStop extends Error {}

function specOf(ctx: SequenceContext, state: SequenceState, step: Step): RequestSpec {
  const facts = FACTS[step.op];
  const params: Record<string, string> = {};
  const madeUp: string[] = [];
  for (const p of facts.parameters.filter((param) => param.in === 'path')) {
    if (p.schema.format === 'uuid') params[p.name] = state.watchdogs[step.target ?? 0]!.uuid;
    else {
      params[p.name] = seededUuid(ctx.run, `lifecycle:${p.name}:${state.steps.length}`);
      madeUp.push(`path/${p.name}`);
    }
  }
  if (Array.isArray(step.body.tags) && step.body.tags.length) madeUp.push('body/tags');
  const target = step.target === undefined ? '' : ` #${step.target}`;
  const spec: RequestSpec = { operationId: step.op, purpose: `lifecycle step ${state.steps.length + 1}: ${step.op}${target} ${JSON.stringify(step.body).slice(0, 160)}`, params, body: { kind: 'json', value: step.body }, resource: 'existing', ...(madeUp.length && { madeUp }) };
  return withProof(spec, 'accept');
}

/** Sends one step, judges the answer against the model, and moves the model on. */
export async function executeStep(run: HeldRun, ctx: SequenceContext, state: SequenceState, step: Step): Promise<void> {
  const spec = specOf(ctx, state, step);
  state.steps.push(step);
  const replay = { kind: 'sequence' as const, steps: [...state.steps] };
  const x = await run.send(spec);
  if (!isSuccess(x.status)) {
    if (x.status < 500 && spec.madeUp?.includes('body/tags')) ctx.tagsRefused = true;
    if (run.failed()) throw new SequenceStop(`${spec.purpose}: answered ${x.status}`);
    // Refused for a made-up value (warned): nothing changed.
    if (step.op === OPS.create) state.watchdogs.push({ uuid: '', expected: created(step.body) });
    return;
  }
  const before = step.op === OPS.create ? undefined : state.watchdogs[step.target!]!.expected;
  const expected = before ? expectAfter(step.op, before, step.body) : created(step.body);
  const outcome = { op: step.op, sent: step.body, before, expected, observed: observe(x.json), x };
  for (const rule of LIFECYCLE_RULES) run.judge(rule, outcome, step.op, { exchange: x, replay });
  if (run.failed()) throw new SequenceStop(`${spec.purpose}: the answer departs from the model`);
  // Where the effect is not published (activate, deactivate), what the deployment shows is the new state.
  const next = UNPUBLISHED_EFFECT.has(step.op) ? adopt(expected, outcome.observed) : narrow(expected, outcome.observed);
  if (step.op === OPS.create) state.watchdogs.push({ uuid: String((x.json as { uuid?: unknown }).uuid), expected: next });
  else state.watchdogs[step.target!]!.expected = next;
}

// The moves fast-check draws; each is resolved against the state into a concrete step (indices
// pick among the existing companies, the tag pool, the watchdogs of the sequence).
type NameKind = 'plain' | 'maximum' | 'maximum-non-ascii' | 'umlauts';
type Field = 'name' | 'prompt' | 'companies' | 'tags' | 'is_active';
type Move =
  | { kind: 'create'; name: NameKind; companies: number[]; tags: number[]; isActive: boolean | null }
  | { kind: 'patch'; target: number; fields: Field[]; name: NameKind; companies: number[]; tags: number[]; isActive: boolean }
  | { kind: 'activate' | 'deactivate'; target: number; rename: boolean }
  | { kind: 'subscribe' | 'unsubscribe'; target: number; companies: number[]; tags: number[] };

const pick = (pool: string[], indices: number[]) => (pool.length ? [...new Set(indices.map((i) => pool[i % pool.length]!))] : []);
/** Some of a set, never all of a set of two or more. */
const someOf = (pool: string[], indices: number[]) => {
  const picked = pick(pool, indices);
  return picked.length === pool.length && pool.length > 1 ? picked.slice(1) : picked;
};

function nameOf(ctx: SequenceContext, kind: NameKind, n: number): string {
  const prefix = `${runTag(ctx.run, 'life')}-${n}`;
  switch (kind) {
    case 'plain':
      return prefix;
    case 'maximum':
      return ofLength(`${prefix}-`, ctx.maxName, 'x');
    case 'maximum-non-ascii':
      return ofLength(`${prefix}-`, ctx.maxName, 'ü');
    case 'umlauts':
      return `${prefix} Bäckerei Müller & Söhne`;
  }
}

/** The current value of a field, for bodies that restate it (the published activate and deactivate bodies). */
const current = (w: Watchdog) => ({ name: w.expected.name[0]!, prompt: w.expected.prompt[0]!, companies: w.expected.companies[0]!, tags: w.expected.tags[0]! });

function resolve(ctx: SequenceContext, state: SequenceState, move: Move): Step {
  const tags = (indices: number[]) => (ctx.tagsRefused ? [] : pick(ctx.tags, indices));
  if (move.kind === 'create') {
    const body: Record<string, unknown> = { name: nameOf(ctx, move.name, state.created++), prompt: PROMPT, companies: pick(ctx.companies, move.companies), tags: tags(move.tags) };
    if (move.isActive !== null) body.is_active = move.isActive;
    return { op: OPS.create, body };
  }
  const target = move.target % state.watchdogs.length;
  const watchdog = state.watchdogs[target]!;
  switch (move.kind) {
    case 'patch': {
      const values: Record<Field, unknown> = {
        name: nameOf(ctx, move.name, state.created++),
        prompt: `${PROMPT} (${state.steps.length})`,
        companies: pick(ctx.companies, move.companies),
        tags: tags(move.tags),
        is_active: move.isActive,
      };
      return { op: OPS.patch, target, body: Object.fromEntries(move.fields.map((field) => [field, values[field]])) };
    }
    case 'activate':
    case 'deactivate': {
      // Name and prompt as for create (required for deactivate, published; unknown for activate).
      const now = current(watchdog);
      return { op: OPS[move.kind], target, body: { name: move.rename ? nameOf(ctx, 'plain', state.created++) : now.name, prompt: now.prompt, companies: now.companies, tags: now.tags } };
    }
    case 'subscribe':
      return { op: OPS.subscribe, target, body: { companies: pick(ctx.companies, move.companies), tags: tags(move.tags) } };
    case 'unsubscribe': {
      // Only what is subscribed (so the removal is unambiguous), and not all of it: what stays shows.
      const now = current(watchdog);
      return { op: OPS.unsubscribe, target, body: { companies: someOf(now.companies, move.companies), tags: someOf(now.tags, move.tags) } };
    }
  }
}

const indices = fc.array(fc.nat({ max: 50 }), { maxLength: 3 });
/** Creates and subscriptions name several companies and tags, so a removal that takes too much shows. */
const several = fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 4 });
const nameKind = fc.constantFrom<NameKind>('plain', 'maximum', 'maximum-non-ascii', 'umlauts');
const target = fc.nat({ max: 10 });

const MOVES: Array<fc.Arbitrary<Move>> = [
  fc.record({ kind: fc.constant('create' as const), name: nameKind, companies: several, tags: several, isActive: fc.constantFrom(null, true, false) }),
  fc.record({ kind: fc.constant('patch' as const), target, fields: fc.subarray<Field>(['name', 'prompt', 'companies', 'tags', 'is_active']), name: nameKind, companies: indices, tags: indices, isActive: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('activate' as const, 'deactivate' as const), target, rename: fc.boolean() }),
  fc.record({ kind: fc.constant('subscribe' as const), target, companies: several, tags: several }),
  fc.record({ kind: fc.constant('unsubscribe' as const), target, companies: indices, tags: indices }),
];

interface Real {
  run: HeldRun;
  ctx: SequenceContext;
}

class MoveCommand implements fc.AsyncCommand<SequenceState, Real> {
  constructor(readonly move: Move) {}
  check(state: Readonly<SequenceState>): boolean {
    // Two watchdogs are enough to show one write reaching another; the API publishes no delete.
    if (this.move.kind === 'create') return state.watchdogs.length < MAX_WATCHDOGS;
    return state.watchdogs.some((w) => w.uuid !== '');
  }
  async run(state: SequenceState, real: Real): Promise<void> {
    if (this.move.kind !== 'create') {
      const live = state.watchdogs.map((w, i) => [w, i] as const).filter(([w]) => w.uuid !== '');
      const [, index] = live[('target' in this.move ? this.move.target : 0) % live.length]!;
      await executeStep(real.run, real.ctx, state, resolve(real.ctx, state, { ...this.move, target: index } as Move));
      return;
    }
    await executeStep(real.run, real.ctx, state, resolve(real.ctx, state, this.move));
  }
  toString(): string {
    return JSON.stringify(this.move);
  }
}

export async function sequenceContext(run: Run): Promise<SequenceContext> {
  const companies = ((await referencesFor(run)).get('companies') ?? []).map((uuid) => uuid.toLowerCase()).slice(0, 12);
  const nameSchema = ((jsonBody(OPS.create)?.schema.properties ?? {}) as Record<string, JsonSchema>).name;
  return {
    run,
    companies,
    tags: [0, 1, 2, 3].map((i) => seededUuid(run, `tag:${i}`)),
    tagsRefused: false,
    maxName: typeof nameSchema?.maxLength === 'number' ? nameSchema.maxLength : 200,
  };
}

/** Runs concrete steps from fresh watchdogs (a replayed or a first sequence). */
export async function runSteps(run: HeldRun, ctx: SequenceContext, steps: Step[]): Promise<void> {
  const state: SequenceState = { watchdogs: [], steps: [], created: 0 };
  try {
    for (const step of steps) await executeStep(run, ctx, state, step);
  } catch (error) {
    if (!(error instanceof SequenceStop)) throw error;
  }
}

/**
 * The deterministic sequence every run starts with: a watchdog with every field set, then PATCH
 * with each field alone (every other field must be kept), with no field at all, a partial
 * subscribe and unsubscribe, activate and deactivate. The random sequences explore from there.
 */
export function coverageSteps(ctx: SequenceContext): Step[] {
  const [c1, c2, c3] = [0, 1, 2].map((i) => ctx.companies[i % Math.max(1, ctx.companies.length)]).filter((c): c is string => c !== undefined);
  const companies = [...new Set([c1, c2].filter((c): c is string => c !== undefined))];
  const [t1, t2, t3] = ctx.tags;
  const name = (label: string) => `${runTag(ctx.run, 'life')}-${label}`;
  const patch = (body: Record<string, unknown>): Step => ({ op: OPS.patch, target: 0, body });
  const restate = (op: OperationId, label: string): Step => ({ op, target: 0, body: { name: name(label), prompt: PROMPT } });
  return [
    { op: OPS.create, body: { name: name('all-fields'), prompt: PROMPT, companies, tags: [t1, t2], is_active: false } },
    patch({ name: name('renamed') }),
    patch({ prompt: `${PROMPT} (changed)` }),
    patch({ companies: c3 ? [c3] : [] }),
    patch({ tags: [t3] }),
    patch({ is_active: true }),
    patch({}),
    { op: OPS.subscribe, target: 0, body: { companies, tags: [t1, t2] } },
    { op: OPS.unsubscribe, target: 0, body: { companies: companies.slice(0, 1), tags: [t1] } },
    restate(OPS.deactivate, 'deactivated'),
    restate(OPS.activate, 'activated'),
  ];
}

/** Requests one sequence costs, on average, for the budget. */
const PER_SEQUENCE = 7;
/** Watchdogs one sequence creates at most. */
const MAX_WATCHDOGS = 2;
/** The part of the budget the sequences take. */
const LIFECYCLE_SHARE = 0.15;
/** Executions fast-check may spend shrinking a failure. */
const SHRINK_EXECUTIONS = 60;

export const lifecycle: Phase = {
  area: 'lifecycle',
  name: 'random watchdog sequences against the model',
  async run(run) {
    if (skipWhereNotRun(run, LIFECYCLE_RULES as Array<Rule<never>>)) return;
    if (!mayWrite(run)) {
      run.recorder.skippedWrite('the watchdog lifecycle (random sequences of create, PATCH, activate, deactivate, subscribe, unsubscribe)');
      for (const rule of LIFECYCLE_RULES) run.skip(rule as Rule<never>, rule.operations, 'a read-only run (CONFORMANCE_WRITES not set)');
      return;
    }
    const ctx = await sequenceContext(run);
    const seed = run.config.seed;
    const covered = run.hold();
    await runSteps(covered, ctx, coverageSteps(ctx));
    covered.commit({ phase: 'lifecycle', seed });
    // A share of the whole budget: the phase starts beside the deterministic ones, not after them.
    const numRuns = Math.max(5, Math.min(30, Math.floor((run.config.budget * LIFECYCLE_SHARE) / PER_SEQUENCE)));
    let failing: HeldRun | undefined;
    let afterFailure = 0;
    let spent = false;
    const property = fc.asyncProperty(fc.commands(MOVES.map((arb) => arb.map((move) => new MoveCommand(move))), { maxCommands: 8 }), async (commands) => {
      if (spent || (failing && ++afterFailure > SHRINK_EXECUTIONS)) return true;
      const held = run.hold();
      const state: SequenceState = { watchdogs: [], steps: [], created: 0 };
      try {
        await executeStep(held, ctx, state, resolve(ctx, state, { kind: 'create', name: 'plain', companies: [0], tags: [], isActive: null }));
        await fc.asyncModelRun(() => ({ model: state, real: { run: held, ctx } }), commands);
      } catch (error) {
        if (error instanceof BudgetExhausted) {
          spent = true;
          return true;
        }
        if (!(error instanceof SequenceStop || error instanceof NoResponse)) throw error;
      }
      if (!held.failed()) {
        if (!failing) held.commit();
        return true;
      }
      failing = held;
      return false;
    });
    const details = await fc.check(property, { seed, numRuns, endOnFailure: false });
    if (failing) failing.commit({ phase: 'lifecycle', seed, path: details.counterexamplePath ?? undefined });
    else if (details.failed) throw details.errorInstance;
  },
};
