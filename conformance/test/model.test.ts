// The model of the expected watchdog state: what each write does where it is published, and
// several candidates where it is not; an answer departs from the model field by field.
import { adopt, created, expectAfter, narrow } from '../model/watchdogs';
import { observe, type Expected } from '../model/watchdogs';
import { createApplied, departures } from '../rules/lifecycle';
import { exchange } from './support/exchange';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const T = 'cccccccc-0000-4000-8000-000000000003';
const start = created({ name: 'n', prompt: 'p', companies: [A], tags: [T] });

test('create: what was sent; is_active open unless sent (its default is not published)', () => {
  expect(start).toEqual({ name: ['n'], prompt: ['p'], companies: [[A]], tags: [[T]], isActive: [true, false] });
  expect(created({ name: 'n', prompt: 'p', is_active: false }).isActive).toEqual([false]);
});

test('as lenient servers read them: text may be stored trimmed, a boolean given as text is what the text says', () => {
  const padded = created({ name: '  n ', prompt: 'p\n', is_active: 'false' });
  expect(padded).toMatchObject({ name: ['  n ', 'n'], prompt: ['p\n', 'p'], isActive: [false] });
  expect(expectAfter('watchdogsEventsPartialUpdate', start, { is_active: 'true' }).isActive).toEqual([true]);
  expect(created({ name: 'n', prompt: 'p', is_active: 'maybe' }).isActive).toEqual([true, false]);
  // Only the readings a server makes: a name trimmed at one end, or true for "false", departs.
  const step = (observed: Record<string, unknown>) => departures({ op: 'watchdogsCreate', sent: { name: '  n ' }, expected: padded, observed: observe({ companies: [], ...observed }), x: exchange('watchdogsCreate', 201, observed) });
  expect(step({ name: 'n', prompt: 'p', is_active: false })).toEqual([]);
  expect(step({ name: 'n ', prompt: 'p', is_active: false })).toEqual(['name is "n ", expected "  n " or "n" (as sent)']);
  expect(step({ name: 'n', prompt: 'p', is_active: true })).toEqual(['is_active is true, expected false (kept from before)']);
  // Stored trimmed: the reading explains it, and the verdict names it.
  const x = exchange('watchdogsCreate', 201, {});
  expect(createApplied.check({ op: 'watchdogsCreate', sent: { name: '  n ' }, expected: padded, observed: observe({ name: 'n', prompt: 'p', companies: [] }), x })).toMatchObject({ outcome: 'warn', message: expect.stringMatching(/name stored without the surrounding whitespace/) });
});

test('PATCH applies what it sends and keeps what it leaves out', () => {
  expect(expectAfter('watchdogsEventsPartialUpdate', start, { name: 'm', companies: [B] })).toEqual({ ...start, name: ['m'], companies: [[B]] });
  expect(expectAfter('watchdogsEventsPartialUpdate', start, {})).toEqual(start);
});

test('subscribe adds, unsubscribe removes exactly what it names', () => {
  expect(expectAfter('watchdogsSubscribe', start, { companies: [B, A], tags: [] }).companies).toEqual([[A, B].sort()]);
  expect(expectAfter('watchdogsUnsubscribe', start, { companies: [A], tags: [] })).toMatchObject({ companies: [[]], tags: [[T]] });
});

test('activate and deactivate: each field sent may or may not be applied, is_active open', () => {
  expect(expectAfter('watchdogsActivate', { ...start, isActive: [false] }, { name: 'm', prompt: 'p' })).toMatchObject({ name: ['n', 'm'], prompt: ['p'], isActive: [true, false] });
});

test('an answer departs field by field, naming what was expected and why', () => {
  const expected: Expected = expectAfter('watchdogsEventsPartialUpdate', start, { name: 'm' });
  const body = { uuid: A, name: 'm', prompt: 'p', companies: [], tags: [T], is_active: true, monitored_companies: [] };
  const outcome = { op: 'watchdogsEventsPartialUpdate' as const, sent: { name: 'm' }, expected, observed: observe(body), x: exchange('watchdogsEventsPartialUpdate', 200, body) };
  expect(departures(outcome)).toEqual([`companies holds [], expected [${A}] (kept from before)`]);
});

test('companies are read from monitored_companies when the optional companies field is absent', () => {
  const observed = observe({ monitored_companies: [{ uuid: A.toUpperCase() }] });
  expect(observed).toMatchObject({ companies: [A], companiesFrom: 'monitored_companies' });
});

test('after a judged answer the model takes what was observed: from the candidates, or wholesale where the effect is unpublished', () => {
  const open = expectAfter('watchdogsActivate', start, { name: 'm' });
  expect(narrow(open, observe({ name: 'm', is_active: true, companies: [A], tags: [T] }))).toMatchObject({ name: ['m'], isActive: [true] });
  expect(adopt(start, observe({ name: 'x', companies: [], tags: [], is_active: false }))).toEqual({ name: ['x'], prompt: ['p'], companies: [[]], tags: [[]], isActive: [false] });
});
