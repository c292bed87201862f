// Municipalities generated from the written place table: officials, contacts and dates are
// drawn from the seeded generator, with nulls in every nullable field somewhere.
import type { Municipality, MunicipalityOfficial, MunicipalRole, RelationshipType } from '../types';
import { MUNICIPAL_ROLES, RELATIONSHIP_TYPES, VERIFICATION_STATUSES } from '../types';
import { FIRST_NAMES, LAST_NAMES, OTHER_TITLES, ROLE_TITLES, mailbox, regionOf, type Gender } from './people';
import { STATUS_DISPLAY, type Country, type Place } from './places';
import type { Random } from './random';

const POPULATION_AS_OF: Record<Country, string> = { AT: '2025-01-01', DE: '2024-12-31', CH: '2024-12-31' };
const REFERENCE_DATE: Record<Country, string> = { AT: '2025-06-30', DE: '2025-03-31', CH: '2025-01-01' };

const PHONE: Record<Country, (random: Random) => string> = {
  AT: (r) => `+43 ${r.int(1, 7999)} ${r.int(1000, 99999)}`,
  DE: (r) => `+49 ${r.int(30, 9999)} ${r.int(10000, 9999999)}`,
  CH: (r) => `+41 ${r.int(21, 91)} ${r.int(200, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`,
};

const OTHER_TYPES = RELATIONSHIP_TYPES.filter((type) => !(MUNICIPAL_ROLES as readonly string[]).includes(type)) as Exclude<
  RelationshipType,
  MunicipalRole
>[];

function sourceLabel(place: Place): string {
  if (place.language === 'fr') return `Commune de ${place.name}`;
  if (place.language === 'it') return `Comune di ${place.name}`;
  return `${place.status === 'KFS' || place.status === 'ST' ? 'Stadt' : 'Gemeinde'} ${place.name}`;
}

function official(random: Random, place: Place, type: RelationshipType): MunicipalityOfficial {
  const gender: Gender = random.chance(0.5) ? 'f' : 'm';
  const first = random.pick(FIRST_NAMES[place.language][gender]);
  const last = random.pick(LAST_NAMES[regionOf(place.country, place.language)]);
  const titles = (ROLE_TITLES[regionOf(place.country, place.language)] as Record<string, readonly [string, string]>)[type];
  const role = titles ? titles[gender === 'm' ? 0 : 1] : OTHER_TITLES[type as keyof typeof OTHER_TITLES];
  const personUuid = random.uuid();
  const result: MunicipalityOfficial = {
    relationship_type: type,
    role,
    first_name: first,
    last_name: last,
    full_name: `${first} ${last}`,
    person_uuid: personUuid,
    person_url: `https://service.example/personen/${personUuid}/`,
    work_email: random.chance(0.3) ? null : `${mailbox(first, last)}@${place.domain}`,
    work_phone: random.chance(0.35) ? null : PHONE[place.country](random),
    start_date: random.chance(0.2) ? null : random.date(2005, 2025),
    source_url: random.chance(0.3) ? null : `https://www.${place.domain}/${random.pick(['politik', 'verwaltung', 'rathaus'])}/`,
    source_label: random.chance(0.2) ? null : sourceLabel(place),
    source_as_of: random.chance(0.2) ? null : random.date(2024, 2025),
    source_role: random.chance(0.25) ? null : role,
  };
  // verification_status is optional in the contract: left out now and then.
  if (!random.chance(0.15)) result.verification_status = random.pick(VERIFICATION_STATUSES);
  return result;
}

function officials(random: Random, place: Place, index: number): MunicipalityOfficial[] {
  const types: RelationshipType[] = [];
  if (!random.chance(0.05)) types.push('mayor');
  if (random.chance(0.6)) types.push('vice_mayor');
  if (random.chance(0.5)) types.push('municipal_office_director');
  for (let i = random.int(0, 2); i > 0; i--) types.push('municipal_councillor');
  if (random.chance(0.3)) types.push('municipal_official');
  // Every third place gets one person in another relationship, so each published type occurs.
  const other = index % 3 === 0 ? OTHER_TYPES[index / 3] : undefined;
  if (other) types.push(other);
  return types.map((type) => official(random, place, type));
}

export function municipalityFrom(random: Random, place: Place, index: number): Municipality {
  const uuid = random.uuid();
  const cc = place.country.toLowerCase();
  const referenceDate = random.chance(0.15) ? null : REFERENCE_DATE[place.country];
  const companyCount = place.population === null ? random.int(40, 900) : Math.round(place.population / random.int(12, 30));
  // Key order follows the contract's examples; optional (non-nullable) fields are left out when unknown.
  return {
    uuid,
    country_code: place.country,
    official_code: place.code,
    name: place.name,
    ...(place.district ? { district_code: place.district[0], district_name: place.district[1] } : {}),
    state_code: place.state[0],
    state_name: place.state[1],
    status: place.status,
    status_display: STATUS_DISPLAY[place.country][place.status] ?? place.status,
    ...(place.nuts3 ? { nuts3_code: place.nuts3 } : {}),
    ...(place.lau !== false ? { lau_code: place.code } : {}),
    population: place.population,
    population_as_of: place.population === null ? null : POPULATION_AS_OF[place.country],
    reference_date: referenceDate,
    company_count: companyCount,
    officials: officials(random, place, index),
    profile_url: `https://service.example/gemeinden/${cc}/${place.code}/`,
    budget_url: `https://service.example/gemeinden/${cc}/${place.code}/${place.country === 'CH' ? 'budget' : 'haushalt'}/`,
  };
}
