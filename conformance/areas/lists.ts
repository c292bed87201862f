// lists: the envelope of both lists, and in live mode count, links and disjointness over a
// bounded walk.
import { countIsTotal, envelopeFields, nextPreviousLinks, pageSizeConsistent, pagesDisjoint, type WalkVerdict } from '../checks/lists';
import type { Run } from '../engine/run';
import { LISTS, ruleSpec } from '../engine/rules';
import type { Area } from '../engine/scenario';
import { listRequest, sharedWalk, toPage, type Walk } from '../engine/walk';
import type { OperationId } from '../../generated';

const WALK_RULES: Array<[string, (walk: Walk) => WalkVerdict]> = [
  ['count_is_total', countIsTotal],
  ['next_previous_links', nextPreviousLinks],
  ['pages_disjoint', pagesDisjoint],
  ['page_size_consistent', pageSizeConsistent],
];

async function checkList(run: Run, op: OperationId): Promise<void> {
  if (run.config.mode === 'mock') {
    // Prism's pages are examples: the envelope is checkable, the links and count are not.
    const x = await run.send({ ...listRequest(op), purpose: `${op} page 1`, expectSuccess: true });
    run.judge('envelope_fields', x, envelopeFields(toPage(x, 1, 'first')));
    for (const [rule] of WALK_RULES) run.skip(rule, [op], `mock mode: ${ruleSpec(rule).mock.note}`);
    return;
  }
  const walk = await sharedWalk(run, op);
  for (const page of [...walk.pages, walk.backFromSecond, walk.backFromLast]) {
    if (page) run.judge('envelope_fields', page.x, envelopeFields(page));
  }
  const first = walk.pages[0]!;
  if (first.x.status < 200 || first.x.status >= 300) {
    for (const [rule] of WALK_RULES) run.skip(rule, [op], `page 1 answered ${first.x.status}: nothing to walk`);
    return;
  }
  for (const [rule, check] of WALK_RULES) {
    const { page, ...verdict } = check(walk);
    run.judge(rule, (page ?? walk.pages[walk.pages.length - 1]!).x, verdict);
  }
}

export const lists: Area = {
  name: 'lists',
  scenarios: LISTS.map((op) => ({ name: `walk ${op}`, run: (run: Run) => checkList(run, op) })),
};
