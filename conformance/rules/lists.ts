// List rules over a walk (runner/walk.ts): the envelope, count against the items the pages hold,
// links that lead to the adjacent page of the same query, no item twice. Each verdict names the
// page that shows the problem.
import { LISTS } from '../contract/facts';
import { isObject } from '../engine/request';
import { fail, pass, skip, warn, type Verdict } from '../engine/types';
import type { Page, Walk } from '../engine/walk';
import { defineRule, PRISM } from './define';

const isUri = (value: string) => {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
};

const uuids = (page: Page) => page.items.map((item) => String(item.uuid));
const walked = (walk: Walk) => walk.pages.filter((page) => page.via !== 'jump');
const allPages = (walk: Walk) => [...walk.pages, ...walk.backs.map((b) => b.to), ...(walk.backFromLast ? [walk.backFromLast] : [])];

/** A verdict about a walk, at the page whose request shows the problem. */
const at = (verdict: Verdict, page: Page | undefined): Verdict => ({ ...verdict, at: page?.x });

export const envelopeFields = defineRule<Walk>({
  name: 'envelope_fields',
  area: 'lists',
  summary: 'every page has count (a non-negative integer), next and previous (a URI or null) and results (an array)',
  operations: LISTS,
  mock: true,
  check: (walk) => {
    for (const page of allPages(walk)) {
      const body = page.x.json;
      const where = `page ${page.number} (${page.via})`;
      if (!isObject(body)) return at(fail(`${where}: the body is not a JSON object`), page);
      const problems: string[] = [];
      for (const field of ['count', 'next', 'previous', 'results']) if (!(field in body)) problems.push(`${field} is missing`);
      if ('count' in body && !(Number.isInteger(body.count) && (body.count as number) >= 0)) problems.push(`count is ${JSON.stringify(body.count)}, not a non-negative integer`);
      for (const link of ['next', 'previous'] as const) {
        const value = body[link];
        if (link in body && value !== null && !(typeof value === 'string' && isUri(value))) problems.push(`${link} is ${JSON.stringify(value)}, not a URI or null`);
      }
      if ('results' in body && !Array.isArray(body.results)) problems.push('results is not an array');
      if (problems.length) return at(fail(`${where}: ${problems.join('; ')}`, { received: problems }), page);
    }
    return pass(`${allPages(walk).length} page(s): count, next, previous, results`);
  },
});

export const countIsTotal = defineRule<Walk>({
  name: 'count_is_total',
  area: 'lists',
  summary: 'count is the same on every page and the pages hold count items together',
  operations: LISTS,
  mock: PRISM.noState,
  check: (walk) => {
    const [first] = walk.pages;
    if (!first || first.count === undefined) return fail('page 1 has no count');
    const count = first.count;
    const drift = allPages(walk).find((page) => page.count !== count);
    if (drift) return at(fail(`count is ${count} on page 1 but ${drift.count} on page ${drift.number} (${drift.via})`, { received: drift.count, expected: count }), drift);
    const held = walk.pages.reduce((sum, page) => sum + page.items.length, 0);
    if (walk.complete) {
      return held === count
        ? pass(`${walk.pages.length} page(s) hold ${held} items = count`)
        : at(fail(`the ${walk.pages.length} page(s) up to next=null hold ${held} items, count says ${count}`, { received: held, expected: count }), walk.pages[walk.pages.length - 1]);
    }
    const last = walk.pages.find((page) => page.via === 'jump');
    if (!last) return warn(`walk stopped after ${walk.pages.length} pages without reaching the last page; count ${count} not confirmed`);
    const sizes = new Set(walked(walk).map((page) => page.items.length));
    if (sizes.size > 1) return warn(`pages have different sizes (${[...sizes].join(', ')}); count ${count} cannot be confirmed from a sample`);
    const expected = count - (last.number - 1) * walk.pageSize;
    return last.items.length === expected
      ? pass(`sampled: ${last.number - 1} pages of ${walk.pageSize} + ${expected} on page ${last.number} = ${count}`)
      : at(fail(`page ${last.number} (the last for count ${count} at ${walk.pageSize} per page) holds ${last.items.length} items, expected ${expected}`, { received: last.items.length, expected }), last);
  },
});

export const nextPreviousLinks = defineRule<Walk>({
  name: 'next_previous_links',
  area: 'lists',
  summary: 'previous is null exactly on the first page and next exactly on the last; each leads to the adjacent page of the same query',
  operations: LISTS,
  mock: PRISM.noState,
  check: (walk) => {
    if (walk.pages[0]?.count === undefined) return skip('page 1 has no count: which page is the last cannot be told (see envelope_fields)');
    const count = walk.pages[0].count;
    const problems: string[] = [];
    let culprit: Page | undefined;
    const problem = (page: Page | undefined, text: string) => {
      culprit ??= page;
      problems.push(text);
    };
    let seen = 0;
    for (const page of walk.pages) {
      seen = page.via === 'jump' ? count : seen + page.items.length;
      const isFirst = page.number === 1;
      const isLast = page.via === 'jump' || seen >= count;
      if (isFirst && page.previous !== null) problem(page, `page 1: previous is ${JSON.stringify(page.previous)}, expected null`);
      if (!isFirst && typeof page.previous !== 'string') problem(page, `page ${page.number}: previous is ${JSON.stringify(page.previous)}, expected a link to page ${page.number - 1}`);
      if (isLast && page.next !== null) problem(page, `page ${page.number} is the last (count ${count}) but next is ${JSON.stringify(page.next)}`);
      if (!isLast && typeof page.next !== 'string') problem(page, `page ${page.number}: next is ${JSON.stringify(page.next)} with ${count - seen} items still to come`);
    }
    for (const { from, to } of walk.backs) {
      const before = walk.pages.find((page) => page.number === from.number - 1 && page.via !== 'jump');
      if (before && uuids(to).join(',') !== uuids(before).join(',')) problem(to, `previous of page ${from.number} does not lead back to page ${before.number} (other items)`);
    }
    const last = walk.pages.find((page) => page.via === 'jump');
    if (walk.backFromLast && last) {
      const before = walk.backFromLast;
      if (before.items.length !== walk.pageSize) problem(before, `previous of page ${last.number} leads to a page of ${before.items.length} items, expected ${walk.pageSize}`);
      else if (typeof before.next !== 'string') problem(before, `previous of page ${last.number} leads to a page whose next is null`);
    }
    if (problems.length) return at(fail(problems.join('; '), { received: problems }), culprit);
    if (walk.foreignLinks.length && walk.publicBaseUrl) {
      return fail(`a link is not under the public base URL ${walk.publicBaseUrl} (publicBaseUrl in the config): ${walk.foreignLinks[0]}`, { received: walk.foreignLinks[0], expected: `${walk.publicBaseUrl}/…` });
    }
    if (walk.foreignLinks.length) return warn(`links point to another origin (${new URL(walk.foreignLinks[0]!).origin}) than the base URL; followed on the base URL (whether links carry the public host is not published; give publicBaseUrl in the config to hold them to it)`);
    return pass(`links consistent on ${walk.pages.length} page(s), ${walk.backs.length} step(s) back`);
  },
});

export const pagesDisjoint = defineRule<Walk>({
  name: 'pages_disjoint',
  area: 'lists',
  summary: 'no item appears on two pages, or twice on one',
  operations: LISTS,
  mock: PRISM.noState,
  check: (walk) => {
    const where = new Map<string, number>();
    for (const page of walk.pages) {
      for (const uuid of uuids(page)) {
        const earlier = where.get(uuid);
        if (earlier !== undefined) return at(fail(`item ${uuid} appears on page ${earlier}${earlier === page.number ? ' twice' : ` and on page ${page.number}`}`), page);
        where.set(uuid, page.number);
      }
    }
    return pass(`${where.size} distinct items on ${walk.pages.length} page(s)`);
  },
});

export const pageSizeConsistent = defineRule<Walk>({
  name: 'page_size_consistent',
  area: 'lists',
  summary: 'every page but the last has the same size (page size is not published)',
  operations: LISTS,
  mock: PRISM.noState,
  warnOnly: true,
  check: (walk) => {
    const full = walk.pages.filter((page) => page.next !== null && page.via !== 'jump');
    const sizes = [...new Set(full.map((page) => page.items.length))];
    return sizes.length <= 1 ? pass(`page size ${walk.pageSize}`) : warn(`pages before the last have different sizes: ${sizes.join(', ')}`);
  },
});

/** The rules every walk is judged by; envelope_fields also runs against the mock. */
export const WALK_RULES = [envelopeFields, countIsTotal, nextPreviousLinks, pagesDisjoint, pageSizeConsistent];
