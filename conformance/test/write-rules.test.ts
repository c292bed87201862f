// The rules of writes that hold (rules/writes.ts) on hand-made answers: what is exact (text code
// point for code point, companies and tags as sets), what is a reasonable reading (a trimmed text
// warns), and messages that say what departed and how (a prompt cut short, a company missing).
import { WRITES } from '../contract/facts';
import type { ObservedCheck } from '../engine/replay-case';
import { created, either, expectAfter, observe, type Expected } from '../model/watchdogs';
import { holdSequences, mixedText } from '../phases/lifecycle/holds';
import { OPS, type SequenceContext } from '../phases/lifecycle/sequence';
import { compare, concurrentWritesApply, othersUnchanged, repeatApplied, writeHolds, type Observation } from '../rules/writes';
import type { Run } from '../runner/run';
import { exchange } from './support/exchange';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const C = 'cccccccc-0000-4000-8000-000000000003';
const LONG = mixedText('p', 1500);
const stored = (fields: Record<string, unknown>) => ({ name: 'n', prompt: LONG, companies: [A, B], tags: [], is_active: true, monitored_companies: [], ...fields });
const was: Expected = { name: ['n'], prompt: [LONG], companies: [[A, B]], tags: [[]], isActive: [true] };

function observation(check: ObservedCheck, shown: Record<string, unknown>, more: Partial<Observation> = {}): Observation {
  const op = more.op ?? 'watchdogsCreate';
  return { check, op, writes: ['the write'], refused: false, watchdog: '#0', by: 'PATCH {}', expected: was, observed: observe(stored(shown)), x: exchange(op, 200, stored(shown)), ...more };
}

test('text exactly, code point for code point: a prompt cut short is named with its length', () => {
  expect(compare(was, observe(stored({}))).departed).toEqual([]);
  expect(compare(was, observe(stored({ prompt: [...LONG].slice(0, 1000).join('') }))).departed).toEqual(['prompt: its first 1000 of 1500 characters (cut short)']);
  const changed = [...LONG];
  changed[700] = '?';
  expect(compare(was, observe(stored({ prompt: changed.join('') }))).departed).toEqual([expect.stringMatching(/^prompt: 1500 characters where 1500 were expected, differing from character 701/)]);
  // Unicode normalisation of another form is a difference (the values sent are NFC, which NFC keeps).
  expect(compare({ ...was, name: ['Café'] }, observe(stored({ name: 'Cafe\u0301' }))).departed).toHaveLength(1);
});

test('companies and tags as sets: order, repeats and the case of a UUID are free; a missing one is named', () => {
  expect(compare(was, observe(stored({ companies: [B.toUpperCase(), A, A] }))).departed).toEqual([]);
  expect(compare(was, observe(stored({ companies: [A, C] }))).departed).toEqual([`companies: 2 where 2 were expected, missing [${B}], not expected [${C}]`]);
});

test('a text shown without its surrounding whitespace warns (a serializer that trims); is_active must stay a boolean', () => {
  const padded = { ...was, name: ['  n '] };
  expect(compare(padded, observe(stored({})))).toEqual({ departed: [], trimmed: ['name'] });
  expect(writeHolds.check({ ...observation('holds', {}), expected: padded })).toMatchObject({ outcome: 'warn' });
  expect(compare(was, observe(stored({ is_active: 'true' }))).departed).toEqual(['is_active: "true"']);
});

test('each rule judges its own check, and names the write, the answer that shows it, and what departed', () => {
  const cut = { prompt: 'p' };
  expect(writeHolds.check(observation('holds', cut))).toMatchObject({ outcome: 'fail', message: expect.stringMatching(/^the write answered as expected, but the next answer that shows watchdog #0 \(PATCH \{\}\) shows prompt: .*what was stored is not what the write's answer showed$/) });
  expect(writeHolds.check(observation('holds', cut, { refused: true }))).toMatchObject({ outcome: 'fail', message: expect.stringMatching(/a refused write changed the watchdog$/) });
  expect(writeHolds.check(observation('frame', cut))).toBeUndefined();
  expect(othersUnchanged.check(observation('frame', { companies: [A, B, C] }, { op: 'watchdogsSubscribe' }))).toMatchObject({ outcome: 'fail', message: expect.stringMatching(/changed watchdog #0, which it does not address/) });
  expect(repeatApplied.check(observation('repeat', { name: 'm' }, { op: 'watchdogsEventsPartialUpdate' }))).toMatchObject({ outcome: 'fail', message: expect.stringMatching(/the repeat was not applied/) });
  expect(repeatApplied.check(observation('repeat', {}, { op: 'watchdogsEventsPartialUpdate' }))).toMatchObject({ outcome: 'pass' });
  // What activate and deactivate store is not published: nothing to hold them to.
  expect(writeHolds.check(observation('holds', cut, { op: 'watchdogsActivate' }))).toBeUndefined();
  // A long value is kept out of failures.json's received and expected: the step's body holds it.
  expect(JSON.stringify(writeHolds.check(observation('holds', cut)))).not.toContain(LONG);
});

test('writes sent at once: each answer shows its own write and any of the others; afterwards all answered 2xx, a refused one or not', () => {
  const before = created({ name: 'n', prompt: 'p', companies: [A] });
  const [own, other] = [{ companies: [B] }, { companies: [C] }];
  const answer = either(expectAfter('watchdogsSubscribe', before, own), expectAfter('watchdogsSubscribe', expectAfter('watchdogsSubscribe', before, own), other));
  const check = (companies: string[]) => concurrentWritesApply.check({ check: 'concurrent', op: 'watchdogsSubscribe', writes: ['mine', 'other'], refused: false, watchdog: '#0', by: 'its own answer', expected: answer, observed: observe({ name: 'n', prompt: 'p', companies }), x: exchange('watchdogsSubscribe', 200, {}), own: true })?.outcome;
  expect([check([A, B]), check([A, B, C]), check([A, C]), check([A])]).toEqual(['pass', 'pass', 'fail', 'fail']);
});

describe('the sequences of writes that hold', () => {
  const companies = Array.from({ length: 30 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
  const ctx = { run: { config: { runId: 'r', seed: 1 } } as unknown as Run, companies: companies.slice(0, 12), tags: [C], tagsKnown: true, tagsRefused: false, maxName: 200, many: { companies: companies.slice(0, 25), tags: [C] } } satisfies SequenceContext;
  const sequences = holdSequences(ctx);
  /** The operations each check follows: the write just before an observation of that kind. */
  const judged = (check: ObservedCheck) => new Set(sequences.flatMap((steps) => steps.flatMap((step, i) => (step.observes === check && !steps[i - 1]?.observes ? [steps[i - 1]!.op] : []))));

  test('every write operation the contract has is followed by a look at another watchdog; every one whose effect is published by a look at its own', () => {
    expect([...judged('frame')].sort()).toEqual([...WRITES].sort());
    expect([...judged('holds')].sort()).toEqual([OPS.create, OPS.patch, OPS.subscribe, OPS.unsubscribe].sort());
    expect([...judged('repeat')].sort()).toEqual([OPS.patch, OPS.subscribe, OPS.unsubscribe].sort());
    expect([...judged('concurrent')].sort()).toEqual([OPS.patch, OPS.subscribe, OPS.unsubscribe].sort());
  });

  test('long text beyond ASCII and the BMP, in NFC, without surrounding whitespace; lists of 25; a repeat on the same path', () => {
    const text = mixedText('conformance-r-holds', 200);
    expect([...text]).toHaveLength(200);
    expect(text).toBe(text.normalize('NFC'));
    expect(text).toBe(text.trim());
    expect(text).toMatch(/[\u{10000}-\u{10FFFF}]/u);
    const bodies = sequences.flat().map((step) => step.body);
    expect(bodies.some((body) => Array.isArray(body.companies) && body.companies.length === 25)).toBe(true);
    expect(Math.max(...bodies.map((body) => [...String(body.prompt ?? '')].length))).toBe(4096);
    const renames = sequences.flat().filter((step) => step.pathKey === 'repeat');
    expect(renames.map((step) => step.body.name)).toEqual([renames[0]!.body.name, expect.not.stringMatching(String(renames[0]!.body.name)), renames[0]!.body.name]);
  });
});
