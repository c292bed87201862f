// lists: each list walked without filters, exactly as served, and judged by the list rules. The
// walk is shared: the filters and the cases take their values from it.
import { LISTS } from '../contract/facts';
import { reference } from '../runner/fixtures';
import { judgeWalk } from './walks';
import type { Phase } from './phase';
import { settle } from '../engine/settle';

export const lists: Phase = {
  area: 'lists',
  name: 'the unfiltered walk of every list',
  async run(run) {
    await settle(
      LISTS.map(async (op) => {
        const ref = await reference(run, op);
        judgeWalk(run, ref.walk, [], ref);
      }),
    );
  },
};
