// filters, on the deployment's own data: each repeated query parameter given many times (every
// value the list holds, up to MOST, MANY at a time: a server that keeps only some of them shows,
// and so does one that finds an item by another field than the one published), and UUID values
// in their other legal spelling (upper case: RFC 9562 reads UUIDs case-insensitively, and the
// contract's format uuid allows it). Each filtered list is walked and judged by its filter's rule.
import type { JsonSchema } from '../contract/document';
import { FACTS, LISTS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import type { RequestSpec } from '../engine/request';
import { settle } from '../engine/settle';
import { runsIn } from '../rules/define';
import { FILTER_RULES } from '../rules/filters';
import type { Item, Reference } from '../engine/walk';
import { filteredRequest, onBase, reference } from '../runner/fixtures';
import type { Phase } from './phase';
import { walkAndJudge } from './walks';

/** Values a repeated parameter is given at most at once. */
const MANY = 25;
/** Values of one parameter asked for at most, MANY at a time. */
const MOST = 100;

/** Distinct values of a filter's fields in the list, those absent from the first page first (an ignored filter shows). */
function valuesOf(ref: Reference, fields: (item: Item) => unknown[]): string[] {
  const text = (item: Item) => fields(item).filter((v): v is string => typeof v === 'string' && v !== '');
  const first = new Set((ref.walk.pages[0]?.items ?? []).flatMap(text));
  return [...new Set(ref.items.flatMap(text))].sort().sort((a, b) => Number(first.has(a)) - Number(first.has(b)));
}

/** The list filtered by one filter, on the reference's base (a list's required parameters, the base a search needs). */
function filtered(op: (typeof LISTS)[number], ref: Reference, filter: FilterRef, what: string): RequestSpec {
  const spec = filteredRequest(op, onBase(ref, [filter]).filters);
  return { ...spec, purpose: `${op} filtered by ${filter.name}: ${what}` };
}

export const dataSpellings: Phase = {
  area: 'filters',
  name: 'repeated parameters given many times, values in every legal spelling',
  label: 'filters/spellings',
  async run(run) {
    const walks: Array<Promise<unknown>> = [];
    for (const rule of FILTER_RULES) {
      const { op, ref: where, semantics, choice } = rule.filter;
      const parameter = FACTS[op].parameters.find((p) => p.in === where.where && p.name === where.name);
      if (!parameter?.repeated || choice || semantics?.kind !== 'equals' || runsIn(rule, run.config.mode) !== true) continue;
      walks.push(
        reference(run, op).then(async (ref) => {
          const found = valuesOf(ref, semantics.fields);
          const tries: Array<[string[], string]> = [];
          // Every value the list read holds, MANY at a time (up to MOST): each item asked for by its own value.
          if (found.length > 2) {
            for (let from = 0; from < Math.min(found.length, MOST); from += MANY) {
              const values = found.slice(from, from + MANY);
              tries.push([values, from === 0 ? `${values.length} values` : `${values.length} values, from the ${from + 1}th`]);
            }
          }
          if ((parameter.schema.items as JsonSchema | undefined)?.format === 'uuid' && found.length) tries.push([found.slice(0, 2).map((v) => v.toUpperCase()), 'UUIDs in upper case']);
          const walkOf = ([values, what]: [string[], string]) => {
            const filter = { ...where, values };
            return walkAndJudge(run, [filter], filtered(op, ref, filter, what), ref);
          };
          await settle(tries.map(walkOf));
        }),
      );
    }
    await settle(walks);
  },
};
