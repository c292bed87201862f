// `npx conformance replay <failures.json>`: re-sends each failure's requests exactly (a walk from
// its first page, a lifecycle sequence from fresh watchdogs) and judges them again by the same
// rules. The same runners as a run, so a replay means what the run meant.
import type { FailuresFile } from './report/failures';
import type { ReplayCase } from './engine/replay-case';
import type { RunConfig } from './engine/types';
import { sendCase } from './phases/context';
import { equivalenceNamed } from './cases/equivalence/index';
import { sendPairs } from './phases/equivalence';
import { walkAndJudge } from './phases/walks';
import { runSteps } from './phases/lifecycle/execute';
import { sequenceContext } from './phases/lifecycle/sequence';
import { reference, trackCreates } from './runner/fixtures';
import { settleKeyScheme } from './runner/key-form';
import { judgeResponseTimes } from './runner/response-times';
import { createRun, type Run } from './runner/run';
import { completion, endPhase, phaseLabel, type SuiteOptions, type SuiteResult } from './suite';

async function replayCase(run: Run, replay: ReplayCase): Promise<void> {
  switch (replay.kind) {
    case 'exchange':
      await sendCase(run, replay.spec);
      return;
    case 'walk':
      await walkAndJudge(run, replay.filters, replay.spec, await reference(run, replay.spec.operationId));
      return;
    case 'equivalent': {
      // parseFailures checked that the row exists.
      await sendPairs(run, replay.base, [{ row: equivalenceNamed(replay.row)!, spec: replay.spec }]);
      return;
    }
    case 'sequence': {
      const held = run.hold();
      await runSteps(held, await sequenceContext(run), replay.steps, { goOn: replay.goOn });
      held.commit();
      return;
    }
  }
}

export async function replayFailures(config: RunConfig, file: FailuresFile, options: SuiteOptions = {}): Promise<SuiteResult> {
  const started = performance.now();
  const run = createRun({ ...config }, options);
  trackCreates(run);
  const seen = new Set<string>();
  const ends: Parameters<typeof completion>[0] = [];
  let leftBehind = 0;
  try {
    await settleKeyScheme(run);
    for (const failure of file.failures) {
      const key = JSON.stringify(failure.replay);
      if (seen.has(key)) continue;
      seen.add(key);
      const phase = { area: 'responses' as const, name: `the replay of ${failure.rule} on ${failure.operationId}`, run: (r: Run) => replayCase(r, failure.replay) };
      ends.push([phaseLabel(phase), await endPhase(run, phase)]);
    }
  } finally {
    options.onCleanup?.(run.pendingCleanups());
    leftBehind = await run.cleanup();
  }
  judgeResponseTimes(run);
  const incomplete = completion(ends, options.stop);
  return { results: run.recorder.results(), durationMs: performance.now() - started, ...(leftBehind && { leftBehind }), ...(incomplete && { incomplete }) };
}
