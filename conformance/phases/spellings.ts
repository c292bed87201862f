// A read in other legal spellings of its headers or body (cases/axes/: Accept, media types, a
// byte-order mark), each judged by every exchange rule and, when it succeeds, against the same
// read as published: what a spelling changes is how the request is written, never the answer.
import type { RequestSpec } from '../engine/request';
import { spellingAnsweredAlike } from '../rules/inputs';
import type { Run } from '../runner/run';
import { sendAll, sendCase } from './context';
import { settle } from '../engine/settle';

export async function sendSpelled(run: Run, base: RequestSpec, spellings: RequestSpec[]): Promise<void> {
  if (spellings.length === 0) return;
  const published = await sendCase(run, { ...base, purpose: `${base.purpose} (as published, to compare the spellings with)` });
  if (!published) return sendAll(run, spellings);
  await settle(
    spellings.map(async (spec) => {
      const x = await sendCase(run, spec);
      if (x) run.judge(spellingAnsweredAlike, { base: published, x }, spec.operationId, { exchange: x, replay: { kind: 'spelled', base, spec } });
    }),
  );
}
