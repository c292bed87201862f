// GET /api/v1/municipalities/: every published filter, combined with AND; a repeated
// parameter matches any of its values (OR). Semantics the contract leaves open are listed in
// sandbox/README.md.
import { jsonReply } from '../../../protocol/reply';
import { pageJson, pageNumber } from '../pagination';
import type { Query } from '../query';
import type { IndexedMunicipality } from '../state';
import type { Handler } from './context';
import { checkEnum, checkParameter, checkUuids, nonEmpty } from './params';

type Predicate = (m: IndexedMunicipality) => boolean;

const utf8 = new TextEncoder();

/** Parameter -> a predicate built from its values (already without empty ones). */
const FILTERS: Record<string, (values: string[]) => Predicate> = {
  country_code: (values) => {
    checkParameter('municipalitiesList', 'country_code', values);
    const codes = new Set(values);
    return (m) => codes.has(m.countryCode);
  },
  country_code_exclude: (values) => {
    const codes = new Set(values.map((v) => v.toUpperCase()));
    return (m) => !codes.has(m.countryCode);
  },
  district: (values) => {
    const wanted = values[values.length - 1]!.toLowerCase();
    return (m) => m.district.includes(wanted);
  },
  state: (values) => {
    const wanted = values[values.length - 1]!.toLowerCase();
    return (m) => m.state.includes(wanted);
  },
  official_code: (values) => {
    const codes = new Set(values);
    return (m) => codes.has(m.record.official_code);
  },
  official_role: (values) => {
    const role = values[values.length - 1]!;
    checkEnum('official_role', 'MunicipalRole', [role]);
    return (m) => m.roles.has(role);
  },
  q: (values) => {
    const needle = values[values.length - 1]!.toLowerCase();
    return (m) => m.haystack.some((text) => text.includes(needle));
  },
  status: (values) => {
    const status = values[values.length - 1]!;
    return (m) => m.record.status === status;
  },
  uuid: (values) => {
    checkUuids('uuid', values);
    const uuids = new Set(values.map((v) => v.toLowerCase()));
    return (m) => uuids.has(m.uuid);
  },
};

function predicates(query: Query): Predicate[] {
  const built: Predicate[] = [];
  for (const [parameter, build] of Object.entries(FILTERS)) {
    const values = nonEmpty(query.get(parameter));
    if (values.length > 0) built.push(build(values));
  }
  return built;
}

/** The cache key: the page depends on nothing else (credentials only decide whether it is served). */
function pageKey(baseUrl: string, query: Query): string {
  let key = baseUrl;
  for (const [name, values] of query) if (name !== 'sessionid') key += `\n${name}=${values.join('\u0000')}`;
  return key;
}

export const municipalitiesList: Handler = ({ state, query, baseUrl }) => {
  const key = pageKey(baseUrl, query);
  const cached = state.municipalityPages.get(key);
  if (cached) return jsonReply(200, cached);
  const page = pageNumber(query);
  const tests = predicates(query);
  const items =
    tests.length === 0
      ? state.municipalityJson
      : state.municipalities.filter((m) => tests.every((test) => test(m))).map((m) => m.json);
  const body = utf8.encode(pageJson(items, { page, pageSize: state.limits.pageSize, baseUrl, query }));
  state.municipalityPages.set(key, body);
  return jsonReply(200, body);
};

/** The filter parameters the list understands (the tests check each one). */
export const MUNICIPALITY_FILTERS = Object.keys(FILTERS);
