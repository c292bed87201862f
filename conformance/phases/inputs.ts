// inputs: every input of every operation at its bounds, every enum value and one outside, wrong
// types, missing required fields, bodies that are not objects or not JSON; the other axes of the
// request that are no equivalence (cases/axes/; the equivalences are phases/equivalence.ts);
// every method a server may receive on a published path; resources that do not exist (an
// identifier of the resource a path parameter names, made up). All derived from generated/ and
// from HTTP.
import { axisCases } from '../cases/axes/index';
import { baseRequest, coverageCases } from '../cases/requests';
import { FACTS, ON_ONE_RESOURCE, OPERATION_IDS } from '../contract/facts';
import type { Exchange, RequestSpec } from '../engine/request';
import { runsIn } from '../rules/define';
import { pathResource } from '../../protocol/meaning';
import { unknownResourceRefused } from '../rules/inputs';
import { mayWrite, seededUuid } from '../runner/fixtures';
import type { Run } from '../runner/run';
import { allowed, caseContext, sendAll, sendCase } from './context';
import type { Phase } from './phase';
import { settle } from '../engine/settle';

/**
 * Every method a server may receive on a path, as fetch can send it (TRACE and CONNECT it
 * cannot). HEAD and OPTIONS are HTTP's own: they may succeed (rules/inputs.ts).
 */
const METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** Methods whose requests carry no body. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Each method a published path does not declare, on a made-up watchdog where the path names one. */
function undeclaredMethods(run: Run): RequestSpec[] {
  const byPath = new Map<string, typeof OPERATION_IDS[number][]>();
  for (const op of OPERATION_IDS) byPath.set(FACTS[op].path, [...(byPath.get(FACTS[op].path) ?? []), op]);
  return [...byPath.entries()].flatMap(([path, ops]) => {
    const declared = new Set(ops.map((op) => FACTS[op].method));
    const op = ops[0]!;
    const params = Object.fromEntries(FACTS[op].parameters.filter((p) => p.in === 'path').map((p) => [p.name, seededUuid(run, `method:${path}:${p.name}`)]));
    const onCollection = Object.keys(params).length === 0;
    return METHODS.filter((method) => !declared.has(method))
      // A read-only run sends nothing that could change a collection (a PUT or DELETE on a list).
      .filter((method) => BODILESS.has(method) || !onCollection || mayWrite(run))
      .map((method): RequestSpec => ({
        operationId: op,
        method,
        purpose: `${method} ${path} (not declared)`,
        params,
        probe: 'undeclared-method',
        resource: 'unknown',
        ...(!BODILESS.has(method) && { body: { kind: 'json', value: {} } }),
      }));
  });
}

/** Each operation on one resource, its identifier made up (the other path parameters as in its base). */
async function unknownResources(run: Run): Promise<RequestSpec[]> {
  if (runsIn(unknownResourceRefused, run.config.mode) !== true) return [];
  return settle(
    ON_ONE_RESOURCE.map(async (op) => {
      const ctx = await caseContext(run, op, 'unknown');
      // The identifiers a real resource stood for (listed, created, given) are replaced; made-up ones stay.
      const replaced = Object.entries(ctx.targets).filter(([, target]) => !target.madeUp).map(([name]) => name);
      const targets = Object.fromEntries(Object.entries(ctx.targets).map(([name, target]) => [name, replaced.includes(name) ? { id: seededUuid(run, `unknown:${op}`), real: false, madeUp: false } : target]));
      const base = baseRequest(op, { ...ctx, targets });
      const names = replaced.map((name) => pathResource(op, name)?.name ?? name).join(' and ') || 'resource';
      return { ...base, purpose: `${op} on a ${names} that does not exist`, probe: 'unknown-resource' as const };
    }),
  );
}

export const inputs: Phase = {
  area: 'inputs',
  name: 'bounds, enums, types and formats of every input',
  async run(run) {
    await settle([
      // The valid base of each operation first: its answer settles which left-out fields are required.
      ...OPERATION_IDS.map(async (op) => {
        // A transition gets a watchdog of its own, so no other case moves it between states.
        const transition = FACTS[op].transition;
        const ctx = await caseContext(run, op, 'case', transition ? op : undefined);
        const [base, ...cases] = coverageCases(op, ctx);
        let proven = false;
        if (transition && allowed(run, base!)) {
          // Accepted twice, the base shows that the state the transition leads to accepts it too: then
          // every state the watchdog can be in here has accepted this operation, and a refusal is the body's.
          const accepted = (x?: Exchange) => x?.status === FACTS[op].success.status;
          const first = await sendCase(run, base!);
          proven = accepted(first) && accepted(await sendCase(run, { ...base!, purpose: `${base!.purpose}, again (from the state it led to)` }));
        } else await sendAll(run, [base!]);
        const all = [...cases, ...axisCases(op, ctx, run.config.mode)];
        await sendAll(run, proven ? all.map((spec) => ({ ...spec, stateProven: true as const })) : all);
      }),
      // Awaited inside its own task: an await in this array would leave the tasks above unwatched meanwhile.
      (async () => sendAll(run, [...undeclaredMethods(run), ...(await unknownResources(run))]))(),
    ]);
  },
};
