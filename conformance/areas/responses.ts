// responses: every declared status of every operation (mock, through Prefer), the named examples
// (mock), and a valid request of each read operation (live). The response rules themselves run
// on every response of every area (engine/run.ts).
import { isDeepStrictEqual } from 'node:util';
import { declaredStatuses, type OperationId } from '../../generated';
import { publishedSuccess } from '../checks/response';
import { responseExamples } from '../engine/contract';
import type { Run } from '../engine/run';
import { ALL_OPERATIONS } from '../engine/rules';
import type { Area } from '../engine/scenario';
import { fail, pass } from '../engine/types';
import { fixtureWatchdog, validRequest } from '../engine/watchdogs';

const LIVE_ONLY_MOCK = 'a deployment is not steered by Prefer; live statuses come from the other scenarios';

async function everyDeclaredStatus(run: Run): Promise<void> {
  if (run.config.mode === 'live') return run.skip('declared_status_served', ALL_OPERATIONS, LIVE_ONLY_MOCK);
  const target = await fixtureWatchdog(run);
  await Promise.all(
    ALL_OPERATIONS.flatMap((op) =>
      declaredStatuses(op).map(async (status) => {
        const x = await run.send({
          ...validRequest(op, target, run),
          purpose: `Prefer: code=${status}`,
          headers: { Prefer: `code=${status}` },
          expectSuccess: status === publishedSuccess(op).status,
        });
        run.judge('declared_status_served', x, () =>
          x.status === status ? pass(`${status} served`) : fail(`Prefer: code=${status} answered ${x.status}`),
        );
      }),
    ),
  );
}

async function everyNamedExample(run: Run): Promise<void> {
  if (run.config.mode === 'live') return run.skip('example_served', ALL_OPERATIONS, LIVE_ONLY_MOCK);
  const target = await fixtureWatchdog(run);
  const cases = ALL_OPERATIONS.flatMap((op: OperationId) =>
    declaredStatuses(op).flatMap((status) => responseExamples(op, status).map((example) => ({ op, status, example }))),
  );
  await Promise.all(
    cases.map(async ({ op, status, example }) => {
      const x = await run.send({
        ...validRequest(op, target, run),
        purpose: `Prefer: code=${status}, example=${example.name}`,
        headers: { Prefer: `code=${status}, example=${example.name}` },
      });
      run.judge('example_served', x, () =>
        x.status === status && isDeepStrictEqual(x.json, example.value)
          ? pass(`${status} ${example.name}`)
          : fail(`Prefer example=${example.name} (${status}) answered ${x.status} with a body other than the contract's example`),
      );
    }),
  );
}

async function validReads(run: Run): Promise<void> {
  if (run.config.mode === 'mock') return;
  const target = await fixtureWatchdog(run);
  await Promise.all(
    (['municipalitiesList', 'companiesSearch'] as const).map((op) =>
      run.send({ ...validRequest(op, target, run), purpose: `a valid ${op} request`, expectSuccess: true }),
    ),
  );
}

export const responses: Area = {
  name: 'responses',
  scenarios: [
    { name: 'every declared status through Prefer: code', run: everyDeclaredStatus },
    { name: 'every named example through Prefer: example', run: everyNamedExample },
    { name: 'a valid request of each read operation', run: validReads },
  ],
};
