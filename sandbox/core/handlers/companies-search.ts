// POST /api/v1/companies/search/: the body fields (JSON, form-urlencoded or multipart) and the
// repeated `status` query parameter the contract declares as filters (listed.ts). All given
// criteria must hold; empty strings are no criterion.
import { jsonReply } from '../../../protocol/reply';
import { pageJson, pageNumber } from '../pagination';
import type { Handler } from './context';
import { filtered } from './listed';

export const companiesSearch: Handler = async ({ state, query, baseUrl, body }) => {
  const page = pageNumber(query);
  const items = filtered('companiesSearch', state.companies, query, await body()).map((c) => c.json);
  return jsonReply(200, pageJson(items, { page, pageSize: state.limits.pageSize, baseUrl, query }));
};
