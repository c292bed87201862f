// filters, two at a time: for every pair of a list's published filters, values from the
// deployment's own data where each realistic way of getting the pair wrong changes the answer —
// either filter dropped when the other is given (an exclusion ignored inside an inclusion:
// country_code=AT&country_code=DE&country_code_exclude=DE), an exact filter matched as a
// substring beside the other — and a repeated parameter given a value twice. Which of these a
// pair can show is decided by the data, so every run sends them; the seed only picks among
// values that show the same.
import type { OperationId } from '../../generated';
import { grade } from '../contract/filter-semantics';
import { FACTS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { settle } from '../engine/settle';
import type { Item, Reference } from '../engine/walk';
import { filterCombination, FILTER_RULES } from '../rules/filters';
import { filteredRequest, onBase, seededShuffle } from '../runner/fixtures';
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
/** Values of one filter tried per item. */
const VALUES_PER_ITEM = 3;
/** Pairs sent at least, when few show anything. */
const MIN_PAIRS = 3;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The cases for every pair of the list's usable filters over the reference's items. */
export function pairCases(op: OperationId, ref: Reference, order: <T>(label: string, items: T[]) => T[]): PairCase[] {
  const usable = FILTER_RULES.filter((rule) => rule.filter.op === op && rule.filter.semantics && !rule.filter.choice);
  if (usable.length < 2 || ref.items.length === 0) return [];
  const repeated = (f: Filter) => FACTS[op].parameters.some((p) => p.in === f.filter.ref.where && p.name === f.filter.ref.name && p.repeated);
  const fieldsOf = (f: Filter, item: Item) => [...new Set(f.filter.semantics!.fields(item).map(text).filter(Boolean))];
  const memo = new Map<string, Set<Item>>();
  const cached = (key: string, keep: (item: Item) => boolean) => {
    let set = memo.get(key);
    if (!set) memo.set(key, (set = new Set(ref.items.filter(keep))));
    return set;
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
  const valueSets = (f: Filter, item: Item): string[][] => {
    const own = fieldsOf(f, item);
    const others = listed(f).filter((v) => !own.includes(v));
    if (f.filter.semantics!.kind === 'excludes') return others.slice(0, VALUES_PER_ITEM).map((v) => [v]);
    const sets = own.slice(0, VALUES_PER_ITEM).map((v) => [v]);
    if (repeated(f) && own.length) sets.push(...others.slice(0, VALUES_PER_ITEM - 1).map((other) => [own[0]!, other]));
    return sets;
  };
  // Items spread over the list, and for each exact filter the first whose value lies inside another's (`G` in `SG`).
  const step = Math.max(1, Math.floor(ref.items.length / SAMPLED_ITEMS));
  const inside = usable
    .filter((f) => f.filter.semantics!.kind === 'equals')
    .map((f) => ref.items.find((item) => fieldsOf(f, item).some((v) => listed(f).some((other) => other !== v && other.toLowerCase().includes(v.toLowerCase())))));
  const sample = [...new Set([...ref.items.filter((_, i) => i % step === 0).slice(0, SAMPLED_ITEMS), ...inside.filter((item): item is Item => item !== undefined)])];
  const larger = (a: Set<Item>, than: Set<Item>) => a.size > than.size;
  const intersect = (a: Set<Item>, b: Set<Item>) => new Set([...a].filter((x) => b.has(x)));

  const chosen: PairCase[] = [];
  const quiet: PairCase[] = [];
  for (const [i, a] of usable.entries()) {
    for (const b of usable.slice(i + 1)) {
      const cases: PairCase[] = [];
      for (const item of sample) {
        for (const va of valueSets(a, item)) {
          for (const vb of valueSets(b, item)) {
            const [ka, kb] = [kept(a, va), kept(b, vb)];
            const both = intersect(ka, kb);
            const shows = [
              larger(kb, both) && `${a.filter.ref.name} dropped`,
              larger(ka, both) && `${b.filter.ref.name} dropped`,
              a.filter.semantics!.kind === 'equals' && larger(intersect(keptAsSubstring(a, va), kb), both) && `${a.filter.ref.name} matched as a substring`,
              b.filter.semantics!.kind === 'equals' && larger(intersect(ka, keptAsSubstring(b, vb)), both) && `${b.filter.ref.name} matched as a substring`,
            ].filter((s): s is string => typeof s === 'string');
            cases.push({ filters: [{ ...a.filter.ref, values: va }, { ...b.filter.ref, values: vb }], shows });
          }
        }
      }
      // Every wrong answer the data can show, each by the first values (in the seed's order) that show the most of what is left.
      const left = new Set(cases.flatMap((c) => c.shows));
      const ordered = order(`pairs:${op}:${a.name}:${b.name}`, cases);
      const picked: PairCase[] = [];
      while (left.size) {
        const best = ordered.reduce((top, c) => (c.shows.filter((s) => left.has(s)).length > top.shows.filter((s) => left.has(s)).length ? c : top));
        picked.push(best);
        for (const s of best.shows) left.delete(s);
      }
      // A repeated parameter given a value twice: the same answer (a join over an OR per value may list an item twice).
      const twice = picked[0] ?? ordered[0];
      if (twice && (repeated(a) || repeated(b))) {
        const pair = [a, b];
        const doubled = twice.filters.map((f, k) => (repeated(pair[k]!) ? { ...f, values: [...f.values, f.values[0]!] } : f)) as PairCase['filters'];
        if (picked.length) picked[0] = { filters: doubled, shows: [...twice.shows, 'a value repeated'] };
        else picked.push({ filters: doubled, shows: ['a value repeated'] });
      }
      chosen.push(...picked);
      quiet.push(...ordered.filter((c) => !picked.includes(c)).slice(0, 1));
    }
  }
  return [...chosen, ...quiet.slice(0, Math.max(0, MIN_PAIRS - chosen.length))];
}

/** Every pair case walked and judged by filter_combination. */
export async function filterPairs(run: Run, op: OperationId, ref: Reference): Promise<void> {
  const cases = pairCases(op, ref, (label, items) => seededShuffle(run, label, items));
  if (cases.length === 0) return run.skip(filterCombination, [op], 'fewer than two published filters or no items to take values from');
  await settle(cases.map(({ filters }) => walkAndJudge(run, filters, filteredRequest(op, onBase(ref, filters).filters), ref)));
}
