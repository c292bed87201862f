// Writes that hold, on every run whatever the seed: each write operation followed by an
// observation of what it stored (rules/writes.ts). Long text at and near its bound and far past
// any (no bound is published for the prompt), text beyond ASCII and beyond the BMP, lists of many
// items; a write to one watchdog and a look at another after each kind of write; a write repeated
// after a different one; writes sent at once. Each sequence goes on past a departure, judged from
// what the deployment showed, so one finding does not hide the next.
import type { ObservedCheck, Step } from '../../engine/replay-case';
import { PROMPT, runTag } from '../../runner/fixtures';
import { OPS, type SequenceContext } from './sequence';

/** Prompt lengths: past a 1000-character column, and thousands (a bound below either may refuse them). */
const PROMPT_LENGTHS = [1500, 4096] as const;

/**
 * Text of `length` code points beyond ASCII and the BMP, in NFC (a deployment that normalises keeps
 * it as it is), without surrounding whitespace (one that trims keeps it too).
 */
export function mixedText(prefix: string, length: number): string {
  const unit = ' Prüfe Änderungen – Geschäftsführer, Straße, Café, 中文 😀 𠜎';
  let text = prefix;
  while ([...text].length < length) text += unit;
  const points = [...text].slice(0, length);
  if (/\s/.test(points[points.length - 1]!)) points[points.length - 1] = 'x';
  return points.join('');
}

const see = (target: number, check: ObservedCheck): Step => ({ op: OPS.patch, target, body: {}, observes: check });
const some = <T>(...values: Array<T | undefined>) => values.filter((v): v is T => v !== undefined);

/**
 * The other watchdog looked at after each kind of write to the first: the frame condition. Both
 * are created without companies (a default list shared between them shows), and the companies
 * written are ones the run's other writes do not name where the deployment has enough (the
 * cases and the other sequences take the first), so what leaks from elsewhere shows as well.
 */
function frame(ctx: SequenceContext): Step[] {
  const name = (label: string) => `${runTag(ctx.run, 'frame')}-${label}`;
  const spare = ctx.many.companies.slice(ctx.companies.length);
  const [c1, c2] = spare.length >= 2 ? spare : ctx.companies.slice(-2);
  const [t1, t2] = ctx.tagsRefused ? [] : ctx.tags;
  const restated = { name: name('a-renamed'), prompt: `${PROMPT} (frame)` };
  const writes: Step[] = [
    { op: OPS.subscribe, target: 0, body: { companies: some(c1), tags: some(t1) } },
    { op: OPS.patch, target: 0, body: { ...restated, companies: some(c2), tags: some(t2) } },
    { op: OPS.unsubscribe, target: 0, body: { companies: some(c2), tags: some(t2) } },
    { op: OPS.deactivate, target: 0, body: restated },
    { op: OPS.activate, target: 0, body: restated },
  ];
  return [
    { op: OPS.create, body: { name: name('a'), prompt: PROMPT } },
    { op: OPS.create, body: { name: name('b'), prompt: PROMPT } },
    see(0, 'frame'),
    see(1, 'holds'),
    ...writes.flatMap((write) => [write, see(1, 'frame')]),
  ];
}

/** Name at its bound and one under it, prompts past a column's size, all beyond ASCII and the BMP. */
function text(ctx: SequenceContext): Step[] {
  // Without a published maximum there is no longest valid name to try: a plain one instead.
  const name = (label: string, under = 0) => (ctx.maxName === undefined ? `${runTag(ctx.run, 'holds')}-${label}` : mixedText(`${runTag(ctx.run, 'holds')}-${label}`, ctx.maxName - under));
  const [shorter, longer] = PROMPT_LENGTHS;
  return [
    { op: OPS.create, body: { name: name('text'), prompt: mixedText(PROMPT, shorter) }, mayRefuse: true },
    see(0, 'holds'),
    { op: OPS.patch, target: 0, body: { name: name('text-patched', 1), prompt: mixedText(PROMPT, longer) }, mayRefuse: true },
    see(0, 'holds'),
  ];
}

/** Lists of many items through every write that takes a list: a cap refused with a 4xx passes, one applied silently does not. */
function lists(ctx: SequenceContext): Step[] {
  const { companies, tags } = ctx.many;
  if (!companies.length) return [];
  const name = (label: string) => `${runTag(ctx.run, 'holds')}-${label}`;
  const many = (op: Step['op'], body: Record<string, unknown>): Step[] => [{ op, target: 0, body, mayRefuse: true }, see(0, 'holds')];
  return [
    { op: OPS.create, body: { name: name('lists'), prompt: PROMPT } },
    ...many(OPS.subscribe, { companies }),
    ...many(OPS.unsubscribe, { companies: companies.slice(1) }),
    ...many(OPS.patch, { companies: [...companies].reverse() }),
    ...(ctx.tagsRefused ? [] : many(OPS.subscribe, { tags })),
    { op: OPS.create, body: { name: name('lists-created'), prompt: PROMPT, companies }, mayRefuse: true },
    see(1, 'holds'),
  ];
}

/** A write repeated after a different one, on the same path with the same body: applied again. */
function repeats(ctx: SequenceContext): Step[] {
  const name = (label: string) => `${runTag(ctx.run, 'repeat')}-${label}`;
  const [c1, c2] = ctx.companies;
  const rename = (label: string): Step => ({ op: OPS.patch, target: 0, body: { name: name(label) }, pathKey: 'repeat' });
  const toggle = (op: Step['op']): Step => ({ op, target: 0, body: { companies: [c2] } });
  return [
    { op: OPS.create, body: { name: name('created'), prompt: PROMPT, companies: some(c1) } },
    rename('first'), rename('second'), rename('first'), see(0, 'repeat'),
    ...(c2 ? [toggle(OPS.subscribe), toggle(OPS.unsubscribe), toggle(OPS.subscribe), see(0, 'repeat'), toggle(OPS.unsubscribe), see(0, 'repeat')] : []),
  ];
}

/** Writes sent at once to one watchdog: subscribes of different companies, their unsubscribes, PATCHes of different fields. */
function concurrent(ctx: SequenceContext): Step[] {
  const name = (label: string) => `${runTag(ctx.run, 'concurrent')}-${label}`;
  const [c0, ...others] = ctx.companies;
  const group = others.slice(0, 3);
  const together = (op: Step['op'], bodies: Array<Record<string, unknown>>): Step[] => [...bodies.map((body): Step => ({ op, target: 0, body, together: true })), see(0, 'concurrent')];
  return [
    { op: OPS.create, body: { name: name('created'), prompt: PROMPT, companies: some(c0) } },
    ...(group.length > 1 ? [...together(OPS.subscribe, group.map((c) => ({ companies: [c] }))), ...together(OPS.unsubscribe, group.map((c) => ({ companies: [c] })))] : []),
    ...together(OPS.patch, [{ name: name('renamed') }, { prompt: `${PROMPT} (concurrent)` }, { is_active: false }]),
  ];
}

/** The sequences, each from fresh watchdogs. */
export const holdSequences = (ctx: SequenceContext): Step[][] => [frame(ctx), text(ctx), lists(ctx), repeats(ctx), concurrent(ctx)];
