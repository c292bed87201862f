// The base of a search that answers nothing without criteria (runner/bases.ts): fragments a
// client may send, derived and ordered by the seed, bounded; when none finds anything, the rules
// that needed one say how many were tried.
import { fragmentCandidates, MAX_FRAGMENTS, FRAGMENTS_PER_ROUND } from '../runner/bases';
import { reference } from '../runner/fixtures';
import { createRun } from '../runner/run';
import { editAnswer, isOk } from '../../strength/edits';
import { faulty } from '../../strength/faulty';
import { judge } from './support/judge';
import { liveConfig } from './support/sandbox';

const runWith = (seed: number) => createRun(liveConfig(undefined, { seed }));
const described = (candidates: ReturnType<typeof fragmentCandidates>) => candidates.map((filters) => filters.map((f) => `${f.name}=${f.values.join('|')}`).join(' & '));

test('fragments are the same for the same seed, in another order for another, at most MAX_FRAGMENTS', () => {
  const names = ['Gemeinde Gruberhof', 'Bezirk Leoben'];
  const one = described(fragmentCandidates(runWith(1), 'companiesSearch', names));
  expect(described(fragmentCandidates(runWith(1), 'companiesSearch', names))).toEqual(one);
  expect(one.length).toBeLessThanOrEqual(MAX_FRAGMENTS);
  const orders = new Set([1, 2, 3, 4, 5].map((seed) => described(fragmentCandidates(runWith(seed), 'companiesSearch', names)).join(',')));
  expect(orders.size).toBeGreaterThan(1);
});

test('each round asks every text filter (a name and a registration number), and a register prefix and a word of another list come up', () => {
  const all = [1, 2, 3, 4, 5, 6].flatMap((seed) => {
    const candidates = described(fragmentCandidates(runWith(seed), 'companiesSearch', ['Gemeinde Gruberhof']));
    const first = candidates.slice(0, FRAGMENTS_PER_ROUND);
    expect(first.some((c) => c.startsWith('name='))).toBe(true);
    expect(first.some((c) => c.startsWith('registration_number='))).toBe(true);
    return candidates;
  });
  expect(all).toEqual(expect.arrayContaining(['registration_number=HRB', 'registration_number=FN', 'registration_number=CHE']));
  expect(all.some((c) => /^name=(Gemeinde|Gruberhof)$/.test(c))).toBe(true);
});

test('a search no fragment finds anything with (names matched whole) skips its rules, saying how many bases were tried', async () => {
  // Needs a name or a number, and matches them whole: no fragment finds a company.
  const exact = faulty({
    response: (s, a) => {
      const body = (s.json ?? {}) as Record<string, unknown>;
      if (s.op !== 'companiesSearch' || !isOk(a)) return a;
      if (!body.name && !body.registration_number) return { status: 400, headers: { 'content-type': 'application/json' }, text: '{"error":"name or registration_number","code":"invalid"}', json: { error: 'name or registration_number', code: 'invalid' } };
      return editAnswer(a, (page) => {
        const kept = (page.results as Array<Record<string, unknown>>).filter((c) => c.name === body.name || c.registration_number === body.registration_number);
        Object.assign(page, { count: kept.length, results: kept, next: null, previous: null });
      });
    },
  });
  const run = createRun(liveConfig(undefined, { seed: 4 }), { fetch: exact });
  const ref = await reference(run, 'companiesSearch');
  expect(ref.base).toEqual([]);
  expect(ref.tried).toBeGreaterThan(MAX_FRAGMENTS);
  expect(ref.tried).toBeLessThanOrEqual(16 + MAX_FRAGMENTS);
  const report = await judge(exact, { seed: 4, areas: ['filters'] });
  const line = report.lines.find((l) => l.rule === 'search_by_name')!;
  expect(line.outcome).toBe('skip');
  expect(line.message).toMatch(/^the unfiltered list answered 400, and none of the \d+ bases tried .* give a search that finds results as "search" in conformance\.config\.json$/);
});
