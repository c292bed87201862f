// Links the deployment serves must work for the client as served: a `next` or `previous` link
// that answers anything but a page is the deployment's own defect, not a walk that stopped.
import { LISTS } from '../contract/facts';
import { fail, pass, warn } from '../engine/types';
import type { Walk } from '../engine/walk';
import { defineRule, PRISM } from './define';

export const servedLinkWorks = defineRule<Walk>({
  name: 'served_link_works',
  area: 'lists',
  summary: 'every next and previous link a list serves answers a page when followed exactly as served (a 4xx or 5xx fails: the deployment served the link)',
  operations: LISTS,
  mock: PRISM.noState,
  idle: 'no second page was served: every walk of this list that answered a page ended on page 1 (next and previous null), so no served link was there to follow',
  check: (walk) => {
    const followed = walk.pages.length - 1 + walk.backs.length + (walk.backFromLast ? 1 : 0) + walk.broken.length;
    const [broken] = walk.broken;
    if (!broken) return followed > 0 ? pass(`${followed} served links followed, each answered a page`) : undefined;
    const { x } = broken;
    const message = `${x.spec.purpose}: the served link ${x.url} answered ${x.status}`;
    if (x.status === 429) return warn(`${message} (rate limited; not checked)`);
    return { ...fail(message, { received: x.status, expected: 'a page (2xx)' }), at: x };
  },
});

/** The rules of this file, in report order; each judges one walk. */
export const LINK_RULES = [servedLinkWorks];
