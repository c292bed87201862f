// The contract's own examples are part of the seed, so every example request in the docs
// works against the sandbox: its companies exist (a watchdog example can subscribe them), its
// municipalities are listed and its three watchdogs can be activated, patched and so on.
// Imported rather than read from disk, so the seed builds in a browser page too (bundlers inline it).
import contract from '../../../generated/openapi.json';
import type { Company, Municipality, Watchdog } from '../types';

type Examples = Record<string, { value: unknown }>;

function loadExamples(): Examples {
  return (contract as unknown as { components: { examples: Examples } }).components.examples;
}

function value<T>(examples: Examples, name: string): T {
  const example = examples[name];
  if (!example) throw new Error(`contract example ${name} is missing from generated/openapi.json`);
  return structuredClone(example.value) as T;
}

export interface ExampleSeed {
  municipalities: Municipality[];
  companies: Company[];
  watchdogs: Watchdog[];
}

const MUNICIPALITY_PAGES = ['municipalities-at', 'municipalities-de', 'municipalities-ch'];
const COMPANY_PAGES = ['company-search-at', 'company-search-de', 'company-search-ch'];
const WATCHDOGS = ['watchdog-at', 'watchdog-de', 'watchdog-ch'];

export function exampleSeed(): ExampleSeed {
  const examples = loadExamples();
  const municipalities = MUNICIPALITY_PAGES.flatMap((name) => value<{ results: Municipality[] }>(examples, name).results);
  const watchdogs = WATCHDOGS.map((name) => value<Watchdog>(examples, name));
  const companies = new Map<string, Company>();
  const found = [
    ...COMPANY_PAGES.flatMap((name) => value<{ results: Company[] }>(examples, name).results),
    ...watchdogs.flatMap((watchdog) => watchdog.monitored_companies as Company[]),
  ];
  // One key order for every company, whichever example it came from.
  for (const c of found) {
    companies.set(c.uuid, { uuid: c.uuid, name: c.name, country: c.country, registration_number: c.registration_number, status: c.status });
  }
  return { municipalities, companies: [...companies.values()], watchdogs };
}
