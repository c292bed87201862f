// Everything the handlers read: the seed, indexed and serialized once at start (so a request
// filters precomputed fields and joins precomputed JSON), and the watchdog store.
import { BoundedCache } from './cache';
import { indexItems, type IndexedItem } from './filters';
import type { Limits } from './limits';
import { buildSeed, type Seed } from './seed';
import { watchedCompanies } from './seed/own-data';
import { WatchdogStore, type WatchdogRecord } from './store';
import type { Company, Municipality, Watchdog } from './types';

/** A municipality as served, indexed for every filter of the list (filters.ts). */
export type IndexedMunicipality = IndexedItem<Municipality>;
/** A company as served, indexed for every filter of the search (filters.ts). */
export type IndexedCompany = IndexedItem<Company>;

export interface SandboxState {
  limits: Limits;
  municipalities: IndexedMunicipality[];
  /** Every municipality's JSON, in list order: the unfiltered list needs no work per item. */
  municipalityJson: string[];
  companies: IndexedCompany[];
  companiesByUuid: ReadonlyMap<string, Company>;
  watchdogs: WatchdogStore;
  /** Encoded municipality pages by origin, path and query (the seed never changes). */
  municipalityPages: BoundedCache<Uint8Array>;
}

function recordOf(watchdog: Watchdog): WatchdogRecord {
  return {
    uuid: watchdog.uuid,
    name: watchdog.name,
    prompt: watchdog.prompt,
    // Lower case, each once, as the store keeps them (own seed data may repeat one).
    companies: [...new Set(watchedCompanies(watchdog).uuids.map((u) => u.toLowerCase()))],
    tags: [...new Set((watchdog.tags ?? []).map((u) => u.toLowerCase()))],
    isActive: watchdog.is_active ?? true,
    lastSignal: watchdog.last_signal,
    createdAt: watchdog.created_at,
    updatedAt: watchdog.updated_at,
  };
}

export function createState(limits: Limits, seed: Seed = buildSeed()): SandboxState {
  // Indexed by the filters the contract declares for the list that serves each (x-filter).
  const municipalities = indexItems('municipalitiesList', seed.municipalities);
  const companies = indexItems('companiesSearch', seed.companies);
  const companiesByUuid = new Map(seed.companies.map((c) => [c.uuid.toLowerCase(), c]));
  const watchdogs = new WatchdogStore(companiesByUuid, limits.watchdogs);
  for (const watchdog of seed.watchdogs) watchdogs.insert(recordOf(watchdog));
  return {
    limits,
    municipalities,
    municipalityJson: municipalities.map((m) => m.json),
    companies,
    companiesByUuid,
    watchdogs,
    municipalityPages: new BoundedCache(256),
  };
}
