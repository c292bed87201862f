// Lookups over what generated/ says each operation means (openapi/README.md, "What an operation
// means"): its filters, the resource a path parameter names or an input refers to, the status that
// answers a condition, and the values at a field path of an item. The sandbox serves by them and
// the suite judges by them; neither keeps a table of its own.
import {
  meaning,
  operations,
  resources,
  type Condition,
  type FilterDeclaration,
  type OperationId,
  type ResourceDeclaration,
  type ResourceName,
} from '../generated';

export type { Condition, FilterDeclaration, ResourceDeclaration, ResourceName };

/** The filters of an operation: query parameters and search body fields. */
export const filtersOf = (op: OperationId): readonly FilterDeclaration[] => meaning[op].filters;

/** One filter of an operation, by where it is given and its name. */
export const filterOf = (op: OperationId, where: 'query' | 'body', name: string): FilterDeclaration | undefined =>
  meaning[op].filters.find((f) => f.where === where && f.name === name);

/** A resource with its name. */
export type Resource = ResourceDeclaration & { name: ResourceName };

const resourceNamed = (name: ResourceName | undefined): Resource | undefined => (name === undefined ? undefined : { ...resources[name], name });

/** The resource a path parameter names (`x-resource`). */
export const pathResource = (op: OperationId, parameter: string): Resource | undefined => resourceNamed(meaning[op].pathResources[parameter]);

/** The resource a query parameter or body field refers to (`x-references`). */
export const referenceOf = (op: OperationId, where: 'query' | 'body', name: string): Resource | undefined => resourceNamed(meaning[op].references[where][name]);

/** The resource the fields or parameters of this name refer to, in any operation (`companies` → company). */
export function resourceReferencedBy(name: string): ResourceName | undefined {
  for (const op of Object.values(meaning)) {
    const found = op.references.body[name] ?? op.references.query[name];
    if (found) return found;
  }
  return undefined;
}

/** Every declared resource, by name. */
export const RESOURCES: readonly Resource[] = (Object.keys(resources) as ResourceName[]).map((name) => resourceNamed(name)!);

/** The declared status answering a condition (e.g. 404 for `unknown-resource`), if any. */
export function statusFor(op: OperationId, condition: Condition): number | undefined {
  const found = Object.entries(meaning[op].conditions).find(([, conditions]) => conditions.includes(condition));
  return found ? Number(found[0]) : undefined;
}

/** The places of an operation whose meaning the document does not declare. */
export const blindAreas = (op: OperationId): readonly string[] => meaning[op].blind;

/** The page parameter of a list (`x-pagination: page`). */
export const pageParameter = (op: OperationId): string | undefined => meaning[op].page;

/**
 * A retrieve by identifier: a GET whose one path parameter names a resource some list serves
 * (`listedBy`). Its answer is that resource (the list's item).
 */
export function retrieveOf(op: OperationId): { parameter: string; resource: Resource & { listedBy: OperationId } } | undefined {
  const names = Object.entries(meaning[op].pathResources);
  if (operations[op].method !== 'get' || names.length !== 1) return undefined;
  const [parameter, name] = names[0]!;
  const resource = resourceNamed(name);
  return resource?.listedBy ? { parameter, resource: resource as Resource & { listedBy: OperationId } } : undefined;
}

/**
 * The values at a field path of an item: `country_code` → its value; `officials[].relationship_type`
 * → each official's (an absent or null step gives nothing).
 */
export function valuesAt(item: unknown, path: string): unknown[] {
  let current: unknown[] = [item];
  for (const part of path.split('.')) {
    const array = part.endsWith('[]');
    const name = array ? part.slice(0, -2) : part;
    current = current.flatMap((node) => {
      if (node === null || typeof node !== 'object' || Array.isArray(node)) return [];
      const value = (node as Record<string, unknown>)[name];
      if (value === undefined) return [];
      return array ? (Array.isArray(value) ? value : []) : [value];
    });
  }
  return current;
}
