// The whole seed: built once at start from a fixed seed, so every start serves the same data.
import { createRandom } from './random';
import { exampleSeed } from './examples';
import { generateCompanies } from './companies';
import { municipalityFrom } from './municipalities';
import { PLACES, type Country } from './places';
import type { Company, Municipality, Watchdog } from '../types';

export const DEFAULT_SEED = 20_260_401;

/** Companies per country, the contract's examples included. */
const COMPANIES_PER_COUNTRY = 24;

export interface Seed {
  /** Ordered by country code, then official code. */
  municipalities: Municipality[];
  /** Ordered by name (German collation). */
  companies: Company[];
  /** The contract's example watchdogs, in example order. */
  watchdogs: Watchdog[];
}

/** Plain code-unit order: codes sort the same on every machine, whatever its locale. */
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const collator = new Intl.Collator('de', { sensitivity: 'variant', numeric: true });

export function buildSeed(seed = DEFAULT_SEED): Seed {
  const random = createRandom(seed);
  const examples = exampleSeed();

  const municipalities = [...examples.municipalities, ...PLACES.map((place, i) => municipalityFrom(random, place, i))];
  const taken = new Set(examples.companies.flatMap((c) => [c.name, c.registration_number]));
  const companies = [...examples.companies];
  for (const country of ['AT', 'DE', 'CH'] as Country[]) {
    const have = companies.filter((c) => c.country === country).length;
    companies.push(...generateCompanies(random, country, COMPANIES_PER_COUNTRY - have, taken));
  }
  return orderSeed({ municipalities, companies, watchdogs: examples.watchdogs });
}

/** The lists in the sandbox's order: municipalities by country code, then official code; companies by name. */
export function orderSeed({ municipalities, companies, watchdogs }: Seed): Seed {
  return {
    municipalities: [...municipalities].sort((a, b) => byCode(a.country_code, b.country_code) || byCode(a.official_code, b.official_code)),
    companies: [...companies].sort((a, b) => collator.compare(a.name, b.name) || byCode(a.uuid, b.uuid)),
    watchdogs,
  };
}
