// List rules over a bounded walk (engine/walk.ts). Each returns one verdict with the page that broke it.
import { isObject } from '../engine/request';
import { fail, pass, skip, warn, type Verdict } from '../engine/types';
import type { Page, Walk } from '../engine/walk';

const isUri = (value: string) => {
  try {
    return Boolean(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** count integer, next/previous an absolute URI or null, results an array. */
export function envelopeFields(page: Page): Verdict {
  const body = page.x.json;
  const where = `page ${page.number}`;
  if (!isObject(body)) return fail(`${where}: the body is not a JSON object`);
  const problems: string[] = [];
  for (const field of ['count', 'next', 'previous', 'results']) if (!(field in body)) problems.push(`${field} is missing`);
  if ('count' in body && !(Number.isInteger(body.count) && (body.count as number) >= 0)) problems.push(`count is ${JSON.stringify(body.count)}, not a non-negative integer`);
  for (const link of ['next', 'previous'] as const) {
    const value = body[link];
    if (link in body && value !== null && !(typeof value === 'string' && isUri(value))) problems.push(`${link} is ${JSON.stringify(value)}, not a URI or null`);
  }
  if ('results' in body && !Array.isArray(body.results)) problems.push('results is not an array');
  return problems.length ? fail(`${where}: ${problems.join('; ')}`) : pass(`${where}: count, next, previous, results`);
}

/** A verdict about a walk, with the page that shows the problem (its request becomes the curl). */
export type WalkVerdict = Verdict & { page?: Page };
const at = (verdict: Verdict, page: Page | undefined): WalkVerdict => ({ ...verdict, page });

const walked = (walk: Walk) => walk.pages.filter((page) => page.via !== 'jump');

export function countIsTotal(walk: Walk): WalkVerdict {
  const [first] = walk.pages;
  if (!first || first.count === undefined) return fail('page 1 has no count');
  const count = first.count;
  const drift = walk.pages.find((page) => page.count !== count);
  if (drift) return at(fail(`count is ${count} on page 1 but ${drift.count} on page ${drift.number}`), drift);
  const held = walk.pages.reduce((sum, page) => sum + page.items.length, 0);
  if (walk.complete) {
    return held === count
      ? pass(`${walk.pages.length} page(s) hold ${held} items = count`)
      : at(fail(`the ${walk.pages.length} page(s) up to next=null hold ${held} items, count says ${count}`), walk.pages[walk.pages.length - 1]);
  }
  const last = walk.pages.find((page) => page.via === 'jump');
  if (!last) return warn(`walk stopped after ${walk.pages.length} pages without reaching the last page; count ${count} not confirmed`);
  const sizes = new Set(walked(walk).map((page) => page.items.length));
  if (sizes.size > 1) return warn(`pages have different sizes (${[...sizes].join(', ')}); count ${count} cannot be confirmed from a sample`);
  const expected = count - (last.number - 1) * walk.pageSize;
  return last.items.length === expected
    ? pass(`sampled: ${last.number - 1} pages of ${walk.pageSize} + ${expected} on page ${last.number} = ${count}`)
    : at(fail(`page ${last.number} (the last for count ${count} at ${walk.pageSize} per page) holds ${last.items.length} items, expected ${expected}`), last);
}

const uuids = (page: Page) => page.items.map((item) => String(item.uuid));

export function nextPreviousLinks(walk: Walk): WalkVerdict {
  const problems: string[] = [];
  let culprit: Page | undefined;
  const problem = (page: Page | undefined, text: string) => {
    culprit ??= page;
    problems.push(text);
  };
  if (walk.pages[0]?.count === undefined) return skip('page 1 has no count: which page is the last cannot be told (see envelope_fields)');
  const count = walk.pages[0].count;
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
  const [first, second] = walk.pages;
  if (walk.backFromSecond && first && second) {
    const back = uuids(walk.backFromSecond).join(',');
    if (back !== uuids(first).join(',')) problem(walk.backFromSecond, 'previous of page 2 does not lead back to page 1 (different items)');
  }
  const last = walk.pages.find((page) => page.via === 'jump');
  if (walk.backFromLast && last) {
    const before = walk.backFromLast;
    if (before.items.length !== walk.pageSize) problem(before, `previous of page ${last.number} leads to a page of ${before.items.length} items, expected ${walk.pageSize}`);
    else if (typeof before.next !== 'string') problem(before, `previous of page ${last.number} leads to a page whose next is null`);
  }
  return problems.length ? at(fail(problems.join('; ')), culprit) : pass(`links consistent on ${walk.pages.length} page(s)`);
}

export function pagesDisjoint(walk: Walk): WalkVerdict {
  const where = new Map<string, number>();
  for (const page of walk.pages) {
    for (const uuid of uuids(page)) {
      const earlier = where.get(uuid);
      if (earlier !== undefined) {
        return at(fail(`item ${uuid} appears on page ${earlier}${earlier === page.number ? ' twice' : ` and on page ${page.number}`}`), page);
      }
      where.set(uuid, page.number);
    }
  }
  return pass(`${where.size} distinct items on ${walk.pages.length} page(s)`);
}

export function pageSizeConsistent(walk: Walk): Verdict {
  const full = walk.pages.filter((page) => page.next !== null && page.via !== 'jump');
  const sizes = [...new Set(full.map((page) => page.items.length))];
  return sizes.length <= 1 ? pass(`page size ${walk.pageSize}`) : warn(`pages before the last have different sizes: ${sizes.join(', ')}`);
}
