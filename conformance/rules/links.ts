// Links the deployment serves must work for the client as served: a `next` or `previous` link
// that answers anything but a page is the deployment's own defect, not a walk that stopped; and
// a link leads to a page of the same query, its filter values as asked, neither encoded a second
// time nor cut at an `&`.
import { LISTS, queryParameters } from '../contract/facts';
import { credentialForms } from '../engine/credentials';
import type { OperationId } from '../../generated';
import type { RequestSpec } from '../engine/request';
import { fail, pass, warn } from '../engine/types';
import { PAGE, type Page, type Walk } from '../engine/walk';
import { defineRule, PRISM } from './define';

/** Why neither link rule judged a list: its walks served no link. */
const NO_LINK_SERVED = 'no second page was served: every walk of this list that answered a page ended on page 1 (next and previous null), so no served link was there to follow or compare';

export const servedLinkWorks = defineRule<Walk>({
  name: 'served_link_works',
  area: 'lists',
  summary: 'every next and previous link a list serves answers a page when followed exactly as served (a 4xx or 5xx fails: the deployment served the link)',
  operations: LISTS,
  mock: PRISM.noState,
  idle: NO_LINK_SERVED,
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

/** Parameters a link need not carry: the page, and a credential (a link must not carry a secret). */
const NOT_IN_LINKS = new Set([PAGE, ...credentialForms.filter((form) => form.in === 'query').map((form) => form.name)]);

/** The query a request carried, as the server read it (its own spelling decoded). */
const askedQuery = (spec: RequestSpec): Array<[string, string]> => (spec.querySpelling !== undefined ? [...new URLSearchParams(spec.querySpelling)] : (spec.query ?? []));

/**
 * The published parameters of a query (but the page and credentials), each with its values as a
 * set, keyed as a deployment that builds its links from the values it read may write them back:
 * trimmed, in either case, each once, an empty one left out.
 */
function filtersOf(op: OperationId, pairs: Array<[string, string]>): Map<string, Map<string, string>> {
  const published = new Set(queryParameters(op).map((p) => p.name));
  const filters = new Map<string, Map<string, string>>();
  for (const [name, value] of pairs) {
    const key = value.trim().toLowerCase();
    if (NOT_IN_LINKS.has(name) || !published.has(name) || key === '') continue;
    if (!filters.has(name)) filters.set(name, new Map());
    filters.get(name)!.set(key, value);
  }
  return filters;
}

const shownValues = (name: string, values: Map<string, string> | undefined) => [...(values?.values() ?? [])].map((v) => `${name}=${JSON.stringify(v)}`).join(' & ');
const decodedOnce = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** How a link's filters differ from those asked for, in words; undefined when they are the same. */
function difference(asked: Map<string, Map<string, string>>, carried: Map<string, Map<string, string>>): string | undefined {
  for (const name of new Set([...asked.keys(), ...carried.keys()])) {
    const [a, c] = [asked.get(name), carried.get(name)];
    const same = a !== undefined && c !== undefined && a.size === c.size && [...a.keys()].every((key) => c.has(key));
    if (same) continue;
    if (!c) return `drops ${shownValues(name, a)}`;
    if (!a) return `adds ${shownValues(name, c)}, which page 1 was not asked for`;
    const twice = [...c.values()].some((v) => [...a.values()].includes(decodedOnce(v)));
    return `carries ${shownValues(name, c)} where page 1 was asked for ${shownValues(name, a)}${twice ? ' (percent-encoded a second time)' : ''}`;
  }
  return undefined;
}

export const linksKeepQuery = defineRule<Walk>({
  name: 'links_keep_query',
  area: 'lists',
  summary: 'every next and previous link carries the query page 1 was asked for, value for value (the page aside): no value percent-encoded a second time, cut at an `&` or `+`, dropped or added (trimmed, in another case or given once, it may be written back as read)',
  operations: LISTS,
  mock: PRISM.noState,
  idle: NO_LINK_SERVED,
  check: (walk) => {
    const op = walk.base.operationId;
    const asked = filtersOf(op, askedQuery(walk.base));
    let links = 0;
    for (const page of [...walk.pages, ...walk.backs.map((b) => b.to), ...(walk.backFromLast ? [walk.backFromLast] : [])] as Page[]) {
      for (const which of ['next', 'previous'] as const) {
        const link = page[which];
        if (typeof link !== 'string' || !URL.canParse(link, page.x.url)) continue;
        links += 1;
        const problem = difference(asked, filtersOf(op, [...new URL(link, page.x.url).searchParams]));
        if (problem) return { ...fail(`page ${page.number} (${page.via}): the ${which} link ${link} ${problem}`, { received: link, expected: [...asked].map(([name, values]) => shownValues(name, values)).join(' & ') || 'no filter' }), at: page.x };
      }
    }
    return links ? pass(`${links} link(s) carry the query as asked`) : undefined;
  },
});

/** The rules of this file, in report order; each judges one walk. */
export const LINK_RULES = [servedLinkWorks, linksKeepQuery];
