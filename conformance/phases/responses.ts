// responses (mock): every declared status of every operation through `Prefer: code=`, and every
// named example through `Prefer: example=`, so coverage of the declared statuses is complete. In
// live mode the response rules judge every exchange of the other areas; nothing is sent here.
import { baseRequest, withProof } from '../cases/requests';
import { responseExamples } from '../contract/document';
import { FACTS, OPERATION_IDS } from '../contract/facts';
import type { RequestSpec } from '../engine/request';
import { declaredStatusServed, exampleServed } from '../rules/responses';
import type { Run } from '../runner/run';
import { caseContext, sendAll, skipWhereNotRun } from './context';
import type { Phase } from './phase';
import type { Rule } from '../rules/define';
import { settle } from '../engine/settle';

async function preferCases(run: Run): Promise<RequestSpec[]> {
  const perOperation = await settle(
    OPERATION_IDS.map(async (op) => {
      const valid = withProof(baseRequest(op, await caseContext(run, op, 'prefer')), 'accept');
      return FACTS[op].declared.flatMap((status) => {
        const success = status === FACTS[op].success.status;
        const steer = (prefer: string): RequestSpec => ({ ...valid, headers: { Prefer: prefer }, purpose: `${op} with Prefer: ${prefer}`, expect: success ? valid.expect : undefined });
        return [steer(`code=${status}`), ...responseExamples(op, status).map((example) => steer(`code=${status}, example=${example.name}`))];
      });
    }),
  );
  return perOperation.flat();
}

export const responses: Phase = {
  area: 'responses',
  name: 'every declared status and named example (mock)',
  modes: ['mock'],
  async run(run) {
    if (skipWhereNotRun(run, [declaredStatusServed, exampleServed] as Array<Rule<never>>)) return;
    await sendAll(run, await preferCases(run));
  },
};
