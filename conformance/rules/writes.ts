// Writes that hold: what a write stored is what the next answer that shows the watchdog shows, and
// nothing else changes. The API publishes no read of a watchdog, so each check judges the answer
// of an observation: a write the model says changes nothing it compares (PATCH with no field:
// every PATCH field is optional and one left out is kept, which watchdog_patch_applied already
// holds; where the event path is refused, subscribe with empty lists, which adds nothing), sent
// after the write it judges (phases/lifecycle/holds.ts), against the model (model/watchdogs.ts).
//
// What is exact: name and prompt code point for code point (a value shown only without its
// surrounding whitespace warns: a serializer that trims, as DRF's CharField does, is a reasonable
// reading); companies and tags as sets, since the document calls them "a set of monitored
// companies and tags": their order, repeats and the case of a UUID are free.
import type { OperationId } from '../../generated';
import { FACTS, ON_ONE_RESOURCE, WRITES } from '../contract/facts';
import type { ObservedCheck } from '../engine/replay-case';
import type { Exchange } from '../engine/request';
import { fail, pass, warn } from '../engine/types';
import type { Expected, Observed } from '../model/watchdogs';
import { defineRule, PRISM, type Rule } from './define';

/** An answer that shows a watchdog after the write(s) it judges. */
export interface Observation {
  check: ObservedCheck;
  /** The operation of the write judged: the line's. */
  op: OperationId;
  /** The writes judged, in words (with their statuses where several went at once). */
  writes: string[];
  /** The write judged was refused: it must have changed nothing. */
  refused: boolean;
  /** The watchdog the answer shows, in words (`#1`). */
  watchdog: string;
  /** The request whose answer this is, in short (an observation's step, or a write's own). */
  by: string;
  /** What the model allows. */
  expected: Expected;
  observed: Observed;
  /** The answer judged: an observation's or, with `own`, a write's own answer among writes sent at once. */
  x: Exchange;
  own?: boolean;
}

/** Text for a message: whole when short, else its start and its length in code points. */
const short = (value: unknown) => {
  if (typeof value !== 'string') return JSON.stringify(value);
  const points = [...value];
  return points.length <= 60 ? JSON.stringify(value) : `${JSON.stringify(`${points.slice(0, 30).join('')}…`)} (${points.length} characters)`;
};

/** How a text shown departs from the one expected: cut short, or where the first difference is. */
function textDeparts(got: unknown, want: string[]): string {
  if (typeof got !== 'string' || want.length !== 1) return `${short(got)}, expected ${want.map(short).join(' or ')}`;
  const [a, b] = [[...got], [...want[0]!]];
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same += 1;
  if (same === a.length && a.length < b.length) return `its first ${a.length} of ${b.length} characters (cut short)`;
  if (a.length <= 60 && b.length <= 60) return `${short(got)}, expected ${short(want[0])}`;
  const at = (points: string[]) => JSON.stringify(points.slice(same, same + 12).join(''));
  return `${a.length} characters where ${b.length} were expected, differing from character ${same + 1} (${at(a)} for ${at(b)})`;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const list = (values: string[]) => (values.length > 4 ? `${values.length}: [${values.slice(0, 3).join(', ')}, …]` : `[${values.join(', ')}]`);

function setDeparts(got: string[], want: string[][]): string {
  if (want.length !== 1) return `${list(got)}, expected ${want.map(list).join(' or ')}`;
  const missing = want[0]!.filter((v) => !got.includes(v));
  const extra = got.filter((v) => !want[0]!.includes(v));
  return [`${got.length} where ${want[0]!.length} were expected`, missing.length && `missing ${list(missing)}`, extra.length && `not expected ${list(extra)}`].filter(Boolean).join(', ');
}

/** Where the watchdog shown leaves the model: fields that depart, and text fields shown only trimmed. */
export function compare(expected: Expected, observed: Observed): { departed: string[]; trimmed: string[] } {
  const departed: string[] = [];
  const trimmed: string[] = [];
  for (const field of ['name', 'prompt'] as const) {
    const got = observed[field];
    if (expected[field].includes(got as string)) continue;
    if (typeof got === 'string' && expected[field].some((want) => want.trim() === got)) trimmed.push(field);
    else departed.push(`${field}: ${textDeparts(got, expected[field])}`);
  }
  if (observed.companies === undefined) departed.push('neither companies nor monitored_companies');
  else if (!expected.companies.some((set) => sameSet(set, observed.companies!))) departed.push(`${observed.companiesFrom}: ${setDeparts(observed.companies, expected.companies)}`);
  if (observed.tags !== undefined && !expected.tags.some((set) => sameSet(set, observed.tags!))) departed.push(`tags: ${setDeparts(observed.tags, expected.tags)}`);
  if (typeof observed.isActive === 'boolean' && !expected.isActive.includes(observed.isActive)) departed.push(`is_active: ${observed.isActive}, expected ${expected.isActive.join(' or ')}`);
  else if (observed.isActive !== undefined && typeof observed.isActive !== 'boolean') departed.push(`is_active: ${JSON.stringify(observed.isActive)}`);
  return { departed, trimmed };
}

/** A value for failures.json: long text shortened (a 4096-character prompt is in the step's body already). */
function brief(value: unknown): unknown {
  if (typeof value === 'string') return [...value].length > 120 ? short(value) : value;
  if (Array.isArray(value)) return value.map(brief);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, brief(v)]));
  return value;
}

const seenBy = (o: Observation) => `the next answer that shows watchdog ${o.watchdog} (${o.by})`;

function observedRule(check: ObservedCheck, name: string, summary: string, operations: readonly OperationId[], explain: (o: Observation, problems: string) => string): Rule<Observation> {
  return defineRule<Observation>({
    name,
    area: 'lifecycle',
    summary,
    operations,
    mock: PRISM.noState,
    live: 'needs CONFORMANCE_WRITES=1',
    check: (o) => {
      if (o.check !== check || !operations.includes(o.op)) return undefined;
      const { departed, trimmed } = compare(o.expected, o.observed);
      if (departed.length) return fail(explain(o, departed.join('; ')), { received: brief(o.observed), expected: brief(o.expected) });
      if (trimmed.length) return warn(`${o.writes.join('; ')}: ${seenBy(o)} shows ${trimmed.join(' and ')} without the surrounding whitespace an earlier answer showed; whether it is kept is not published`);
      return pass(`${o.writes[0]}: held`);
    },
  });
}

/** Writes on one watchdog whose effect is published (activate's and deactivate's is not). */
const PUBLISHED_EFFECT = WRITES.filter((op) => !FACTS[op].transition);
const ON_ONE_PUBLISHED = PUBLISHED_EFFECT.filter((op) => ON_ONE_RESOURCE.includes(op));

export const writeHolds = observedRule(
  'holds',
  'watchdog_write_holds',
  'every value a write stored, as its own answer showed it, is in the next answer that shows the watchdog, exactly (long text, text beyond ASCII and the BMP, lists of many items); a refused write changes nothing',
  PUBLISHED_EFFECT,
  (o, problems) =>
    o.refused
      ? `${o.writes[0]} was refused, yet ${seenBy(o)} shows ${problems}: a refused write changed the watchdog`
      : `${o.writes[0]} answered as expected, but ${seenBy(o)} shows ${problems}: what was stored is not what the write's answer showed`,
);

export const othersUnchanged = observedRule(
  'frame',
  'watchdog_others_unchanged',
  'a write to one watchdog leaves the other watchdogs of the run as they were (the frame condition, against the model)',
  WRITES,
  (o, problems) => `${o.writes.join('; ')} changed watchdog ${o.watchdog}, which ${o.writes.length > 1 ? 'they do' : 'it does'} not address: ${seenBy(o)} shows ${problems}, where its own last answer showed the expected`,
);

export const repeatApplied = observedRule(
  'repeat',
  'watchdog_repeat_applied',
  'a write repeated after a different write is applied again (not answered from a cache of the earlier request)',
  ON_ONE_PUBLISHED,
  (o, problems) => `${o.writes[0]} repeats an earlier request after a different write and was answered as applied, but ${seenBy(o)} shows ${problems}: the repeat was not applied (answered from a cache of the earlier request?)`,
);

export const concurrentWritesApply = observedRule(
  'concurrent',
  'watchdog_concurrent_writes_apply',
  'writes sent at once to one watchdog each take effect, or are refused with a 4xx: none answered as applied is lost',
  ON_ONE_PUBLISHED,
  (o, problems) =>
    o.own
      ? `${o.writes[0]}, sent at once with ${o.writes.length - 1} other write(s) to watchdog ${o.watchdog}, answered ${problems}: its own write does not show`
      : `of the writes sent at once to watchdog ${o.watchdog} (${o.writes.join('; ')}), ${seenBy(o)} shows ${problems}: a write answered as applied was lost`,
);

export const WRITE_RULES: ReadonlyArray<Rule<Observation>> = [writeHolds, othersUnchanged, repeatApplied, concurrentWritesApply];
