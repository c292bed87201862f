// What every list handler shares: the items a request keeps under the filters the contract declares
// for the list (query parameters and body fields, combined with AND), each read as filters.ts reads
// its kind. Empty values are no criterion (django-filter); values have been checked against the
// contract before (../parameters.ts, ../validation.ts).
import type { OperationId } from '../../../generated';
import { filtersOf } from '../../../protocol/meaning';
import { filterTest, type IndexedItem } from '../filters';
import type { Query } from '../query';
import { nonEmpty } from './params';

/** A body field's values as text: a string, a number or a boolean (a JSON body types them), or each of a list's. */
function bodyValues(value: unknown): string[] {
  const texts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [String(v)] : []));
  return nonEmpty(texts);
}

/** The items a list request keeps; the same array when it gives no filter. */
export function filtered<T>(op: OperationId, items: ReadonlyArray<IndexedItem<T>>, query: Query, body: Record<string, unknown> = {}): ReadonlyArray<IndexedItem<T>> {
  const tests = filtersOf(op).flatMap((filter) => {
    const given = filter.where === 'query' ? nonEmpty(query.get(filter.name)) : bodyValues(body[filter.name]);
    return given.length ? [filterTest(filter, given)] : [];
  });
  return tests.length === 0 ? items : items.filter((item) => tests.every((test) => test(item)));
}
