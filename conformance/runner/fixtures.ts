// What the run works with: samples of the deployment's own data (both lists, read whole when
// they are small), the identifiers of every resource it knows (listed, created by the run, given
// in the config), the resource each path parameter is aimed at, and the clean-up of every watchdog
// a run creates (named with its prefix, deactivated when it ends: the API publishes no delete).
import type { OperationId, ResourceName } from '../../generated';
import { pathResource, resourceReferencedBy, RESOURCES, valuesAt, type Resource } from '../../protocol/meaning';
import { bodyFieldMaxLength, FACTS, LISTS, OPERATION_IDS } from '../contract/facts';
import type { JsonSchema } from '../contract/document';
import type { FilterRef } from '../engine/replay-case';
import { isObject, isSuccess, type Body, type RequestSpec } from '../engine/request';
import { proven } from '../cases/classify';
import { fromWire } from '../cases/coerce';
import { requiredQuery } from '../cases/required';
import { typicalValue } from '../cases/values';
import { describeFilters } from '../rules/filters';
import type { Run } from './run';
import { itemsOf, type Item, type Reference, type Walk } from '../engine/walk';
import { walkList } from './walk';
import { findBase } from './bases';
import { seededUuid } from './seeded';

export { seededIndex, seededShuffle, seededUuid } from './seeded';

export const PROMPT = 'Conformance check: report insolvencies and changes of managing directors.';

/** Names of watchdogs a run creates start with this, so they can be told apart and cleaned up. */
export const runTag = (run: Run, label = '') => `conformance-${run.config.runId}${label ? `-${label}` : ''}`;

/** Live runs may create watchdogs only with CONFORMANCE_WRITES=1; the mock stores nothing. */
export const mayWrite = (run: Run) => run.config.mode === 'mock' || run.config.writes;

/** Operations that create a resource: they write and name none in their path. */
export const CREATES = OPERATION_IDS.filter((id) => FACTS[id].writes && !FACTS[id].parameters.some((p) => p.in === 'path'));

/** The identifier a path parameter is filled with, and where it comes from. */
export interface Target {
  id: string;
  /** The deployment has it: one its list served, one the run created, one the config names. */
  real: boolean;
  /** Made up because nothing published names a real one (no list, no create, none in the config): a 404 only warns. */
  madeUp: boolean;
  /** The item its list served (`listedBy`): a success must answer it. */
  listed?: Item;
}

/**
 * Every watchdog a create brought into being (rightly, or wrongly under a refusal probe) is
 * deactivated when the run ends. Installed once per run.
 */
export function trackCreates(run: Run): void {
  const seen = new Set<string>();
  run.watch((x) => {
    if (run.config.mode !== 'live' || !CREATES.includes(x.spec.operationId) || !isSuccess(x.status) || !isObject(x.json) || typeof x.json.uuid !== 'string') return;
    const uuid = x.json.uuid;
    if (seen.has(uuid)) return;
    seen.add(uuid);
    // The deactivate body restates the name; one its schema would refuse is replaced.
    const max = bodyFieldMaxLength('watchdogsDeactivate', 'name');
    const name = typeof x.json.name === 'string' && (max === undefined || [...x.json.name].length <= max) ? x.json.name : runTag(run, 'cleanup');
    const prompt = typeof x.json.prompt === 'string' ? x.json.prompt : PROMPT;
    run.onCleanup(async () => {
      await run.send({ operationId: 'watchdogsDeactivate', purpose: 'deactivate a watchdog this run created (clean-up)', params: { uuid }, body: { kind: 'json', value: { name, prompt } } });
    });
  });
}

/**
 * A resource of the run's own, made by the operation that creates it (`createdBy`): once per run
 * and role when writes are allowed (the shared one, or one of an operation's own), with the
 * create's required fields (its name the run's tag, so it is cleaned up); otherwise made up.
 */
export function ownResource(run: Run, resource: Resource, role = 'fixture'): Promise<Target> {
  return run.memo(`own:${resource.name}:${role}`, async () => {
    const madeUp: Target = { id: seededUuid(run, role), real: false, madeUp: false };
    const create = resource.createdBy;
    if (!create || run.config.mode === 'mock' || !run.config.writes || run.config.excluded?.includes(create)) return madeUp;
    const json = FACTS[create].bodies.find((b) => b.mediaType === 'application/json');
    const properties = (json?.schema.properties ?? {}) as Record<string, JsonSchema>;
    const ctx = { tag: runTag(run, role), references: () => undefined, freshUuid: () => seededUuid(run, `${role}:field`) };
    const value = Object.fromEntries(((json?.schema.required ?? []) as string[]).map((name) => [name, typicalValue(properties[name]!, name, ctx)]));
    const x = await run.send({
      operationId: create,
      purpose: role === 'fixture' ? `create the ${resource.name} the other cases use` : `create the ${resource.name} ${role}'s cases use`,
      ...(json && { body: { kind: 'json', value } }),
      expect: 'accept',
    });
    const id = isSuccess(x.status) && isObject(x.json) ? valuesAt(x.json, resource.key)[0] : undefined;
    return typeof id === 'string' ? { id, real: true, madeUp: false } : madeUp;
  });
}

/**
 * The identifier a path parameter is aimed at, by the resource it names (`x-resource`): for a
 * write, the run's own (`createdBy`); else one its list served (`listedBy`), one the config names,
 * the run's own; else a made-up one. A parameter naming no declared resource is made up.
 */
export async function targetFor(run: Run, op: OperationId, parameter: string, role?: string): Promise<Target> {
  const resource = pathResource(op, parameter);
  const madeUp: Target = { id: seededUuid(run, `${op}:${parameter}`), real: false, madeUp: true };
  if (!resource) return madeUp;
  if (FACTS[op].writes && resource.createdBy) return ownResource(run, resource, role);
  const listedBy = resource.listedBy;
  if (listedBy && LISTS.includes(listedBy)) {
    const item = (await reference(run, listedBy)).items.find((i) => typeof valuesAt(i, resource.key)[0] === 'string');
    if (item) return { id: valuesAt(item, resource.key)[0] as string, real: true, madeUp: false, listed: item };
  }
  const known = givenIds(run, resource.name)[0];
  if (known) return { id: known, real: true, madeUp: false };
  if (resource.createdBy) return ownResource(run, resource, role);
  return madeUp;
}

const asQuery = (filters: FilterRef[]) => filters.filter((f) => f.where === 'query').flatMap((f) => f.values.map((v) => [f.name, v] as [string, string]));

/** The base request of a list: everything, with the full key (and its required query parameters, which every request carries). */
export function listRequest(op: OperationId): RequestSpec {
  const json = FACTS[op].bodies.some((b) => b.mediaType === 'application/json');
  const required = requiredQuery(op);
  const spec: RequestSpec = {
    operationId: op,
    purpose: `${op} without filters${required.length ? ` but the required ${describeFilters(required, false)}` : ''}`,
    ...(required.length && { query: asQuery(required) }),
    ...(json && { body: { kind: 'json', value: {} } }),
  };
  return { ...spec, ...proven(spec, 'accept') };
}

export const BODY_KINDS: Array<[string, (fields: Array<[string, string]>) => Body]> = [
  ['application/json', (fields) => ({ kind: 'json', value: Object.fromEntries(fields) })],
  ['application/x-www-form-urlencoded', (fields) => ({ kind: 'form', fields })],
  ['multipart/form-data', (fields) => ({ kind: 'multipart', fields })],
];

/** The list request filtered by these filters (and the required query parameters they do not give), in a media type for body filters. */
export function filteredRequest(op: OperationId, filters: FilterRef[], mediaType = 'application/json'): RequestSpec {
  // What was proven of the unfiltered request is proven again of this one.
  const { expect: _expect, choice: _choice, openFields: _open, ...base } = listRequest(op);
  const given = [...filters, ...requiredQuery(op).filter((r) => !filters.some((f) => sameFilter(f, r)))];
  const query = asQuery(given);
  const fields = given.filter((f) => f.where === 'body').map((f) => [f.name, f.values[0]!] as [string, string]);
  // In JSON a body filter's value is typed as its schema says (a number, a boolean); a form carries text.
  const properties = (FACTS[op].bodies.find((b) => b.mediaType === 'application/json')?.schema.properties ?? {}) as Record<string, JsonSchema>;
  const make = BODY_KINDS.find(([type]) => type === mediaType)![1];
  const body = !FACTS[op].bodies.length
    ? undefined
    : mediaType === 'application/json'
      ? ({ kind: 'json', value: Object.fromEntries(fields.map(([name, value]) => [name, fromWire(value, properties[name] ?? {})])) } as Body)
      : make(fields);
  const spec: RequestSpec = { ...base, query, body, purpose: `${op} filtered by ${describeFilters(filters, false)}${mediaType === 'application/json' ? '' : ` (${mediaType})`}` };
  return { ...spec, ...proven(spec, 'accept') };
}

/** Pages read in search of a complete list: a list this small is read whole, so filters can be judged exactly. */
export const REFERENCE_PAGES = 12;

/** Pages a reference walk reads: the mock's pages are examples, one is enough to judge the envelope. */
const referencePages = (run: Run) => (run.config.mode === 'mock' ? 1 : Math.max(run.config.maxPages, REFERENCE_PAGES));


/** Same filter (where and name). */
export const sameFilter = (a: Pick<FilterRef, 'where' | 'name'>, b: Pick<FilterRef, 'where' | 'name'>) => a.where === b.where && a.name === b.name;

/**
 * The filters a list request carries to test `filters` against the reference: the base's, but
 * for those the tested filters replace, and whether the reference still holds every item the
 * request may find (not when a base filter was replaced).
 */
export function onBase(ref: Reference, filters: FilterRef[]): { filters: FilterRef[]; reference: Reference } {
  const kept = ref.base.filter((b) => !filters.some((f) => sameFilter(f, b)));
  const replaced = kept.length < ref.base.length;
  return { filters: [...kept, ...filters], reference: replaced ? { ...ref, complete: false, count: undefined } : ref };
}

/**
 * The first pages of a list without filters, once per run (a list's own reference and other
 * lists' base searches read them); nothing for a list the config excludes.
 */
function unfiltered(run: Run, op: OperationId): Promise<Walk> {
  if (run.config.excluded?.includes(op)) return Promise.resolve({ base: listRequest(op), pages: [], backs: [], complete: false, pageSize: 0, foreignLinks: [], broken: [] });
  return run.memo(`unfiltered:${op}`, () => walkList(run, listRequest(op), referencePages(run)));
}

/** The items of every other list as first read without filters (a base search takes words from them). */
async function otherLists(run: Run, op: OperationId): Promise<Array<[OperationId, Item[]]>> {
  const others = LISTS.filter((other) => other !== op);
  const walks = await Promise.all(others.map((other) => unfiltered(run, other).catch(() => undefined)));
  return others.map((other, i) => [other, walks[i] ? itemsOf(walks[i]) : []]);
}

/** Items the list answers under these filters (its first page's count), 0 when refused. */
async function countUnder(run: Run, op: OperationId, filters: FilterRef[], why: string): Promise<number> {
  const spec = filteredRequest(op, filters);
  const x = await run.send({ ...spec, purpose: `${spec.purpose} (looking for a base: the list without filters answered no items; ${why})` }).catch(() => undefined);
  return x && isSuccess(x.status) && isObject(x.json) && typeof x.json.count === 'number' ? x.json.count : 0;
}

/**
 * One reference walk per list and run, shared by the list rules, the filters and the value
 * samples: the list without filters, or, when that answers no items (refused, or an empty search),
 * the list on a base found in the deployment's data (runner/bases.ts).
 */
export function reference(run: Run, op: OperationId): Promise<Reference> {
  return run.memo(`reference:${op}`, async () => {
    const of = (walk: Walk, base: FilterRef[], tried?: number): Reference => ({ walk, items: itemsOf(walk), complete: walk.complete, count: walk.pages[0]?.count, base, ...(tried !== undefined && { tried }) });
    // The required query parameters are a base every request of the list carries.
    const required = requiredQuery(op);
    const plain = await unfiltered(run, op);
    const first = plain.pages[0];
    if (run.config.mode === 'mock' || !first || (isSuccess(first.x.status) && first.items.length > 0)) return of(plain, required);
    const found = await findBase(run, op, (filters, why) => countUnder(run, op, filters, why), () => otherLists(run, op));
    if (!found.filters) return of(plain, required, found.tried);
    const spec = filteredRequest(op, found.filters);
    const answered = isSuccess(first.x.status) ? 'no items' : String(first.x.status);
    const base = [...required.filter((r) => !found.filters!.some((f) => sameFilter(f, r))), ...found.filters];
    return of(await walkList(run, { ...spec, purpose: `${spec.purpose} (the base: without filters the list answered ${answered})` }, referencePages(run)), base, found.tried);
  });
}

/** The old spellings of the config's `ids`: named after the body fields that refer to the resource. */
const LEGACY_KEYS = ['companies', 'tags'] as const;

/** The identifiers the user gives for a resource: `ids.<resource>`, and the old key named after the fields that refer to it. */
export function givenIds(run: Run, resource: ResourceName): string[] {
  const known = run.config.known;
  const legacy = LEGACY_KEYS.filter((key) => resourceReferencedBy(key) === resource).flatMap((key) => known?.[key] ?? []);
  return [...new Set([...(known?.ids?.[resource] ?? []), ...legacy])];
}

/**
 * Identifiers of every declared resource the deployment has, by resource: those the config names
 * first (`ids`, `companies`, `tags`), then those its list serves (`listedBy`, read once per run).
 */
export async function knownIds(run: Run): Promise<ReadonlyMap<ResourceName, string[]>> {
  return run.memo('known ids', async () => {
    const ids = new Map<ResourceName, string[]>();
    for (const resource of RESOURCES) {
      const given = givenIds(run, resource.name);
      const listedBy = resource.listedBy;
      const items = listedBy && LISTS.includes(listedBy) ? (await reference(run, listedBy)).items : [];
      const listed = items.map((item) => valuesAt(item, resource.key)[0]).filter((id): id is string => typeof id === 'string');
      ids.set(resource.name, [...new Set([...given, ...listed])]);
    }
    return ids;
  });
}
