// Everything the handlers read: the seed, indexed and serialized once at start (so a request
// filters precomputed fields and joins precomputed JSON), and the watchdog store.
import { BoundedCache } from './cache';
import type { Limits } from './limits';
import { buildSeed, type Seed } from './seed';
import { watchedCompanies } from './seed/own-data';
import { WatchdogStore, type WatchdogRecord } from './store';
import type { Company, Municipality, Watchdog } from './types';

export interface IndexedMunicipality {
  record: Municipality;
  json: string;
  countryCode: string;
  /** Lower-cased district code and name. */
  district: string[];
  /** Lower-cased state code and name. */
  state: string[];
  /** Relationship types of the current officials. */
  roles: Set<string>;
  uuid: string;
  /** Lower-cased texts `q` searches: official code, name, district, state, officials' full names. */
  haystack: string[];
}

export interface IndexedCompany {
  record: Company;
  json: string;
  name: string;
  registrationNumber: string;
}

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

const lower = (values: (string | undefined)[]) => values.flatMap((v) => (v === undefined ? [] : [v.toLowerCase()]));

/** Registry numbers compared without case, spaces, dots and dashes: `CHE-109.322.571` ~ `che109322571`. */
export function normalizeRegistryNumber(value: string): string {
  return value.toLowerCase().replace(/[\s.\-/]/g, '');
}

function indexMunicipality(record: Municipality): IndexedMunicipality {
  return {
    record,
    json: JSON.stringify(record),
    countryCode: record.country_code.toUpperCase(),
    district: lower([record.district_code, record.district_name]),
    state: lower([record.state_code, record.state_name]),
    roles: new Set(record.officials.map((o) => o.relationship_type)),
    uuid: record.uuid.toLowerCase(),
    haystack: lower([
      record.official_code, record.name, record.district_code, record.district_name, record.state_code, record.state_name,
      ...record.officials.map((o) => o.full_name),
    ]),
  };
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
  const municipalities = seed.municipalities.map(indexMunicipality);
  const companies = seed.companies.map((record) => ({
    record,
    json: JSON.stringify(record),
    name: record.name.toLowerCase(),
    registrationNumber: normalizeRegistryNumber(record.registration_number),
  }));
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
