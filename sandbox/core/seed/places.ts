// Written table of real AT, DE and CH municipalities: official codes (AT Gemeindekennziffer,
// DE Amtlicher Gemeindeschlüssel, CH BFS number), districts, states, NUTS 3 and rounded
// populations. Officials are generated (seed/officials.ts). The contract's own example
// municipalities (Hallstatt, Linz, Heidelberg, Gengenbach, Zermatt) come from seed/examples.ts.

export type Country = 'AT' | 'DE' | 'CH';
export type Language = 'de' | 'fr' | 'it';

export interface Place {
  country: Country;
  code: string;
  name: string;
  /** Absent where a canton has no districts (Geneva, Neuchâtel). */
  district?: [code: string, name: string];
  state: [code: string, name: string];
  /** National municipality type code (see STATUS_DISPLAY). */
  status: string;
  nuts3?: string;
  /** Absent for a few places, to exercise the optional `lau_code`. */
  lau?: false;
  population: number | null;
  /** Official web domain, for e-mail addresses and source URLs. */
  domain: string;
  language: Language;
}

export const STATUS_DISPLAY: Record<Country, Record<string, string>> = {
  AT: { ST: 'Statutarstadt', SG: 'Stadtgemeinde', MG: 'Marktgemeinde', G: 'Gemeinde' },
  DE: { KFS: 'Kreisfreie Stadt', ST: 'Stadt', M: 'Markt', G: 'Gemeinde' },
  CH: { EG: 'Einwohnergemeinde', PG: 'Politische Gemeinde', COM: 'Commune', CMN: 'Comune' },
};

const AT_STATES = {
  1: 'Burgenland', 2: 'Kärnten', 3: 'Niederösterreich', 4: 'Oberösterreich', 5: 'Salzburg',
  6: 'Steiermark', 7: 'Tirol', 8: 'Vorarlberg', 9: 'Wien',
} as const;
const DE_STATES = {
  '01': 'Schleswig-Holstein', '02': 'Hamburg', '03': 'Niedersachsen', '04': 'Bremen', '05': 'Nordrhein-Westfalen',
  '06': 'Hessen', '07': 'Rheinland-Pfalz', '08': 'Baden-Württemberg', '09': 'Bayern', '10': 'Saarland',
  '11': 'Berlin', '12': 'Brandenburg', '13': 'Mecklenburg-Vorpommern', '14': 'Sachsen', '15': 'Sachsen-Anhalt',
  '16': 'Thüringen',
} as const;
const CH_CANTONS = {
  ZH: 'Zürich', BE: 'Bern', LU: 'Luzern', GL: 'Glarus', BS: 'Basel-Stadt', SG: 'St. Gallen', GR: 'Graubünden',
  TI: 'Tessin', VD: 'Waadt', VS: 'Wallis', NE: 'Neuenburg', GE: 'Genf',
} as const;

type Row = [code: string, name: string, district: [string, string] | null, state: string, status: string, nuts3: string | null, population: number | null, domain: string];

function at([code, name, district, state, status, nuts3, population, domain]: Row): Place {
  const stateName = AT_STATES[Number(state) as keyof typeof AT_STATES];
  return { country: 'AT', code, name, district: district ?? undefined, state: [state, stateName], status, nuts3: nuts3 ?? undefined, population, domain, language: 'de' };
}

function de([code, name, district, state, status, nuts3, population, domain]: Row): Place {
  const stateName = DE_STATES[state as keyof typeof DE_STATES];
  return { country: 'DE', code, name, district: district ?? undefined, state: [state, stateName], status, nuts3: nuts3 ?? undefined, population, domain, language: 'de' };
}

function ch(language: Language, [code, name, district, state, status, nuts3, population, domain]: Row): Place {
  const stateName = CH_CANTONS[state as keyof typeof CH_CANTONS];
  return { country: 'CH', code, name, district: district ?? undefined, state: [state, stateName], status, nuts3: nuts3 ?? undefined, population, domain, language };
}

export const PLACES: Place[] = [
  at(['90001', 'Wien', ['900', 'Wien'], '9', 'ST', 'AT130', 2005760, 'wien.gv.at']),
  at(['60101', 'Graz', ['601', 'Graz (Stadt)'], '6', 'ST', 'AT221', 305314, 'graz.at']),
  at(['50101', 'Salzburg', ['501', 'Salzburg (Stadt)'], '5', 'ST', 'AT323', 157659, 'stadt-salzburg.at']),
  at(['70101', 'Innsbruck', ['701', 'Innsbruck-Stadt'], '7', 'ST', 'AT332', 131961, 'innsbruck.gv.at']),
  at(['20101', 'Klagenfurt am Wörthersee', ['201', 'Klagenfurt Stadt'], '2', 'ST', 'AT211', 104985, 'klagenfurt.at']),
  at(['20201', 'Villach', ['202', 'Villach Stadt'], '2', 'ST', 'AT211', 65960, 'villach.at']),
  at(['40301', 'Wels', ['403', 'Wels (Stadt)'], '4', 'ST', 'AT312', 64335, 'wels.gv.at']),
  at(['30201', 'St. Pölten', ['302', 'St. Pölten (Stadt)'], '3', 'ST', 'AT123', 56960, 'st-poelten.at']),
  at(['40201', 'Steyr', ['402', 'Steyr (Stadt)'], '4', 'ST', 'AT314', 37800, 'steyr.at']),
  at(['10101', 'Eisenstadt', ['101', 'Eisenstadt (Stadt)'], '1', 'ST', 'AT112', 15710, 'eisenstadt.gv.at']),
  at(['30101', 'Krems an der Donau', ['301', 'Krems an der Donau (Stadt)'], '3', 'ST', 'AT124', 25410, 'krems.gv.at']),
  at(['80207', 'Bregenz', ['802', 'Bregenz'], '8', 'SG', 'AT341', 29980, 'bregenz.gv.at']),
  at(['80301', 'Dornbirn', ['803', 'Dornbirn'], '8', 'SG', 'AT342', 50620, 'dornbirn.at']),
  at(['70403', 'Kitzbühel', ['704', 'Kitzbühel'], '7', 'SG', 'AT335', 8190, 'kitzbuehel.at']),
  at(['50628', 'Zell am See', ['506', 'Zell am See'], '5', 'SG', 'AT322', null, 'zellamsee.gv.at']),
  at(['30604', 'Baden', ['306', 'Baden'], '3', 'SG', 'AT127', 26300, 'baden.at']),
  at(['61108', 'Leoben', ['611', 'Leoben'], '6', 'SG', 'AT226', 24500, 'leoben.at']),
  at(['31716', 'Mödling', ['317', 'Mödling'], '3', 'SG', 'AT127', 20900, 'moedling.at']),
  at(['40705', 'Gmunden', ['407', 'Gmunden'], '4', 'SG', 'AT315', 13300, 'gmunden.ooe.gv.at']),
  at(['40702', 'Bad Ischl', ['407', 'Gmunden'], '4', 'SG', 'AT315', 14200, 'bad-ischl.ooe.gv.at']),
  at(['70935', 'Mayrhofen', ['709', 'Schwaz'], '7', 'MG', 'AT335', 3900, 'mayrhofen.tirol.gv.at']),
  at(['61263', 'Schladming', ['612', 'Liezen'], '6', 'SG', 'AT222', 6850, 'schladming.at']),
  at(['10713', 'Neusiedl am See', ['107', 'Neusiedl am See'], '1', 'SG', null, 8300, 'neusiedlamsee.at']),
  at(['60668', 'Pöllau', ['622', 'Hartberg-Fürstenfeld'], '6', 'MG', 'AT224', 6100, 'poellau.gv.at']),

  de(['11000000', 'Berlin', ['11000', 'Berlin'], '11', 'KFS', 'DE300', 3755251, 'berlin.de']),
  de(['02000000', 'Hamburg', ['02000', 'Hamburg'], '02', 'KFS', 'DE600', 1910160, 'hamburg.de']),
  de(['09162000', 'München', ['09162', 'München, Landeshauptstadt'], '09', 'KFS', 'DE212', 1510378, 'muenchen.de']),
  de(['05315000', 'Köln', ['05315', 'Köln, Kreisfreie Stadt'], '05', 'KFS', 'DEA23', 1024621, 'stadt-koeln.de']),
  de(['06412000', 'Frankfurt am Main', ['06412', 'Frankfurt am Main, Stadt'], '06', 'KFS', 'DE712', 775790, 'frankfurt.de']),
  de(['08111000', 'Stuttgart', ['08111', 'Stuttgart, Stadtkreis'], '08', 'KFS', 'DE111', 613392, 'stuttgart.de']),
  de(['08311000', 'Freiburg im Breisgau', ['08311', 'Freiburg im Breisgau, Stadtkreis'], '08', 'KFS', 'DE131', 237460, 'freiburg.de']),
  de(['14612000', 'Dresden', ['14612', 'Dresden, Stadt'], '14', 'KFS', 'DED21', 566222, 'dresden.de']),
  de(['14713000', 'Leipzig', ['14713', 'Leipzig, Stadt'], '14', 'KFS', 'DED51', 619879, 'leipzig.de']),
  de(['04011000', 'Bremen', ['04011', 'Bremen, Stadt'], '04', 'KFS', 'DE501', 577026, 'bremen.de']),
  de(['03241001', 'Hannover', ['03241', 'Region Hannover'], '03', 'ST', 'DE929', 548186, 'hannover.de']),
  de(['09564000', 'Nürnberg', ['09564', 'Nürnberg'], '09', 'KFS', 'DE254', 526091, 'nuernberg.de']),
  de(['09180117', 'Garmisch-Partenkirchen', ['09180', 'Garmisch-Partenkirchen'], '09', 'M', 'DE21D', 27380, 'gapa.de']),
  de(['09180128', 'Oberammergau', ['09180', 'Garmisch-Partenkirchen'], '09', 'G', 'DE21D', 5400, 'gemeinde-oberammergau.de']),
  de(['09172116', 'Berchtesgaden', ['09172', 'Berchtesgadener Land'], '09', 'M', 'DE215', 7830, 'berchtesgaden.de']),
  de(['16051000', 'Erfurt', ['16051', 'Erfurt, Stadt'], '16', 'KFS', 'DEG01', 214969, 'erfurt.de']),
  de(['12054000', 'Potsdam', ['12054', 'Potsdam'], '12', 'KFS', 'DE423', 185750, 'potsdam.de']),
  de(['13003000', 'Rostock', ['13003', 'Rostock'], '13', 'KFS', 'DE803', 209061, 'rostock.de']),
  de(['10041100', 'Saarbrücken', ['10041', 'Regionalverband Saarbrücken'], '10', 'ST', 'DEC01', 180374, 'saarbruecken.de']),
  de(['07315000', 'Mainz', ['07315', 'Mainz, kreisfreie Stadt'], '07', 'KFS', 'DEB35', 220552, 'mainz.de']),
  de(['01002000', 'Kiel', ['01002', 'Kiel, Landeshauptstadt'], '01', 'KFS', 'DEF02', 247717, 'kiel.de']),
  de(['15003000', 'Magdeburg', ['15003', 'Magdeburg, Landeshauptstadt'], '15', 'KFS', 'DEE03', 240114, 'magdeburg.de']),
  de(['01054168', 'Sylt', ['01054', 'Nordfriesland'], '01', 'G', 'DEF07', null, 'gemeinde-sylt.de']),
  de(['08315113', 'Titisee-Neustadt', ['08315', 'Breisgau-Hochschwarzwald'], '08', 'ST', 'DE132', 12300, 'titisee-neustadt.de']),
  de(['06434001', 'Bad Homburg v. d. Höhe', ['06434', 'Hochtaunuskreis'], '06', 'ST', 'DE718', 54000, 'bad-homburg.de']),

  ch('de', ['261', 'Zürich', ['112', 'Bezirk Zürich'], 'ZH', 'PG', 'CH040', 427721, 'stadt-zuerich.ch']),
  ch('de', ['230', 'Winterthur', ['110', 'Bezirk Winterthur'], 'ZH', 'PG', 'CH040', 117407, 'stadt.winterthur.ch']),
  ch('de', ['351', 'Bern', ['246', 'Verwaltungskreis Bern-Mittelland'], 'BE', 'EG', 'CH021', 134506, 'bern.ch']),
  ch('de', ['371', 'Biel/Bienne', ['243', 'Verwaltungskreis Biel/Bienne'], 'BE', 'EG', 'CH021', 55200, 'biel-bienne.ch']),
  ch('de', ['576', 'Grindelwald', ['250', 'Verwaltungskreis Interlaken-Oberhasli'], 'BE', 'EG', 'CH021', 3800, 'gemeinde-grindelwald.ch']),
  ch('fr', ['6621', 'Genève', null, 'GE', 'COM', 'CH013', 203951, 'geneve.ch']),
  ch('de', ['2701', 'Basel', ['1200', 'Kanton Basel-Stadt'], 'BS', 'EG', 'CH031', 173552, 'bs.ch']),
  ch('fr', ['5586', 'Lausanne', ['2225', 'District de Lausanne'], 'VD', 'COM', 'CH011', 140202, 'lausanne.ch']),
  ch('fr', ['5886', 'Montreux', ['2229', "District de la Riviera-Pays-d'Enhaut"], 'VD', 'COM', 'CH011', 26500, 'montreux.ch']),
  ch('de', ['1061', 'Luzern', ['316', 'Wahlkreis Luzern-Stadt'], 'LU', 'EG', 'CH061', 82922, 'stadtluzern.ch']),
  ch('it', ['5192', 'Lugano', ['2105', 'Distretto di Lugano'], 'TI', 'CMN', 'CH070', 62315, 'lugano.ch']),
  ch('it', ['5002', 'Bellinzona', ['2101', 'Distretto di Bellinzona'], 'TI', 'CMN', 'CH070', 43600, 'bellinzona.ch']),
  ch('de', ['3203', 'St. Gallen', ['1721', 'Wahlkreis St. Gallen'], 'SG', 'PG', 'CH055', 76213, 'stadt.sg.ch']),
  ch('fr', ['6266', 'Sion', ['2306', 'District de Sion'], 'VS', 'COM', 'CH012', 35500, 'sion.ch']),
  ch('de', ['6285', 'Grächen', ['2309', 'Bezirk Visp'], 'VS', 'EG', 'CH012', null, 'graechen.ch']),
  ch('de', ['3851', 'Davos', ['1848', 'Region Prättigau/Davos'], 'GR', 'PG', 'CH056', 10800, 'davos.ch']),
  ch('de', ['3901', 'Chur', ['1842', 'Region Plessur'], 'GR', 'PG', 'CH056', 38000, 'chur.ch']),
  ch('fr', ['6421', 'La Chaux-de-Fonds', null, 'NE', 'COM', 'CH024', 36900, 'chaux-de-fonds.ch']),
  { ...ch('fr', ['6436', 'Le Locle', null, 'NE', 'COM', 'CH024', 10200, 'lelocle.ch']), lau: false },
  ch('de', ['1630', 'Glarus', ['800', 'Kanton Glarus'], 'GL', 'EG', null, 12700, 'glarus.ch']),
];
