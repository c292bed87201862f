// GET /api/v1/municipalities/: every filter the contract declares (listed.ts), combined with AND;
// a repeated parameter matches any of its values (OR). Semantics the contract leaves open are
// listed in sandbox/README.md. Values have been checked against the contract before (../parameters.ts).
import { jsonReply } from '../../../protocol/reply';
import { pageJson, pageNumber } from '../pagination';
import type { Query } from '../query';
import type { Handler } from './context';
import { filtered } from './listed';

const utf8 = new TextEncoder();

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
  const kept = filtered('municipalitiesList', state.municipalities, query);
  const items = kept === state.municipalities ? state.municipalityJson : kept.map((m) => m.json);
  const body = utf8.encode(pageJson(items, { page, pageSize: state.limits.pageSize, baseUrl, query }));
  state.municipalityPages.set(key, body);
  return jsonReply(200, body);
};
