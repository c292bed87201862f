// lifecycle: random sequences of create, PATCH, activate, deactivate, subscribe and unsubscribe
// over fresh watchdogs (fast-check's model-based commands, moves.ts), after the deterministic
// sequences (sequence.ts, states.ts, and the writes that hold, holds.ts), each answer judged
// against the model of the expected state. A failing sequence is shrunk to a minimal one,
// recorded with its seed and replayable step by step.
import fc from 'fast-check';
import type { Step } from '../../engine/replay-case';
import { NoResponse } from '../../engine/transport';
import type { Rule } from '../../rules/define';
import { LIFECYCLE_RULES } from '../../rules/lifecycle';
import { WRITE_RULES } from '../../rules/writes';
import { mayWrite } from '../../runner/fixtures';
import { Interrupted, RunStopped } from '../../engine/stop';
import type { HeldRun } from '../../runner/run';
import { skipWhereNotRun } from '../context';
import type { Phase } from '../phase';
import { MOVES, MoveCommand, firstCreate } from './moves';
import { createSequence, stateSequences } from './states';
import { holdSequences } from './holds';
import { executeStep, runSteps } from './execute';
import { coverageSteps, lenientSteps, OPS, SequenceStop, sequenceContext, type SequenceState } from './sequence';

/** Requests one sequence costs, on average, for the budget. */
const PER_SEQUENCE = 7;
/** The part of the budget the sequences take. */
const LIFECYCLE_SHARE = 0.15;
/** Executions fast-check may spend shrinking a failure. */
const SHRINK_EXECUTIONS = 60;
/** What the phase judges: each write against the model, and the writes that hold. */
const RULES = [...LIFECYCLE_RULES, ...WRITE_RULES] as Array<Rule<never>>;

export const lifecycle: Phase = {
  area: 'lifecycle',
  name: 'random watchdog sequences against the model',
  async run(run) {
    if (skipWhereNotRun(run, RULES)) return;
    if (!mayWrite(run)) {
      run.recorder.skippedWrite('the watchdog lifecycle (random sequences of create, PATCH, activate, deactivate, subscribe, unsubscribe; the writes that hold)');
      for (const rule of RULES) run.skip(rule, rule.operations, 'a read-only run (CONFORMANCE_WRITES not set)');
      return;
    }
    const excluded = Object.values(OPS).filter((op) => run.config.excluded?.includes(op));
    if (excluded.length) {
      for (const rule of RULES) run.skip(rule, rule.operations, `the sequences need every watchdog write, and the config excludes ${excluded.join(', ')} (operations)`);
      return;
    }
    const ctx = await sequenceContext(run);
    const seed = run.config.seed;
    // Each deterministic sequence in a view of its own: one stopped by a failure stops no other.
    const sequence = async (steps: Step[], goOn = false) => {
      const held = run.hold();
      try {
        await runSteps(held, ctx, steps, { goOn });
      } finally {
        held.commit({ phase: 'lifecycle', seed });
      }
    };
    await sequence(coverageSteps(ctx));
    // Built after the first ran: it tells whether made-up tags are refused.
    for (const steps of [createSequence(ctx), ...stateSequences(ctx), lenientSteps(ctx)]) await sequence(steps);
    for (const steps of holdSequences(ctx)) await sequence(steps, true);
    // A share of the whole budget: the phase starts beside the deterministic ones, not after them.
    const numRuns = Math.max(5, Math.min(30, Math.floor((run.config.budget * LIFECYCLE_SHARE) / PER_SEQUENCE)));
    let failing: HeldRun | undefined;
    let afterFailure = 0;
    let spent = false;
    let stoppedBy: RunStopped | undefined;
    const property = fc.asyncProperty(fc.commands(MOVES.map((arb) => arb.map((move) => new MoveCommand(move))), { maxCommands: 8 }), async (commands) => {
      if (spent || (failing && ++afterFailure > SHRINK_EXECUTIONS)) return true;
      const held = run.hold();
      const state: SequenceState = { watchdogs: [], steps: [], created: 0 };
      try {
        await executeStep(held, ctx, state, firstCreate(ctx, state));
        await fc.asyncModelRun(() => ({ model: state, real: { run: held, ctx } }), commands);
      } catch (error) {
        if (error instanceof RunStopped) {
          stoppedBy = error;
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
    // Interrupted, the phase did not run to its end (a spent budget ends the sequences as planned).
    if (stoppedBy instanceof Interrupted) throw stoppedBy;
  },
};
