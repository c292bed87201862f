// The context cases of an operation are derived in: the run's tag for stored names, references
// to existing resources, the watchdog to aim at, and seeded made-up values.
import type { OperationId } from '../../generated';
import type { CaseContext } from '../cases/requests';
import { FACTS } from '../contract/facts';
import type { Exchange, RequestSpec } from '../engine/request';
import { NoResponse } from '../engine/transport';
import { fixtureWatchdog, mayWrite, referencesFor, resourceOf, runTag, seededUuid } from '../runner/fixtures';
import type { Run } from '../runner/run';
import { runsIn, type Rule } from '../rules/define';
import { settle } from '../engine/settle';

/** The context of an operation's cases; `role` names a watchdog of their own (default: the shared one). */
export async function caseContext(run: Run, op: OperationId, label = 'case', role?: string): Promise<CaseContext> {
  const [refs, target] = await settle([referencesFor(run), fixtureWatchdog(run, role)]);
  let made = 0;
  return {
    tag: runTag(run),
    // A list's `uuid` filter names its own items; a body field names the resource it is called after.
    references: (name) => refs.get(name === 'uuid' && FACTS[op].paginated ? resourceOf(op) : name),
    freshUuid: () => seededUuid(run, `${label}:${op}:${made++}`),
    target,
    madeUpParameter: (name) => seededUuid(run, `${op}:${name}`),
  };
}

/**
 * Whether a case may be sent. A read-only live run sends to a writing operation only what a
 * correct deployment must refuse; the rest is listed as skipped.
 */
export function allowed(run: Run, spec: RequestSpec): boolean {
  if (mayWrite(run) || !FACTS[spec.operationId].writes) return true;
  if ((spec.expect === 'refuse' && !spec.refusalOptional) || spec.probe === 'missing-credentials' || spec.probe === 'invalid-credentials' || spec.probe === 'near-miss' || spec.probe === 'limited-key' || spec.probe === 'unknown-resource') return true;
  run.recorder.skippedWrite(`${spec.operationId}: requests a correct deployment would carry out (valid values at the bounds, other credential forms, the lifecycle)`);
  return false;
}

/** Sends one case; one without an answer is already recorded (response_received) and ends only itself. */
export async function sendCase(run: Run, spec: RequestSpec): Promise<Exchange | undefined> {
  try {
    return await run.send(spec);
  } catch (error) {
    if (error instanceof NoResponse) return undefined;
    throw error;
  }
}

/** Sends every allowed case, concurrently (the transport caps requests in flight). */
export async function sendAll(run: Run, specs: RequestSpec[]): Promise<void> {
  await settle(specs.filter((spec) => allowed(run, spec)).map((spec) => sendCase(run, spec)));
}

/** Records every rule that cannot run in this mode as skipped, with the reason; true when any could not. */
export function skipWhereNotRun(run: Run, rules: ReadonlyArray<Rule<never>>): boolean {
  let skipped = false;
  for (const rule of rules) {
    const runs = runsIn(rule as Rule<unknown>, run.config.mode);
    if (runs === true) continue;
    run.skip(rule, rule.operations, `${run.config.mode} mode: ${runs}`);
    skipped = true;
  }
  return skipped;
}
