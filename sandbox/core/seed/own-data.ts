// A team's own seed data (`createHandlers({ data })`, `contract-kit sandbox --data file.json`):
// municipalities, companies and watchdogs in the contract's shapes, each given list replacing the
// built-in one. Every item is checked by the contract's schema (the generated validators), then
// for what the sandbox itself needs: every company field it searches by, unique uuids, and
// watchdogs that watch companies of the data. A problem is one line naming the item and field.
import type { components } from '../../../generated/schema';
import type { SchemaName } from '../../../generated';
import { schemaValidator } from '../../../protocol/validation';
import { describeViolation } from '../validation';
import type { Company, Municipality, Watchdog } from '../types';
import { orderSeed, type Seed } from '.';

type Schemas = components['schemas'];

/** Seed data of your own, in the contract's shapes; a list given replaces the built-in one, a list left out keeps it. */
export interface SeedData {
  municipalities?: Schemas['Municipality'][];
  /** Search results; the sandbox needs every field (it searches and filters by each). */
  companies?: Schemas['CompanySearchResult'][];
  /** Watchdogs as the API answers them; `companies` (or else `monitored_companies`) must name companies of the data. */
  watchdogs?: Schemas['Watchdog'][];
}

/** What is wrong with seed data: the field, e.g. `municipalities[3].country_code` (empty for the whole), and the rule. */
export interface SeedDataProblem {
  field: string;
  problem: string;
}

/** One line: `data.municipalities[3].country_code: must match pattern "^[A-Z]{2}$"` under the root's name. */
export const describeSeedDataProblem = ({ field, problem }: SeedDataProblem, root: string): string => `${root}${field ? `.${field}` : ''}: ${problem}`;

const LISTS: Record<keyof SeedData, SchemaName> = { municipalities: 'Municipality', companies: 'CompanySearchResult', watchdogs: 'Watchdog' };
const COMPANY_FIELDS = ['uuid', 'name', 'country', 'registration_number', 'status'] as const;

class Problem extends Error {
  constructor(readonly field: string, readonly problem: string) {
    super(`${field}: ${problem}`);
  }
}

/** `results[0].name: must be string` under an item's field, e.g. `municipalities[3].name: must be string`. */
function itemProblem(item: string, violation: string): Problem {
  const [field, ...rule] = describeViolation(violation).split(': ');
  return new Problem(field === 'body' ? item : `${item}.${field}`, rule.join(': '));
}

function checkList(name: keyof SeedData, list: unknown): void {
  if (!Array.isArray(list)) throw new Problem(name, `must be an array of ${LISTS[name]} objects`);
  const validate = schemaValidator(LISTS[name]);
  const seen = new Map<string, number>();
  list.forEach((item: unknown, index) => {
    const where = `${name}[${index}]`;
    const result = validate(item);
    if (!result.valid) throw itemProblem(where, result.errors[0]!);
    const record = item as Record<string, unknown>;
    if (name === 'companies') {
      const missing = COMPANY_FIELDS.find((field) => record[field] === undefined);
      if (missing) throw new Problem(`${where}.${missing}`, `is required by the sandbox (it searches and filters companies by ${COMPANY_FIELDS.join(', ')})`);
    }
    const uuid = String(record.uuid).toLowerCase();
    const first = seen.get(uuid);
    if (first !== undefined) throw new Problem(`${where}.uuid`, `${JSON.stringify(record.uuid)} is also the uuid of ${name}[${first}]`);
    seen.set(uuid, index);
  });
}

/** The companies a watchdog watches: `companies`, else the uuids of `monitored_companies`. */
export const watchedCompanies = (watchdog: Watchdog): { field: string; uuids: string[] } =>
  watchdog.companies ? { field: 'companies', uuids: watchdog.companies } : { field: 'monitored_companies', uuids: watchdog.monitored_companies.map((company) => company.uuid ?? '') };

/** Throws a Problem for the first thing wrong with `data`. */
function check(data: unknown, companies: Company[]): void {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Problem('', 'must be an object with municipalities, companies and/or watchdogs');
  for (const key of Object.keys(data)) if (!(key in LISTS)) throw new Problem(key, `is not seed data; expected ${Object.keys(LISTS).join(', ')}`);
  for (const name of Object.keys(LISTS) as (keyof SeedData)[]) if (name in data) checkList(name, (data as SeedData)[name]);
  const known = new Set(((data as SeedData).companies ?? companies).map((company) => company.uuid!.toLowerCase()));
  ((data as SeedData).watchdogs ?? []).forEach((watchdog, index) => {
    const { field, uuids } = watchedCompanies(watchdog as Watchdog);
    const unknown = uuids.findIndex((uuid) => !known.has(uuid.toLowerCase()));
    if (unknown !== -1) throw new Problem(`watchdogs[${index}].${field}[${unknown}]`, `no company ${JSON.stringify(uuids[unknown])} in the ${(data as SeedData).companies ? "data's" : "built-in"} companies`);
  });
}

/** The first problem of `data` against the built-in seed's companies, or undefined. */
export function seedDataProblem(data: unknown, builtIn: Seed): SeedDataProblem | undefined {
  try {
    check(data, builtIn.companies);
    return undefined;
  } catch (error) {
    if (error instanceof Problem) return { field: error.field, problem: error.problem };
    throw error;
  }
}

/** The built-in seed with the lists `data` gives in place of its own (checked first: see seedDataProblem), in the seed's order. */
export function withOwnData(builtIn: Seed, data: SeedData): Seed {
  return orderSeed({
    municipalities: (data.municipalities as Municipality[] | undefined) ?? builtIn.municipalities,
    companies: (data.companies as Company[] | undefined) ?? builtIn.companies,
    watchdogs: (data.watchdogs as Watchdog[] | undefined) ?? builtIn.watchdogs,
  });
}
