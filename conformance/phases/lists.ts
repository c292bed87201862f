// lists: each list walked without filters, exactly as served, and judged by the list rules. The
// walk is shared: the filters and the cases take their values from it. Then each list walked
// again with an exclusion that excludes nothing but holds what a URL writes encoded (`ü`, a
// space, `+`, `&`, `=`, `%`, `/`): the whole list again, so its links can be followed and each must
// carry the value as asked (links_keep_query: encoded a second time, or cut at the `&`, fails).
import type { OperationId } from '../../generated';
import { LISTS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { settle } from '../engine/settle';
import { isSuccess } from '../engine/request';
import { NoResponse } from '../engine/transport';
import { FILTERS } from '../rules/filters';
import { filteredRequest, onBase, reference } from '../runner/fixtures';
import type { Run } from '../runner/run';
import { walkList } from '../runner/walk';
import { judgeWalk } from './walks';
import type { Phase } from './phase';

/** A value no item has, holding every character a query writes encoded or a parser splits at. */
export const ENCODED_VALUE = 'ü a+b&c=d%e/f';
/** Pages followed through next: enough for a link forward and one back, and the jump to the last page. */
const PAGES = 2;

async function linksWalk(run: Run, op: OperationId): Promise<void> {
  const exclusion = FILTERS.find((f) => f.op === op && f.ref.where === 'query' && !f.choice && f.semantics?.kind === 'excludes');
  if (!exclusion || run.config.mode !== 'live') return;
  const ref = await reference(run, op);
  if (!isSuccess(ref.walk.pages[0]?.x.status ?? 0)) return;
  const filter: FilterRef = { ...exclusion.ref, values: [ENCODED_VALUE] };
  const spec = filteredRequest(op, onBase(ref, [filter]).filters);
  const walk = await walkList(run, { ...spec, purpose: `${spec.purpose} (excludes nothing; its links must carry the value as asked)` }, PAGES).catch((error: unknown) => {
    if (error instanceof NoResponse) return undefined; // recorded as response_received
    throw error;
  });
  if (walk) judgeWalk(run, walk, [filter], ref);
}

export const lists: Phase = {
  area: 'lists',
  name: 'the unfiltered walk of every list, and one whose links must carry an encoded value',
  async run(run) {
    await settle(
      LISTS.map(async (op) => {
        const ref = await reference(run, op);
        judgeWalk(run, ref.walk, [], ref);
        await linksWalk(run, op);
      }),
    );
  },
};
