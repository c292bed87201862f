// POST /api/v1/companies/search/: body fields name, registration_number, status and country
// (JSON, form-urlencoded or multipart), plus the repeated `status` query parameter (the
// contract's choice of name). All given criteria must hold; empty strings are no criterion.
import { jsonReply } from '../../../protocol/reply';
import { normalizeRegistryNumber, type IndexedCompany } from '../state';
import { pageJson, pageNumber } from '../pagination';
import type { Handler } from './context';
import { nonEmpty } from './params';

type Predicate = (c: IndexedCompany) => boolean;

/** Body field -> predicate on a non-empty string value (the validator has checked the types). */
const BODY_FILTERS: Record<string, (value: string) => Predicate> = {
  name: (value) => {
    const needle = value.toLowerCase();
    return (c) => c.name.includes(needle);
  },
  registration_number: (value) => {
    const needle = normalizeRegistryNumber(value);
    return (c) => c.registrationNumber.includes(needle);
  },
  status: (value) => (c) => c.record.status === value,
  country: (value) => {
    const code = value.toUpperCase();
    return (c) => c.record.country === code;
  },
};

export const companiesSearch: Handler = async ({ state, query, baseUrl, body }) => {
  const page = pageNumber(query);
  const statuses = nonEmpty(query.get('status'));
  const criteria = await body();

  const tests: Predicate[] = [];
  for (const [field, build] of Object.entries(BODY_FILTERS)) {
    const value = criteria[field];
    if (typeof value === 'string' && value !== '') tests.push(build(value));
  }
  if (statuses.length > 0) {
    const wanted = new Set(statuses);
    tests.push((c) => wanted.has(c.record.status));
  }
  const items = state.companies.filter((c) => tests.every((test) => test(c))).map((c) => c.json);
  return jsonReply(200, pageJson(items, { page, pageSize: state.limits.pageSize, baseUrl, query }));
};
