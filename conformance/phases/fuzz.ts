// fuzz: the budget left after the deterministic phases goes to requests fast-check generates from
// each operation's schemas (cases/arbitraries.ts), seeded by --seed. Each is proven as sent: an
// invalid one must be refused, any other gets a 4xx or a correct answer, never a 5xx. A failure
// is shrunk to a minimal request and recorded with the seed and fast-check's path.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { OperationId } from '../../generated';
import { requestArb } from '../cases/arbitraries';
import { FACTS, OPERATION_IDS } from '../contract/facts';
import { NoResponse } from '../engine/transport';
import { mayWrite } from '../runner/fixtures';
import { Interrupted, RunStopped } from '../engine/stop';
import type { HeldRun, Run } from '../runner/run';
import { caseContext } from './context';
import type { Phase } from './phase';
import { settle } from '../engine/settle';

/** Executions fast-check may spend shrinking one operation's failure. */
const SHRINK_EXECUTIONS = 40;
/** Creates store watchdogs the API cannot delete: a run generates fewer of them. */
const CREATE_SHARE = 0.25;

const seedOf = (seed: number, op: string) => createHash('sha256').update(`${seed}:fuzz:${op}`).digest().readInt32LE(0);

async function fuzzOperation(run: Run, op: OperationId, numRuns: number): Promise<void> {
  if (numRuns < 1) return;
  const arbitrary = requestArb(op, await caseContext(run, op, 'fuzz'));
  let failing: HeldRun | undefined;
  let afterFailure = 0;
  let spent = false;
  let stoppedBy: RunStopped | undefined;
  const property = fc.asyncProperty(arbitrary, async (spec) => {
    if (spent || (failing && ++afterFailure > SHRINK_EXECUTIONS)) return true;
    const held = run.hold();
    try {
      await held.send(spec);
    } catch (error) {
      if (error instanceof RunStopped) {
        stoppedBy = error;
        spent = true;
        return true;
      }
      if (!(error instanceof NoResponse)) throw error;
    }
    if (!held.failed()) {
      if (!failing) held.commit();
      return true;
    }
    failing = held;
    return false;
  });
  const seed = seedOf(run.config.seed, op);
  const details = await fc.check(property, { seed, numRuns, endOnFailure: false });
  if (failing) failing.commit({ phase: `fuzz ${op}`, seed, path: details.counterexamplePath ?? undefined });
  else if (details.failed) throw details.errorInstance;
  // Interrupted, the phase did not run to its end (a spent budget is this phase's normal end).
  if (stoppedBy instanceof Interrupted) throw stoppedBy;
}

export const fuzz: Phase = {
  area: 'fuzz',
  name: 'requests generated from the schemas',
  async run(run) {
    // A read-only run generates nothing for the writing operations: most generated bodies are valid writes.
    const ops = OPERATION_IDS.filter((op) => mayWrite(run) || !FACTS[op].writes);
    if (!mayWrite(run)) run.recorder.skippedWrite('generated requests to the watchdog operations');
    const weight = (op: OperationId) => (FACTS[op].writes && !FACTS[op].parameters.some((p) => p.in === 'path') ? CREATE_SHARE : 1);
    const total = ops.reduce((sum, op) => sum + weight(op), 0);
    const left = run.left();
    await settle(ops.map((op) => fuzzOperation(run, op, Math.floor((left * weight(op)) / total))));
  },
};
