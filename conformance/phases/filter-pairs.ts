// filters, two at a time: for every pair of a list's published filters, values from the
// deployment's own data where each realistic way of getting the pair wrong changes the answer —
// either filter dropped when the other is given (an exclusion ignored inside an inclusion:
// country_code=AT&country_code=DE&country_code_exclude=DE), an exact filter matched as a
// substring beside the other — and a repeated parameter given a value twice. Which of these a
// pair can show is decided by the data, so every run sends them; the seed only picks among
// values that show the same.
import type { OperationId } from '../../generated';
import { grade, mustInclude, textOf } from '../contract/filter-semantics';
import { FACTS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { settle } from '../engine/settle';
import type { Item, Reference } from '../engine/walk';
import { filterCombination, FILTER_RULES } from '../rules/filters';
import { filteredRequest, onBase, seededIndex } from '../runner/fixtures';
import type { Run } from '../runner/run';
import { walkAndJudge } from './walks';

type Filter = (typeof FILTER_RULES)[number];

export interface PairCase {
  filters: [FilterRef, FilterRef];
  /** The wrong answers these values tell from the right one, e.g. `country_code_exclude dropped`. */
  shows: string[];
}

/** Items sampled for values (their own, or for an exclusion the list's others): a few thousand set counts. */
const SAMPLED_ITEMS = 40;
/** Values of one filter tried per item; a text search's first (every value of an item shows what a dropped filter does). */
const VALUES_PER_ITEM = 3;
const SEARCH_VALUES_PER_ITEM = 1;
/** Pairs sent at least, when few show anything. */
const MIN_PAIRS = 3;

const text = textOf;
/** An equality on text, which a deployment may wrongly match as a substring (`G` finding `SG`). */
const textEquals = (f: Filter) => f.filter.semantics!.kind === 'equals' && f.filter.semantics!.declaration.field === 'string';

/** A set of the reference's items as bits by their place: the sets are intersected and counted thousands of times a run. */
type Bits = Uint32Array;
const popcount = (word: number) => {
  let n = word - ((word >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
};
/** How many items both sets hold (or `a` alone). */
function count(a: Bits, b?: Bits): number {
  let n = 0;
  for (let i = 0; i < a.length; i++) n += popcount(b ? a[i]! & b[i]! : a[i]!);
  return n;
}

/** The cases for every pair of the list's usable filters over the reference's items. */
export function pairCases(op: OperationId, ref: Reference, choose: (label: string, n: number) => number): PairCase[] {
  const usable = FILTER_RULES.filter((rule) => rule.filter.op === op && rule.filter.semantics && !rule.filter.choice);
  if (usable.length < 2 || ref.items.length === 0) return [];
  const repeated = (f: Filter) => FACTS[op].parameters.some((p) => p.in === f.filter.ref.where && p.name === f.filter.ref.name && p.repeated);
  const fieldsOf = (f: Filter, item: Item) => [...new Set(f.filter.semantics!.fields(item).map(text).filter(Boolean))];
  const memo = new Map<string, Bits>();
  const cached = (key: string, keep: (item: Item) => boolean) => {
    let bits = memo.get(key);
    if (!bits) {
      memo.set(key, (bits = new Uint32Array(Math.ceil(ref.items.length / 32))));
      ref.items.forEach((item, i) => void (keep(item) && (bits![i >>> 5]! |= 1 << (i & 31))));
    }
    return bits;
  };
  const kept = (f: Filter, values: string[]) => cached(`${f.name}\u0000${values.join('\u0000')}`, (item) => grade(f.filter.semantics!, values, item) !== 'none');
  // What an exact filter keeps when it is matched as a substring (`G` finding `SG`).
  const keptAsSubstring = (f: Filter, values: string[]) =>
    cached(`~${f.name}\u0000${values.join('\u0000')}`, (item) => fieldsOf(f, item).some((field) => values.some((v) => field.toLowerCase().includes(v.toLowerCase()))));
  const inList = new Map<string, string[]>();
  const listed = (f: Filter) => {
    if (!inList.has(f.name)) inList.set(f.name, [...new Set(ref.items.flatMap((item) => fieldsOf(f, item)))]);
    return inList.get(f.name)!;
  };
  // Value sets the item passes with certainty: its own (and for a repeated filter one of its own
  // beside another), or for an exclusion values it does not have.
  const sets = new Map<Filter, Map<Item, string[][]>>();
  const valueSets = (f: Filter, item: Item): string[][] => {
    let byItem = sets.get(f);
    if (!byItem) sets.set(f, (byItem = new Map()));
    if (!byItem.has(item)) byItem.set(item, valueSetsOf(f, item));
    return byItem.get(item)!;
  };
  const valueSetsOf = (f: Filter, item: Item): string[][] => {
    // A boolean: the answer the item has.
    if (f.filter.semantics!.kind === 'exists') return [[mustInclude(f.filter.semantics!, ['true'], item) ? 'true' : 'false']];
    const own = fieldsOf(f, item);
    const others = listed(f).filter((v) => !own.includes(v));
    if (f.filter.semantics!.kind === 'excludes') return others.slice(0, VALUES_PER_ITEM).map((v) => [v]);
    const sets = own.slice(0, f.filter.semantics!.kind === 'text' ? SEARCH_VALUES_PER_ITEM : VALUES_PER_ITEM).map((v) => [v]);
    if (repeated(f) && own.length) sets.push(...others.slice(0, VALUES_PER_ITEM - 1).map((other) => [own[0]!, other]));
    return sets;
  };
  // Items spread over the list, and for each exact filter the first whose value lies inside another's (`G` in `SG`).
  const step = Math.max(1, Math.floor(ref.items.length / SAMPLED_ITEMS));
  const inside = usable
    .filter(textEquals)
    .map((f) => ref.items.find((item) => fieldsOf(f, item).some((v) => listed(f).some((other) => other !== v && other.toLowerCase().includes(v.toLowerCase())))));
  const sample = [...new Set([...ref.items.filter((_, i) => i % step === 0).slice(0, SAMPLED_ITEMS), ...inside.filter((item): item is Item => item !== undefined)])];

  const chosen: PairCase[] = [];
  const quiet: PairCase[] = [];
  for (const [i, a] of usable.entries()) {
    for (const b of usable.slice(i + 1)) {
      const cases: PairCase[] = [];
      const seen = new Set<string>();
      for (const item of sample) {
        for (const va of valueSets(a, item)) {
          for (const vb of valueSets(b, item)) {
            const key = `${va.join('\u0001')}\u0000${vb.join('\u0001')}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const [ka, kb] = [kept(a, va), kept(b, vb)];
            const both = count(ka, kb);
            // Each wrong answer differs from the right one where it keeps more than both filters keep.
            const shows = [
              count(kb) > both && `${a.filter.ref.name} dropped`,
              count(ka) > both && `${b.filter.ref.name} dropped`,
              textEquals(a) && count(keptAsSubstring(a, va), kb) > both && `${a.filter.ref.name} matched as a substring`,
              textEquals(b) && count(ka, keptAsSubstring(b, vb)) > both && `${b.filter.ref.name} matched as a substring`,
            ].filter((s): s is string => typeof s === 'string');
            cases.push({ filters: [{ ...a.filter.ref, values: va }, { ...b.filter.ref, values: vb }], shows });
          }
        }
      }
      // Every wrong answer the data can show, each by values that show the most of what is left (the seed picks among them).
      const left = new Set(cases.flatMap((c) => c.shows));
      const picked: PairCase[] = [];
      const label = `pairs:${op}:${a.name}:${b.name}`;
      while (left.size) {
        const score = (c: PairCase) => c.shows.reduce((n, s) => n + Number(left.has(s)), 0);
        const top = Math.max(...cases.map(score));
        const best = cases.filter((c) => score(c) === top);
        const one = best[choose(`${label}:${picked.length}`, best.length)]!;
        picked.push(one);
        for (const s of one.shows) left.delete(s);
      }
      // A repeated parameter given a value twice: the same answer (a join over an OR per value may list an item twice).
      const twice = picked[0] ?? cases[choose(label, cases.length)];
      if (twice && (repeated(a) || repeated(b))) {
        const pair = [a, b];
        const doubled = twice.filters.map((f, k) => (repeated(pair[k]!) ? { ...f, values: [...f.values, f.values[0]!] } : f)) as PairCase['filters'];
        if (picked.length) picked[0] = { filters: doubled, shows: [...twice.shows, 'a value repeated'] };
        else picked.push({ filters: doubled, shows: ['a value repeated'] });
      }
      chosen.push(...picked);
      const other = cases.filter((c) => !picked.includes(c));
      if (other.length) quiet.push(other[choose(`${label}:quiet`, other.length)]!);
    }
  }
  return [...chosen, ...quiet.slice(0, Math.max(0, MIN_PAIRS - chosen.length))];
}

/** Every pair case walked and judged by filter_combination. */
export async function filterPairs(run: Run, op: OperationId, ref: Reference): Promise<void> {
  const cases = pairCases(op, ref, (label, n) => seededIndex(run, label, n));
  if (cases.length === 0) return run.skip(filterCombination, [op], 'fewer than two published filters or no items to take values from');
  await settle(cases.map(({ filters }) => walkAndJudge(run, filters, filteredRequest(op, onBase(ref, filters).filters), ref)));
}
