// The list rules on hand-made walks: a correct list passes every rule; each broken page fails
// exactly the rule it breaks.
import { countIsTotal, envelopeFields, nextPreviousLinks, pageSizeConsistent, pagesDisjoint } from '../checks/lists';
import { toPage, type Page, type Walk } from '../engine/walk';
import { exchange } from './support/exchange';

const BASE = 'http://127.0.0.1:1/api/v1/municipalities/';
const link = (page: number) => (page === 1 ? `${BASE}` : `${BASE}?page=${page}`);
const item = (n: number) => ({ uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` });

/** A correct list of `count` items, `size` per page, as pages 1..n. */
function pages(count: number, size: number): Array<Record<string, unknown>> {
  const last = Math.max(1, Math.ceil(count / size));
  return Array.from({ length: last }, (_, i) => ({
    count,
    next: i + 1 < last ? link(i + 2) : null,
    previous: i === 0 ? null : link(i),
    results: Array.from({ length: Math.min(size, count - i * size) }, (_, j) => item(i * size + j)),
  }));
}

const page = (body: Record<string, unknown>, number: number, via: Page['via'] = number === 1 ? 'first' : 'next') =>
  toPage(exchange('municipalitiesList', 200, body), number, via);

function walkOf(bodies: Array<Record<string, unknown>>, options: { complete?: boolean; jumpTo?: number; all?: Array<Record<string, unknown>> } = {}): Walk {
  const walked = bodies.map((body, i) => page(body, i + 1));
  if (options.jumpTo && options.all) walked.push(page(options.all[options.jumpTo - 1]!, options.jumpTo, 'jump'));
  const back = walked[1] ? page(bodies[0]!, 1, 'previous') : undefined;
  return { operationId: 'municipalitiesList', pages: walked, complete: options.complete ?? true, pageSize: walked[0]!.items.length, backFromSecond: back };
}

describe('a correct list passes every list rule', () => {
  const complete = walkOf(pages(25, 10));
  const all = pages(95, 10);
  const sampled = walkOf(all.slice(0, 3), { complete: false, jumpTo: 10, all });
  test.each([
    ['complete walk', complete],
    ['sampled walk with a jump to the last page', sampled],
    ['empty list', walkOf(pages(0, 10))],
  ])('%s', (_name, walk) => {
    for (const check of [countIsTotal, nextPreviousLinks, pagesDisjoint, pageSizeConsistent]) expect(check(walk)).toMatchObject({ outcome: 'pass' });
    for (const p of walk.pages) expect(envelopeFields(p).outcome).toBe('pass');
  });
});

describe('each broken list fails its rule', () => {
  test('a missing count fails envelope_fields', () => {
    const { count, ...body } = pages(5, 10)[0]!;
    expect(envelopeFields(page(body, 1))).toMatchObject({ outcome: 'fail', message: 'page 1: count is missing' });
  });

  test('without count, next_previous_links does not guess the last page', () => {
    const bodies = pages(25, 10).map(({ count, ...body }) => body);
    expect(nextPreviousLinks(walkOf(bodies)).outcome).toBe('skip');
  });

  test('a relative next link fails envelope_fields', () => {
    expect(envelopeFields(page({ ...pages(25, 10)[0]!, next: '?page=2' }, 1)).message).toMatch(/next is "\?page=2", not a URI/);
  });

  test('a count that is not the total fails count_is_total', () => {
    const bodies = pages(25, 10).map((body) => ({ ...body, count: 26 }));
    expect(countIsTotal(walkOf(bodies))).toMatchObject({ outcome: 'fail', message: 'the 3 page(s) up to next=null hold 25 items, count says 26' });
  });

  test('a count that changes between pages fails count_is_total and names the page', () => {
    const bodies = pages(25, 10);
    bodies[2] = { ...bodies[2], count: 24 };
    const verdict = countIsTotal(walkOf(bodies));
    expect(verdict).toMatchObject({ outcome: 'fail', message: 'count is 25 on page 1 but 24 on page 3' });
    expect(verdict.page?.number).toBe(3);
  });

  test('a sampled last page of the wrong length fails count_is_total', () => {
    const all = pages(95, 10);
    all[9] = { ...all[9], results: [item(90)] };
    expect(countIsTotal(walkOf(all.slice(0, 3), { complete: false, jumpTo: 10, all })).message).toBe(
      'page 10 (the last for count 95 at 10 per page) holds 1 items, expected 5',
    );
  });

  test('next on the last page fails next_previous_links', () => {
    const bodies = pages(25, 10);
    bodies[2] = { ...bodies[2], next: link(4) };
    expect(nextPreviousLinks(walkOf(bodies))).toMatchObject({ outcome: 'fail', message: expect.stringMatching(/^page 3 is the last \(count 25\) but next is/) });
  });

  test('a previous link on the first page fails next_previous_links', () => {
    const bodies = pages(25, 10);
    bodies[0] = { ...bodies[0], previous: link(2) };
    expect(nextPreviousLinks(walkOf(bodies)).message).toMatch(/^page 1: previous is .*expected null/);
  });

  test('a previous link that does not lead back fails next_previous_links', () => {
    const walk = walkOf(pages(25, 10));
    walk.backFromSecond = page(pages(25, 10)[2]!, 1, 'previous');
    expect(nextPreviousLinks(walk).message).toBe('previous of page 2 does not lead back to page 1 (different items)');
  });

  test('an item on two pages fails pages_disjoint', () => {
    const bodies = pages(25, 10);
    bodies[1] = { ...bodies[1], results: [item(9), ...(bodies[1]!.results as unknown[]).slice(1)] };
    expect(pagesDisjoint(walkOf(bodies)).message).toBe(`item ${item(9).uuid} appears on page 1 and on page 2`);
  });

  test('pages of different sizes only warn in page_size_consistent (page size is not published)', () => {
    const bodies = pages(25, 10);
    bodies[1] = { ...bodies[1], results: (bodies[1]!.results as unknown[]).slice(0, 9) };
    expect(pageSizeConsistent(walkOf(bodies)).outcome).toBe('warn');
  });
});
