// What the run works with: samples of the deployment's own data (both lists, read whole when
// they are small), the watchdog the other cases aim at, and the clean-up of every watchdog a
// run creates (named with its prefix, deactivated when it ends: the API publishes no delete).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { OperationId } from '../../generated';
import { bodyFieldMaxLength, FACTS, LISTS, OPERATION_IDS } from '../contract/facts';
import type { FilterRef } from '../engine/replay-case';
import { isObject, isSuccess, type Body, type RequestSpec } from '../engine/request';
import { proven } from '../cases/classify';
import type { JsonSchema } from '../contract/document';
import { describeFilters, FILTERS } from '../rules/filters';
import type { Run } from './run';
import { itemsOf, type Item, type Reference, type Walk } from '../engine/walk';
import { walkList } from './walk';

export const PROMPT = 'Conformance check: report insolvencies and changes of managing directors.';

/** Names of watchdogs a run creates start with this, so they can be told apart and cleaned up. */
export const runTag = (run: Run, label = '') => `conformance-${run.config.runId}${label ? `-${label}` : ''}`;

/** Live runs may create watchdogs only with CONFORMANCE_WRITES=1; the mock stores nothing. */
export const mayWrite = (run: Run) => run.config.mode === 'mock' || run.config.writes;

/** The items in an order fast-check draws from the run's seed and a label: the same seed, the same order. */
export function seededShuffle<T>(run: Run, label: string, items: readonly T[]): T[] {
  if (items.length < 2) return [...items];
  const seed = createHash('sha256').update(`${run.config.seed}:${label}`).digest().readInt32LE(0);
  return fc.sample(fc.shuffledSubarray([...items], { minLength: items.length }), { seed, numRuns: 1 })[0]!;
}

/** An index below `n` derived from the run's seed and a label: the same seed picks the same. */
export const seededIndex = (run: Run, label: string, n: number) => createHash('sha256').update(`${run.config.seed}:${label}`).digest().readUInt32LE(0) % n;

/** A version-4 UUID derived from the run's seed and a label: the same seed gives the same UUIDs. */
export function seededUuid(run: Run, label: string): string {
  const hex = createHash('sha256').update(`${run.config.seed}:${label}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

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
    if (run.config.mode === 'mock' || !run.config.writes) return madeUp;
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

/** Candidate bases for a list that refuses to list without filters: each listed value of each enum filter, published names first. */
function baseCandidates(op: OperationId): FilterRef[][] {
  const enumFilters = FILTERS.filter((f) => f.op === op).sort((a, b) => Number(a.choice) - Number(b.choice));
  return enumFilters.flatMap((f) => {
    const facts = FACTS[op];
    const schema: JsonSchema | undefined = f.ref.where === 'query'
      ? facts.parameters.find((p) => p.in === 'query' && p.name === f.ref.name)?.schema
      : ((facts.bodies[0]?.schema.properties ?? {}) as Record<string, JsonSchema>)[f.ref.name];
    const values = (schema?.enum ?? (schema?.items as JsonSchema | undefined)?.enum) as unknown[] | undefined;
    return (values ?? []).map((v) => [{ ...f.ref, values: [String(v)] }]);
  });
}

/**
 * The base of a list that refuses the request without filters: each candidate's first page is
 * asked, and the one with the most items is the base (none when no candidate answers with items).
 */
async function derivedBase(run: Run, op: OperationId): Promise<FilterRef[] | undefined> {
  const probes = await Promise.all(
    baseCandidates(op).map(async (filters) => {
      const x = await run.send({ ...filteredRequest(op, filters), purpose: `${op} filtered by ${filters.map((f) => `${f.name}=${f.values[0]}`).join(' & ')} (looking for a base: the list without filters was refused)` }).catch(() => undefined);
      const count = x && isSuccess(x.status) && isObject(x.json) && typeof x.json.count === 'number' ? x.json.count : 0;
      return { filters, count };
    }),
  );
  const best = probes.filter((p) => p.count > 0).sort((a, b) => b.count - a.count)[0];
  return best?.filters;
}

/** One reference walk per list and run, shared by the list rules, the filters and the value samples. */
export function reference(run: Run, op: OperationId): Promise<Reference> {
  return run.memo(`reference:${op}`, async () => {
    // The mock's pages are examples: one is enough to judge the envelope.
    const pages = run.config.mode === 'mock' ? 1 : Math.max(run.config.maxPages, REFERENCE_PAGES);
    const of = (walk: Walk, base: FilterRef[]): Reference => ({ walk, items: itemsOf(walk), complete: walk.complete, count: walk.pages[0]?.count, base });
    const unfiltered = await walkList(run, listRequest(op), pages);
    if (run.config.mode === 'mock' || isSuccess(unfiltered.pages[0]?.x.status ?? 0)) return of(unfiltered, []);
    const base = await derivedBase(run, op);
    if (!base) return of(unfiltered, []);
    const status = unfiltered.pages[0]?.x.status;
    const spec = filteredRequest(op, base);
    return of(await walkList(run, { ...spec, purpose: `${spec.purpose} (the base: without filters the list answered ${status})` }, pages), base);
  });
}

/** The resource a list lists, by the contract's naming: companiesSearch → companies. */
export const resourceOf = (op: OperationId) => op.replace(/(Search|List)$/, '');

/** UUIDs of existing resources, by resource (`companies`, `municipalities`): a body field named so references them. */
export async function referencesFor(run: Run): Promise<Map<string, string[]>> {
  return run.memo('references', async () => {
    const refs = new Map<string, string[]>();
    for (const op of LISTS) {
      const uuids = (await reference(run, op)).items.map((item) => item.uuid).filter((u): u is string => typeof u === 'string');
      refs.set(resourceOf(op), uuids);
    }
    return refs;
  });
}
