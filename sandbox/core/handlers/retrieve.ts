// A retrieve by identifier (`GET …/{uuid}/` whose path parameter names a resource a list serves,
// `x-resource` with `listedBy`), served from the items that list serves: the item whose key is
// the identifier (a UUID whatever its case), else 404 not_found.
import type { OperationId } from '../../../generated';
import { retrieveOf, valuesAt } from '../../../protocol/meaning';
import { jsonReply } from '../../../protocol/reply';
import { errors, quote } from '../errors';
import type { IndexedItem } from '../filters';
import type { SandboxState } from '../state';
import type { Handler } from './context';

/** The items each list the sandbox serves holds. */
const LISTED: Partial<Record<OperationId, (state: SandboxState) => ReadonlyArray<IndexedItem<object>>>> = {
  municipalitiesList: (state) => state.municipalities,
  companiesSearch: (state) => state.companies,
};

export function retrieveHandler(operationId: OperationId): Handler | undefined {
  const retrieve = retrieveOf(operationId);
  const items = retrieve && LISTED[retrieve.resource.listedBy];
  if (!retrieve || !items) return undefined;
  const { parameter, resource } = retrieve;
  const same = resource.format === 'uuid' ? (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase() : (a: unknown, b: string) => String(a) === b;
  return ({ state, params }) => {
    const id = params[parameter] ?? '';
    const found = items(state).find((item) => same(valuesAt(item.record, resource.key)[0], id));
    if (!found) throw errors.notFound(`No ${resource.name} with ${resource.key} ${quote(id)}`);
    return jsonReply(200, found.json);
  };
}
