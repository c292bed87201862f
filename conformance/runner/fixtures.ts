// What the run works with: samples of the deployment's own data (both lists, read whole when
// they are small), the watchdog the other cases aim at, and the clean-up of every watchdog a
// run creates (named with its prefix, deactivated when it ends: the API publishes no delete).
import type { OperationId } from '../../generated';
import { bodyFieldMaxLength, FACTS, LISTS, OPERATION_IDS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { isObject, isSuccess, type Body, type RequestSpec } from '../engine/request';
import { proven } from '../cases/classify';
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

export interface WatchdogTarget {
  uuid: string;
  name: string;
  prompt: string;
  /** False for a made-up UUID (mock mode, or a read-only live run): the deployment has no such watchdog. */
  real: boolean;
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
 * A watchdog to aim watchdog operations at: created once per run and role when writes are allowed
 * (the shared one, or one of an operation's own); otherwise made up.
 */
export function fixtureWatchdog(run: Run, role = 'fixture'): Promise<WatchdogTarget> {
  return run.memo(`watchdog:${role}`, async () => {
    const madeUp = { uuid: seededUuid(run, role), name: runTag(run, role), prompt: PROMPT, real: false };
    if (run.config.mode === 'mock' || !run.config.writes || run.config.excluded?.includes('watchdogsCreate')) return madeUp;
    const x = await run.send({
      operationId: 'watchdogsCreate',
      purpose: role === 'fixture' ? 'create the watchdog the other cases use' : `create the watchdog ${role}'s cases use`,
      body: { kind: 'json', value: { name: madeUp.name, prompt: PROMPT } },
      expect: 'accept',
    });
    return isSuccess(x.status) && isObject(x.json) && typeof x.json.uuid === 'string' ? { ...madeUp, uuid: x.json.uuid, real: true } : madeUp;
  });
}

/** The base request of a list: everything, with the full key. */
export function listRequest(op: OperationId): RequestSpec {
  const json = FACTS[op].bodies.some((b) => b.mediaType === 'application/json');
  const spec: RequestSpec = { operationId: op, purpose: `${op} without filters`, ...(json && { body: { kind: 'json', value: {} } }) };
  return { ...spec, ...proven(spec, 'accept') };
}

export const BODY_KINDS: Array<[string, (fields: Array<[string, string]>) => Body]> = [
  ['application/json', (fields) => ({ kind: 'json', value: Object.fromEntries(fields) })],
  ['application/x-www-form-urlencoded', (fields) => ({ kind: 'form', fields })],
  ['multipart/form-data', (fields) => ({ kind: 'multipart', fields })],
];

/** The list request filtered by these filters, in a media type for body filters. */
export function filteredRequest(op: OperationId, filters: FilterRef[], mediaType = 'application/json'): RequestSpec {
  // What was proven of the unfiltered request is proven again of this one.
  const { expect: _expect, choice: _choice, openFields: _open, ...base } = listRequest(op);
  const query = filters.filter((f) => f.where === 'query').flatMap((f) => f.values.map((v) => [f.name, v] as [string, string]));
  const fields = filters.filter((f) => f.where === 'body').map((f) => [f.name, f.values[0]!] as [string, string]);
  const make = BODY_KINDS.find(([type]) => type === mediaType)![1];
  const body = FACTS[op].bodies.length ? make(fields) : undefined;
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
    const plain = await unfiltered(run, op);
    const first = plain.pages[0];
    if (run.config.mode === 'mock' || !first || (isSuccess(first.x.status) && first.items.length > 0)) return of(plain, []);
    const found = await findBase(run, op, (filters, why) => countUnder(run, op, filters, why), () => otherLists(run, op));
    if (!found.filters) return of(plain, [], found.tried);
    const spec = filteredRequest(op, found.filters);
    const answered = isSuccess(first.x.status) ? 'no items' : String(first.x.status);
    return of(await walkList(run, { ...spec, purpose: `${spec.purpose} (the base: without filters the list answered ${answered})` }, referencePages(run)), found.filters, found.tried);
  });
}

/** The resource a list lists, by the contract's naming: companiesSearch → companies. */
export const resourceOf = (op: OperationId) => op.replace(/(Search|List)$/, '');

/** UUIDs of existing resources, by resource (`companies`, `municipalities`, `tags` when the config names some): a body field named so references them. */
export async function referencesFor(run: Run): Promise<Map<string, string[]>> {
  return run.memo('references', async () => {
    const refs = new Map<string, string[]>();
    for (const op of LISTS) {
      const uuids = (await reference(run, op)).items.map((item) => item.uuid).filter((u): u is string => typeof u === 'string');
      refs.set(resourceOf(op), uuids);
    }
    // What the user vouches for comes first (tags only from there: no published operation lists them).
    const { companies, tags } = run.config.known ?? {};
    for (const [name, given] of [['companies', companies], ['tags', tags]] as const) {
      if (given?.length) refs.set(name, [...new Set([...given, ...(refs.get(name) ?? [])])]);
    }
    return refs;
  });
}
