// The context cases of an operation are derived in: the run's tag for stored names, identifiers of
// the resources its inputs refer to (x-references), the identifier each path parameter is aimed
// at (x-resource), its required query parameters, and seeded made-up values.
import type { OperationId } from '../../generated';
import { referenceOf } from '../../protocol/meaning';
import { requiredQuery } from '../cases/required';
import type { CaseContext } from '../cases/requests';
import { FACTS, pathParameters } from '../contract/facts';
import type { Exchange, RequestSpec } from '../engine/request';
import { NoResponse } from '../engine/transport';
import { knownIds, mayWrite, reference, runTag, seededUuid, targetFor } from '../runner/fixtures';
import type { Run } from '../runner/run';
import { runsIn, type Rule } from '../rules/define';
import { settle } from '../engine/settle';

/** The valid values of an operation's required query parameters: those its list's reference was read with. */
async function requiredValues(run: Run, op: OperationId): Promise<Array<[string, string]>> {
  const required = FACTS[op].parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name);
  if (required.length === 0) return [];
  const base = FACTS[op].paginated ? (await reference(run, op)).base : requiredQuery(op);
  return [...base, ...requiredQuery(op).filter((r) => !base.some((b) => b.where === r.where && b.name === r.name))]
    .filter((f) => f.where === 'query' && required.includes(f.name))
    .flatMap((f) => f.values.map((v) => [f.name, v] as [string, string]));
}

/** The context of an operation's cases; `role` names a resource of their own for writes (default: the shared one). */
export async function caseContext(run: Run, op: OperationId, label = 'case', role?: string): Promise<CaseContext> {
  const [ids, targets, required] = await settle([
    knownIds(run),
    settle(pathParameters(op).map(async (p) => [p.name, await targetFor(run, op, p.name, role)] as const)),
    requiredValues(run, op),
  ]);
  let made = 0;
  return {
    tag: runTag(run),
    // The resource an input refers to (x-references): its known identifiers.
    references: (name) => {
      const resource = referenceOf(op, 'query', name) ?? referenceOf(op, 'body', name);
      return resource && ids.get(resource.name);
    },
    freshUuid: () => seededUuid(run, `${label}:${op}:${made++}`),
    targets: Object.fromEntries(targets),
    required,
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
