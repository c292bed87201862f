// The moves fast-check draws for a lifecycle sequence: each is resolved against the sequence's
// state into a concrete step (indices pick among the existing companies, the tag pool, the
// watchdogs of the sequence), so fast-check can shrink a failing sequence to a minimal one.
import fc from 'fast-check';
import type { Step } from '../../engine/replay-case';
import { PROMPT } from '../../runner/fixtures';
import type { HeldRun } from '../../runner/run';
import { executeStep } from './execute';
import { current, nameOf, OPS, type NameKind, type SequenceContext, type SequenceState } from './sequence';

/** Watchdogs one sequence creates at most. */
const MAX_WATCHDOGS = 2;

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

export const MOVES: Array<fc.Arbitrary<Move>> = [
  fc.record({ kind: fc.constant('create' as const), name: nameKind, companies: several, tags: several, isActive: fc.constantFrom(null, true, false) }),
  fc.record({ kind: fc.constant('patch' as const), target, fields: fc.subarray<Field>(['name', 'prompt', 'companies', 'tags', 'is_active']), name: nameKind, companies: indices, tags: indices, isActive: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('activate' as const, 'deactivate' as const), target, rename: fc.boolean() }),
  fc.record({ kind: fc.constant('subscribe' as const), target, companies: several, tags: several }),
  fc.record({ kind: fc.constant('unsubscribe' as const), target, companies: indices, tags: indices }),
];

export interface Real {
  run: HeldRun;
  ctx: SequenceContext;
}

export class MoveCommand implements fc.AsyncCommand<SequenceState, Real> {
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

/** The create every drawn sequence starts with, before fast-check's commands. */
export const firstCreate = (ctx: SequenceContext, state: SequenceState): Step => resolve(ctx, state, { kind: 'create', name: 'plain', companies: [0], tags: [], isActive: null });
