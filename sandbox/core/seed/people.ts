// Name and title tables for generated officials. The names are common ones combined at
// random: no generated official is a real office holder.
import type { MunicipalRole, RelationshipType } from '../types';
import type { Country, Language } from './places';

export type Gender = 'f' | 'm';
type Region = 'AT' | 'DE' | 'CH-de' | 'CH-fr' | 'CH-it';

export function regionOf(country: Country, language: Language): Region {
  return country === 'CH' ? `CH-${language}` : country;
}

export const FIRST_NAMES: Record<Language, Record<Gender, readonly string[]>> = {
  de: {
    m: ['Andreas', 'Thomas', 'Michael', 'Stefan', 'Martin', 'Christian', 'Markus', 'Johannes', 'Florian', 'Lukas', 'Tobias', 'Matthias', 'Jürgen', 'Günther', 'Reinhard', 'Wolfgang'],
    f: ['Anna', 'Maria', 'Claudia', 'Sabine', 'Katharina', 'Julia', 'Elisabeth', 'Petra', 'Andrea', 'Barbara', 'Sandra', 'Verena', 'Ursula', 'Monika', 'Jana', 'Lena'],
  },
  fr: {
    m: ['Jean', 'Pierre', 'Laurent', 'Nicolas', 'Olivier', 'Philippe', 'Thierry', 'Cédric'],
    f: ['Marie', 'Sophie', 'Nathalie', 'Isabelle', 'Céline', 'Valérie', 'Camille', 'Aurélie'],
  },
  it: {
    m: ['Marco', 'Luca', 'Giorgio', 'Paolo', 'Matteo', 'Davide'],
    f: ['Giulia', 'Francesca', 'Chiara', 'Sara', 'Elena', 'Paola'],
  },
};

export const LAST_NAMES: Record<Region, readonly string[]> = {
  AT: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner', 'Moser', 'Mayer', 'Hofer', 'Leitner', 'Berger', 'Fuchs', 'Eder', 'Winkler', 'Schwarz', 'Reiter', 'Wimmer', 'Egger', 'Baumgartner', 'Auer'],
  DE: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Becker', 'Schulz', 'Hoffmann', 'Schäfer', 'Koch', 'Richter', 'Klein', 'Wolf', 'Schröder', 'Neumann', 'Zimmermann', 'Krüger', 'Hartmann', 'Lehmann'],
  'CH-de': ['Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Gerber', 'Brunner', 'Baumann', 'Frei', 'Moser', 'Widmer', 'Wyss', 'Graf', 'Roth', 'Kälin'],
  'CH-fr': ['Favre', 'Rochat', 'Bonvin', 'Perret', 'Rey', 'Morand', 'Girard', 'Fournier', 'Bovet', 'Jaquet', 'Monnier', 'Pittet'],
  'CH-it': ['Bernasconi', 'Rossi', 'Ferrari', 'Bianchi', 'Lombardi', 'Pedrazzini', 'Galli', 'Cattaneo', 'Fontana', 'Moretti'],
};

/** Role titles by region, municipal role and gender (`[male, female]`). */
export const ROLE_TITLES: Record<Region, Record<MunicipalRole, readonly [string, string]>> = {
  AT: {
    mayor: ['Bürgermeister', 'Bürgermeisterin'],
    vice_mayor: ['Vizebürgermeister', 'Vizebürgermeisterin'],
    municipal_office_director: ['Amtsleiter', 'Amtsleiterin'],
    municipal_councillor: ['Gemeinderat', 'Gemeinderätin'],
    municipal_official: ['Gemeindebediensteter', 'Gemeindebedienstete'],
  },
  DE: {
    mayor: ['Bürgermeister', 'Bürgermeisterin'],
    vice_mayor: ['Erster Beigeordneter', 'Erste Beigeordnete'],
    municipal_office_director: ['Hauptamtsleiter', 'Hauptamtsleiterin'],
    municipal_councillor: ['Stadtrat', 'Stadträtin'],
    municipal_official: ['Verwaltungsangestellter', 'Verwaltungsangestellte'],
  },
  'CH-de': {
    mayor: ['Gemeindepräsident', 'Gemeindepräsidentin'],
    vice_mayor: ['Vizepräsident', 'Vizepräsidentin'],
    municipal_office_director: ['Gemeindeschreiber', 'Gemeindeschreiberin'],
    municipal_councillor: ['Gemeinderat', 'Gemeinderätin'],
    municipal_official: ['Gemeindeverwalter', 'Gemeindeverwalterin'],
  },
  'CH-fr': {
    mayor: ['Syndic', 'Syndique'],
    vice_mayor: ['Vice-syndic', 'Vice-syndique'],
    municipal_office_director: ['Secrétaire communal', 'Secrétaire communale'],
    municipal_councillor: ['Conseiller municipal', 'Conseillère municipale'],
    municipal_official: ['Employé communal', 'Employée communale'],
  },
  'CH-it': {
    mayor: ['Sindaco', 'Sindaca'],
    vice_mayor: ['Vicesindaco', 'Vicesindaca'],
    municipal_office_director: ['Segretario comunale', 'Segretaria comunale'],
    municipal_councillor: ['Municipale', 'Municipale'],
    municipal_official: ['Funzionario comunale', 'Funzionaria comunale'],
  },
};

/**
 * Titles for the relationship types that are not municipal roles: a municipality's people in
 * its utilities, associations and audit (so every published relationship type occurs once).
 */
export const OTHER_TITLES: Record<Exclude<RelationshipType, MunicipalRole>, string> = {
  shareholder: 'Gesellschaftervertretung Stadtwerke',
  managing_director: 'Geschäftsführung Stadtwerke',
  board_of_directors: 'Verwaltungsrat Gemeindewerke',
  executive_board: 'Vorstand Gemeindeverband',
  supervisory_board: 'Aufsichtsrat Stadtwerke',
  procurator: 'Prokura Stadtwerke',
  general_partner: 'Komplementär Bauhof-KG',
  limited_partner: 'Kommanditist Bauhof-KG',
  signatory: 'Zeichnungsberechtigung Gemeindekasse',
  liquidator: 'Liquidation Tourismusgesellschaft',
  parent: 'Trägerschaft Gemeindebetriebe',
  subsidiary: 'Leitung Tochtergesellschaft',
  predecessor: 'Vorgänger im Amt',
  partner: 'Städtepartnerschaft',
  supplier: 'Vertragspartner Winterdienst',
  customer: 'Auftraggeber Bauvergabe',
  competitor: 'Mitbewerber Vergabeverfahren',
  branch: 'Leitung Außenstelle',
  association: 'Vertretung Gemeindebund',
  auditor: 'Rechnungsprüfung',
  employee: 'Mitarbeit Bürgerservice',
  relocated_to: 'Amtssitz verlegt',
  other: 'Ortsvorsteher',
};

const TRANSLITERATION: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss', é: 'e', è: 'e', ê: 'e', à: 'a', â: 'a', ç: 'c', ô: 'o', î: 'i' };

/** `Jürgen Kälin` -> `juergen.kaelin`: the local part of an ASCII e-mail address. */
export function mailbox(...parts: string[]): string {
  return parts
    .join('.')
    .toLowerCase()
    .replace(/[äöüßéèêàâçôî]/g, (c) => TRANSLITERATION[c] ?? c)
    .replace(/[^a-z0-9.-]/g, '');
}
