// Companies generated from name parts per country, with registry numbers in each country's
// format (AT Firmenbuch `FN 412873 h`, DE Handelsregister `HRB 148213`, CH UID `CHE-109.322.571`).
// The names are invented combinations; the contract's example companies are added by seed/index.ts.
import { COMPANY_STATUSES, type Company, type CompanyStatus } from '../types';
import type { Country } from './places';
import type { Random } from './random';

interface NameParts {
  trades: readonly string[];
  families: readonly string[];
  regions: readonly string[];
  forms: readonly string[];
  /** Added to the name while a company is in liquidation, as registries show it. */
  liquidation: string;
  /** A registry number in the country's format; the legal form decides the register in DE. */
  registryNumber: (random: Random, form: string) => string;
}

const digits = (random: Random, n: number) => String(random.int(0, 10 ** n - 1)).padStart(n, '0');

const PARTS: Record<Country, NameParts> = {
  AT: {
    trades: ['Bäckerei', 'Holzbau', 'Elektrotechnik', 'Transporte', 'Metallbau', 'Tischlerei', 'Installationen', 'Brauerei', 'Baumeister', 'Gasthof'],
    families: ['Gruber', 'Huber', 'Pichler', 'Moser', 'Leitner', 'Eder', 'Aigner', 'Wimmer', 'Brandstätter', 'Haslinger', 'Strasser', 'Ortner'],
    regions: ['Salzkammergut', 'Traunviertel', 'Wachau', 'Pinzgau', 'Mühlviertel', 'Zillertal', 'Steirisches Vulkanland', 'Seewinkel'],
    forms: ['GmbH', 'GmbH', 'KG', 'OG', 'e.U.', 'GmbH & Co KG'],
    liquidation: 'in Liqu.',
    registryNumber: (r) => `FN ${r.int(10000, 629999)} ${r.pick([...'abdfghikmpstvwxyz'])}`,
  },
  DE: {
    trades: ['Logistik', 'Maschinenbau', 'Solartechnik', 'Software', 'Bauunternehmung', 'Spedition', 'Gebäudetechnik', 'Feinkost', 'Druckerei', 'Autohaus'],
    families: ['Schneider', 'Becker', 'Hoffmann', 'Schäfer', 'Koch', 'Richter', 'Krüger', 'Hartmann', 'Lorenz', 'Brandt', 'Vogel', 'Seidel'],
    regions: ['Rhein-Main', 'Hanse', 'Elbtal', 'Nordsee', 'Schwarzwald', 'Allgäu', 'Spreewald', 'Ruhrgebiet'],
    forms: ['GmbH', 'GmbH', 'AG', 'GmbH & Co. KG', 'KG', 'UG (haftungsbeschränkt)', 'e.K.'],
    liquidation: 'i.L.',
    // Partnerships and sole traders are in section A of the Handelsregister, companies in section B.
    registryNumber: (r, form) => `${/KG|e\.K\./.test(form) ? 'HRA' : 'HRB'} ${r.int(1000, 259999)}`,
  },
  CH: {
    trades: ['Uhren', 'Treuhand', 'Käserei', 'Bergbahnen', 'Informatik', 'Immobilien', 'Transport', 'Chocolaterie', 'Schreinerei', 'Hotel'],
    families: ['Keller', 'Gerber', 'Baumann', 'Widmer', 'Favre', 'Rochat', 'Bernasconi', 'Wyss', 'Zürcher', 'Perret', 'Cattaneo', 'Kälin'],
    regions: ['Jura', 'Léman', 'Engadin', 'Aaretal', 'Gotthard', 'Zürichsee', 'Emmental', 'Seeland'],
    forms: ['AG', 'AG', 'GmbH', 'SA', 'Sàrl', 'Genossenschaft'],
    liquidation: 'in Liquidation',
    registryNumber: (r) => `CHE-${digits(r, 3)}.${digits(r, 3)}.${digits(r, 3)}`,
  },
};

function status(random: Random, index: number): CompanyStatus {
  // The first eight cycle through every status; after that most companies are active.
  if (index < COMPANY_STATUSES.length) return COMPANY_STATUSES[index]!;
  return random.chance(0.55) ? 'Active' : random.pick(COMPANY_STATUSES);
}

function name(random: Random, parts: NameParts, form: string): string {
  return random.chance(0.6)
    ? `${random.pick(parts.trades)} ${random.pick(parts.families)} ${form}`
    : `${random.pick(parts.regions)} ${random.pick(parts.trades)} ${form}`;
}

/** `count` companies of one country whose names and registry numbers are not in `taken`. */
export function generateCompanies(random: Random, country: Country, count: number, taken: Set<string>): Company[] {
  const parts = PARTS[country];
  const companies: Company[] = [];
  while (companies.length < count) {
    const companyStatus = status(random, companies.length);
    const form = random.pick(parts.forms);
    const base = name(random, parts, form);
    const registrationNumber = parts.registryNumber(random, form);
    const uuid = random.uuid();
    if (taken.has(base) || taken.has(registrationNumber)) continue;
    taken.add(base);
    taken.add(registrationNumber);
    companies.push({
      uuid,
      name: companyStatus === 'In Liquidation' ? `${base} ${parts.liquidation}` : base,
      country,
      registration_number: registrationNumber,
      status: companyStatus,
    });
  }
  return companies;
}
