// Requests HTTP, JSON and URLs call equivalent get equivalent answers (the catalogue:
// cases/equivalence/catalogue.ts), and HTTP's own semantics hold where the contract relies on
// HTTP: HEAD answers as GET without the content, a condition that cannot be met changes nothing.
// Each rule compares a request's answer with the answer to the same request sent plainly.
import { FACTS, OPERATION_IDS } from '../contract/facts';
import type { Comparison, Equivalence } from '../cases/equivalence/index';
import { isClientError, isObject, isSuccess, type Exchange } from '../engine/request';
import { fail, pass, skip, warn, type Verdict } from '../engine/types';
import { defineRule } from './define';

/** A request (`x`) transformed by a row of the catalogue, and the same request sent plainly, both answered. */
export interface Pair {
  row: Equivalence;
  plain: Exchange;
  x: Exchange;
}

const GETS = OPERATION_IDS.filter((op) => FACTS[op].method === 'GET');
/** A create: a write that names no resource in its path (each answers a resource of its own). */
const creates = (x: Exchange) => FACTS[x.spec.operationId].writes && !FACTS[x.spec.operationId].parameters.some((p) => p.in === 'path');

const canonical = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(canonical).sort().join(',')}]` : isObject(value) ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}` : JSON.stringify(value) ?? 'undefined';

/**
 * What a success says, modulo what the contract leaves free: a list's count and the items of its
 * page (in any order, links aside); a create's answer for each field the request sent (the
 * resource, its times and whatever else the server makes differ); another write's nothing
 * beyond its status (its resource is shared with cases sent meanwhile).
 */
function content(x: Exchange, plain: Exchange): string {
  const body = x.json;
  if (FACTS[x.spec.operationId].paginated) {
    if (!isObject(body) || !Array.isArray(body.results)) return `, ${x.text.slice(0, 80)}`;
    const uuids = body.results.map((item) => (isObject(item) ? String(item.uuid) : JSON.stringify(item))).sort();
    return `, count ${String(body.count)}, ${uuids.length} item(s) on the page${uuids.length ? `: ${uuids.join(', ')}` : ''}`;
  }
  if (creates(x)) {
    const sent = plain.spec.body?.kind === 'json' && isObject(plain.spec.body.value) ? Object.keys(plain.spec.body.value) : [];
    return isObject(body) ? sent.map((field) => `, ${field} ${canonical(body[field])}`).join('') : `, ${x.text.slice(0, 80)}`;
  }
  return FACTS[x.spec.operationId].writes ? '' : `, ${canonical(body ?? x.text)}`;
}

const answer = (x: Exchange, plain: Exchange) => `${x.status}${isSuccess(x.status) ? content(x, plain) : ''}`;
/** An answer as a message shows it: its start. */
const shown = (text: string) => (text.length > 240 ? `${text.slice(0, 240)}…` : text);
const evidence = (x: Exchange, plain: Exchange) => ({ received: { answer: answer(x, plain), request: x.curl }, expected: { answer: answer(plain, plain), request: plain.curl } });

/** The two answers compared: both successes answer alike; one refused where the other succeeded fails, but where the row allows the refusal. */
function compared({ row, plain, x }: Pair): Verdict | undefined {
  const what = x.spec.purpose;
  const plainly = `the same request sent plainly answered ${shown(answer(plain, plain))} (${row.clause})`;
  if (plain.status >= 500 || x.status >= 500) return undefined; // no_server_error's
  if (isSuccess(plain.status) && isSuccess(x.status)) {
    const [mine, theirs] = [answer(x, plain), answer(plain, plain)];
    return mine === theirs ? pass(`${what}: answered alike (${shown(mine)})`) : fail(`${what}: answered ${shown(mine)}; ${plainly}`, evidence(x, plain));
  }
  if (isSuccess(plain.status)) {
    const allowed = row.mayRefuse && isClientError(x.status) && (!row.mayRefuse.statuses || row.mayRefuse.statuses.includes(x.status));
    if (allowed) return warn(`${what}: refused with ${x.status}; ${row.mayRefuse!.why}`, evidence(x, plain));
    return fail(`${what}: answered ${x.status}; ${plainly}`, evidence(x, plain));
  }
  if (isSuccess(x.status)) return fail(`${what}: answered ${shown(answer(x, plain))}; the same request sent plainly was refused with ${plain.status} (${row.clause})`, evidence(x, plain));
  return pass(`${what}: refused (${x.status}) as the same request sent plainly was (${plain.status})`);
}

const judging = (comparison: Comparison, check: (pair: Pair) => Verdict | undefined) => (pair: Pair) => (pair.row.compare === comparison ? check(pair) : undefined);

export const equivalentRequestsAnsweredAlike = defineRule<Pair>({
  name: 'equivalent_requests_answered_alike',
  area: 'inputs',
  summary:
    'a request sent another way HTTP, JSON, URLs or cookies make equivalent (chunked, JSON whitespace, member order and escapes, the media type and Accept as clients write them, the query reordered, re-encoded or a value repeated, the credential among neighbours) answers as the same request sent plainly: the same status, the same items or stored values; where a reasonable deployment may refuse it, a refusal warns',
  operations: OPERATION_IDS,
  mock: true,
  check: judging('alike', compared),
});

/** The media type of an answer, lower case, without parameters; '' when absent. */
const mediaTypeOf = (x: Exchange) => (x.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

export const headAnsweredAsGet = defineRule<Pair>({
  name: 'head_answered_as_get',
  area: 'inputs',
  summary: "HEAD on a GET operation, when served, answers GET's status with GET's Content-Type and no content (RFC 9110 §9.3.2; a server may refuse HEAD)",
  operations: GETS,
  mock: true,
  check: judging('head', ({ plain, x }) => {
    if (!isSuccess(plain.status) || x.status >= 500) return undefined;
    if (isClientError(x.status)) return skip(`HEAD answered ${x.status}: nothing to compare with GET (a deployment may refuse HEAD: FastAPI answers 405)`);
    const problems: string[] = [];
    if (x.status !== plain.status) problems.push(`status ${x.status}, GET ${plain.status}`);
    const [head, get] = [mediaTypeOf(x), mediaTypeOf(plain)];
    if (head && head !== get) problems.push(`Content-Type ${x.headers['content-type']}, GET ${plain.headers['content-type'] ?? 'none'}`);
    if (x.text.length > 0) problems.push(`${x.text.length} characters of content, where HEAD has none`);
    if (problems.length) return fail(`HEAD ${new URL(x.url).pathname}: ${problems.join('; ')} (RFC 9110 §9.3.2: the same header fields as GET, no content)`, { received: problems, expected: `${plain.status}, Content-Type ${plain.headers['content-type'] ?? 'none'}, no content` });
    if (!head) return warn(`HEAD ${new URL(x.url).pathname}: answered ${x.status} without the Content-Type GET sends (${get}); RFC 9110 §9.3.2 says a server SHOULD send it`);
    return pass(`HEAD: ${x.status}, ${head}, no content, as GET`);
  }),
});

/** The date a validator names, in ms; NaN when none. */
const dateOf = (value: string | undefined) => (value ? Date.parse(value) : NaN);

/** A 304 the plain answer's own validators explain: its ETag is a listed tag, or it was last modified by the date. */
function notModified(x: Exchange, plain: Exchange): boolean {
  const sent = Object.fromEntries(Object.entries(x.spec.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const etag = plain.headers.etag?.replace(/^W\//, '');
  if (sent['if-none-match'] !== undefined) return etag !== undefined && sent['if-none-match'].split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
  const since = dateOf(sent['if-modified-since']);
  const modified = dateOf(plain.headers['last-modified']);
  return !Number.isNaN(since) && !Number.isNaN(modified) && modified <= since;
}

export const unmetConditionAnsweredInFull = defineRule<Pair>({
  name: 'unmet_condition_answered_in_full',
  area: 'inputs',
  summary: 'a GET with a condition the representation cannot meet (If-None-Match with a tag never issued, If-Modified-Since the epoch) gets the full answer, as without it — never a 304 its own ETag or Last-Modified does not explain (RFC 9110 §13.1.2, §13.1.3)',
  operations: GETS,
  mock: true,
  check: judging('unconditional', (pair) => {
    const { plain, x, row } = pair;
    if (!isSuccess(plain.status) || x.status !== 304) return compared(pair);
    if (notModified(x, plain)) return pass(`${x.spec.purpose}: 304, which the plain answer's own validators explain`);
    return fail(`${x.spec.purpose}: answered 304 Not Modified${x.text ? '' : ' with no content'}; the same request without the condition answered ${shown(answer(plain, plain))} (${row.clause})`, evidence(x, plain));
  }),
});

/** The rule that judges each comparison. */
export const RULE_OF: Record<Comparison, typeof equivalentRequestsAnsweredAlike> = {
  alike: equivalentRequestsAnsweredAlike,
  head: headAnsweredAsGet,
  unconditional: unmetConditionAnsweredInFull,
};
