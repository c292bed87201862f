// The list rules on hand-made walks: a correct list passes every rule; each broken page fails
// exactly the rule it breaks, at the page that shows it.
import { servedLinkWorks } from '../rules/links';
import { countIsTotal, envelopeFields, nextPreviousLinks, pageSizeConsistent, pagesDisjoint } from '../rules/lists';
import { toPage, type Page, type Walk } from '../engine/walk';
import { exchange } from './support/exchange';

const BASE = 'http://127.0.0.1:1/api/v1/municipalities/';
const link = (page: number) => `${BASE}?page=${page}`;
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
  const backs = walked.slice(1, 3).filter((p) => p.via === 'next').map((from) => ({ from, to: page(bodies[from.number - 2]!, from.number - 1, 'previous') }));
  return {
    base: { operationId: 'municipalitiesList', purpose: 'list' },
    pages: walked,
    backs,
    complete: options.complete ?? true,
    pageSize: walked[0]!.items.length,
    foreignLinks: [],
    broken: [],
  };
}

describe('a correct list passes every list rule', () => {
  const all = pages(95, 10);
  test.each([
    ['complete walk', walkOf(pages(25, 10))],
    ['sampled walk with a jump to the last page', walkOf(all.slice(0, 3), { complete: false, jumpTo: 10, all })],
    ['empty list', walkOf(pages(0, 10))],
  ])('%s', (_name, walk) => {
    for (const rule of [envelopeFields, countIsTotal, nextPreviousLinks, pagesDisjoint, pageSizeConsistent]) expect(rule.check(walk)).toMatchObject({ outcome: 'pass' });
  });

  test('every served link followed answered a page: served_link_works passes; a single page follows none', () => {
    expect(servedLinkWorks.check(walkOf(pages(25, 10)))).toMatchObject({ outcome: 'pass', message: '4 served links followed, each answered a page' });
    expect(servedLinkWorks.check(walkOf(pages(5, 10)))).toBeUndefined();
  });
});

describe('a served link that answers no page fails served_link_works, naming it', () => {
  const broken = (status: number) => {
    const walk = walkOf(pages(15, 10));
    const x = { ...exchange('municipalitiesList', status, { error: 'Invalid page.', code: 'not_found' }), url: link(3), spec: { operationId: 'municipalitiesList' as const, purpose: 'list: page 3 through next' } };
    walk.broken.push(toPage(x, 3, 'next'));
    return walk;
  };
  test('a 404', () => {
    const verdict = servedLinkWorks.check(broken(404))!;
    expect(verdict).toMatchObject({ outcome: 'fail', message: `list: page 3 through next: the served link ${link(3)} answered 404` });
    expect(verdict.at?.status).toBe(404);
  });
  test('a 429 is not the link\'s fault: a warning', () => expect(servedLinkWorks.check(broken(429))?.outcome).toBe('warn'));
});

describe('each broken list fails its rule', () => {
  test('a missing count fails envelope_fields', () => {
    const { count: _count, ...body } = pages(5, 10)[0]!;
    expect(envelopeFields.check(walkOf([body]))).toMatchObject({ outcome: 'fail', message: 'page 1 (first): count is missing' });
  });

  test('without count, next_previous_links does not guess the last page', () => {
    expect(nextPreviousLinks.check(walkOf(pages(25, 10).map(({ count: _count, ...body }) => body)))?.outcome).toBe('skip');
  });

  test('a relative next link fails envelope_fields', () => {
    expect(envelopeFields.check(walkOf([{ ...pages(25, 10)[0]!, next: '?page=2' }]))?.message).toMatch(/next is "\?page=2", not a URI/);
  });

  test('a count that is not the total fails count_is_total', () => {
    const bodies = pages(25, 10).map((body) => ({ ...body, count: 26 }));
    expect(countIsTotal.check(walkOf(bodies))).toMatchObject({ outcome: 'fail', message: 'the 3 page(s) up to next=null hold 25 items, count says 26', received: 25, expected: 26 });
  });

  test('a count that changes between pages fails count_is_total at that page', () => {
    const bodies = pages(25, 10);
    bodies[2] = { ...bodies[2], count: 24 };
    const walk = walkOf(bodies);
    const verdict = countIsTotal.check(walk)!;
    expect(verdict).toMatchObject({ outcome: 'fail', message: 'count is 25 on page 1 but 24 on page 3 (next)' });
    expect(verdict.at).toBe(walk.pages[2]!.x);
  });

  test('a sampled last page of the wrong length fails count_is_total', () => {
    const all = pages(95, 10);
    all[9] = { ...all[9], results: [item(90)] };
    expect(countIsTotal.check(walkOf(all.slice(0, 3), { complete: false, jumpTo: 10, all }))?.message).toBe('page 10 (the last for count 95 at 10 per page) holds 1 items, expected 5');
  });

  test('next on the last page fails next_previous_links', () => {
    const bodies = pages(25, 10);
    bodies[2] = { ...bodies[2], next: link(4) };
    expect(nextPreviousLinks.check(walkOf(bodies))?.message).toMatch(/^page 3 is the last \(count 25\) but next is/);
  });

  test('a previous link on the first page fails next_previous_links', () => {
    const bodies = pages(25, 10);
    bodies[0] = { ...bodies[0], previous: link(2) };
    expect(nextPreviousLinks.check(walkOf(bodies))?.message).toMatch(/^page 1: previous is .*expected null/);
  });

  test('a previous link that does not lead to the page before fails next_previous_links', () => {
    const walk = walkOf(pages(35, 10));
    walk.backs[1] = { from: walk.pages[2]!, to: page(pages(35, 10)[0]!, 2, 'previous') };
    expect(nextPreviousLinks.check(walk)?.message).toBe('previous of page 3 does not lead back to page 2 (other items)');
  });

  test('links to another origin only warn', () => {
    const walk = { ...walkOf(pages(25, 10)), foreignLinks: ['http://internal:8000/api/v1/municipalities/?page=2'] };
    expect(nextPreviousLinks.check(walk)).toMatchObject({ outcome: 'warn', message: expect.stringMatching(/another origin \(http:\/\/internal:8000\)/) });
  });

  test('an item on two pages fails pages_disjoint', () => {
    const bodies = pages(25, 10);
    bodies[1] = { ...bodies[1], results: [item(9), ...(bodies[1]!.results as unknown[]).slice(1)] };
    expect(pagesDisjoint.check(walkOf(bodies))?.message).toBe(`item ${item(9).uuid} appears on page 1 and on page 2`);
  });

  test('pages of different sizes only warn (page size is not published)', () => {
    const bodies = pages(25, 10);
    bodies[1] = { ...bodies[1], results: (bodies[1]!.results as unknown[]).slice(0, 9) };
    expect(pageSizeConsistent.check(walkOf(bodies))?.outcome).toBe('warn');
  });
});
