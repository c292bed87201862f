// Proving the suite: against the sandbox (a correct deployment) it passes; behind a proxy that
// breaks one published rule it fails and names that rule; what the contract leaves open
// (rate limiting, is_active, refusal status, the search's success status) only warns.
import { AREA_LIST } from '../areas';
import { runAreas } from '../engine/scenario';
import { RULES } from '../engine/rules';
import type { AreaName } from '../engine/types';
import { buildReport, type Report } from '../report/model';
import type { RunningServer } from '../targets';
import {
  editJson,
  editJsonRequest,
  jsonResponse,
  pathOf,
  queryOf,
  startFaultProxy,
  type Fault,
  type ProxiedRequest,
} from './support/fault-proxy';
import { liveConfig, SANDBOX_CREDENTIALS, startSandbox } from './support/sandbox';

const LIST = '/api/v1/municipalities/';
const SEARCH = '/api/v1/companies/search/';
const isList = (req: ProxiedRequest) => req.method === 'GET' && pathOf(req) === LIST;
const isSearch = (req: ProxiedRequest) => req.method === 'POST' && pathOf(req) === SEARCH;
const isCreate = (req: ProxiedRequest) => req.method === 'POST' && pathOf(req) === '/api/v1/watchdogs/';
const isAction = (req: ProxiedRequest, action: string) => /^\/api\/v1\/watchdogs\/[^/]+\/(.+)\/$/.exec(pathOf(req))?.[1]?.startsWith(action) ?? false;
const isJson = (req: ProxiedRequest) => String(req.headers['content-type'] ?? '').startsWith('application/json');
const withoutParam = (req: ProxiedRequest, name: string): ProxiedRequest => {
  const url = new URL(req.url, 'http://x');
  url.searchParams.delete(name);
  return { ...req, url: url.pathname + url.search };
};
const withAuthorization = (req: ProxiedRequest, value: string): ProxiedRequest => ({ ...req, headers: { ...req.headers, authorization: value } });
const PUBLISHED_401 = { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' };

interface FaultCase {
  name: string;
  areas: AreaName[];
  fault: () => Fault;
  /** The rule × operation line the suite must report: FAIL for a broken rule; WARN or PASS (and nothing failing) for what is left open. */
  expect: [rule: string, operationId: string, outcome: 'fail' | 'warn' | 'pass'];
}

const FAULTS: FaultCase[] = [
  // responses
  { name: 'create answers 200 instead of 201', areas: ['lifecycle'], expect: ['success_status_as_published', 'watchdogsCreate', 'fail'],
    fault: () => ({ response: (req, res) => (isCreate(req) && res.status === 201 ? { ...res, status: 200 } : res) }) },
  { name: 'the list answers text/html', areas: ['responses'], expect: ['content_type_json', 'municipalitiesList', 'fail'],
    fault: () => ({ response: (req, res) => (isList(req) && res.status === 200 ? { ...res, headers: { ...res.headers, 'content-type': 'text/html; charset=utf-8' } } : res) }) },
  { name: 'a population of -1', areas: ['responses'], expect: ['body_matches_schema', 'municipalitiesList', 'fail'],
    fault: () => ({ response: (req, res) => (isList(req) && res.status === 200 ? editJson(res, (b) => void ((b.results as Array<Record<string, unknown>>)[0]!.population = -1)) : res) }) },
  { name: 'a population as a string', areas: ['responses'], expect: ['body_matches_schema', 'municipalitiesList', 'fail'],
    fault: () => ({ response: (req, res) => (isList(req) && res.status === 200 ? editJson(res, (b) => void ((b.results as Array<Record<string, unknown>>)[0]!.population = '746')) : res) }) },
  { name: 'activate answers 503', areas: ['lifecycle'], expect: ['no_server_error', 'watchdogsActivate', 'fail'],
    fault: () => ({ request: (req) => (isAction(req, 'activate') ? jsonResponse(503, { error: 'Service Unavailable', code: 'unavailable' }) : req) }) },
  // lists
  { name: 'the envelope misses count', areas: ['lists'], expect: ['envelope_fields', 'municipalitiesList', 'fail'],
    fault: () => ({ response: (req, res) => (isList(req) && res.status === 200 ? editJson(res, (b) => void delete b.count) : res) }) },
  { name: 'count is one more than the items', areas: ['lists'], expect: ['count_is_total', 'municipalitiesList', 'fail'],
    fault: () => ({ response: (req, res) => (isList(req) && res.status === 200 ? editJson(res, (b) => void (b.count = (b.count as number) + 1)) : res) }) },
  { name: 'next is set on the last page', areas: ['lists'], expect: ['next_previous_links', 'municipalitiesList', 'fail'],
    fault: () => ({ response: (req, res) => (isList(req) && res.status === 200 ? editJson(res, (b) => void (b.next ??= `http://${req.headers.host}${LIST}?page=999`)) : res) }) },
  { name: 'page 2 repeats an item of page 1', areas: ['lists'], expect: ['pages_disjoint', 'municipalitiesList', 'fail'],
    fault: () => {
      let lastOfFirst: unknown;
      return {
        response: (req, res) => {
          if (!isList(req) || res.status !== 200) return res;
          const page = queryOf(req).get('page') ?? '1';
          return editJson(res, (b) => {
            const results = b.results as unknown[];
            if (page === '1') lastOfFirst = results[results.length - 1];
            if (page === '2' && lastOfFirst) results[0] = lastOfFirst;
          });
        },
      };
    } },
  // filters
  { name: 'country_code is ignored', areas: ['filters'], expect: ['filter_country_code', 'municipalitiesList', 'fail'],
    fault: () => ({ request: (req) => (isList(req) ? withoutParam(req, 'country_code') : req) }) },
  { name: 'official_role is ignored', areas: ['filters'], expect: ['filter_official_role', 'municipalitiesList', 'fail'],
    fault: () => ({ request: (req) => (isList(req) ? withoutParam(req, 'official_role') : req) }) },
  { name: 'company search ignores status', areas: ['filters'], expect: ['search_by_status', 'companiesSearch', 'fail'],
    fault: () => ({ request: (req) => (isSearch(req) && isJson(req) ? editJsonRequest(req, (b) => void delete b.status) : req) }) },
  { name: 'company search ignores name', areas: ['filters'], expect: ['search_by_name', 'companiesSearch', 'fail'],
    fault: () => ({ request: (req) => (isSearch(req) && isJson(req) ? editJsonRequest(req, (b) => void delete b.name) : req) }) },
  { name: 'multipart search is refused', areas: ['filters'], expect: ['media_type_accepted', 'companiesSearch', 'fail'],
    fault: () => ({ request: (req) => (isSearch(req) && String(req.headers['content-type']).startsWith('multipart/') ? jsonResponse(415, { error: 'Unsupported media type', code: 'unsupported_media_type' }) : req) }) },
  // errors
  { name: 'a watchdog name of 201 characters is accepted', areas: ['errors'], expect: ['bound_refused', 'watchdogsCreate', 'fail'],
    fault: () => ({ request: (req) => (isCreate(req) ? editJsonRequest(req, (b) => void (typeof b.name === 'string' && (b.name = b.name.slice(0, 200)))) : req) }) },
  { name: 'malformed JSON gets a 500', areas: ['errors'], expect: ['malformed_json_no_5xx', 'watchdogsCreate', 'fail'],
    fault: () => ({
      request: (req) => {
        if (!isJson(req)) return req;
        try {
          JSON.parse(req.body.toString());
          return req;
        } catch {
          return jsonResponse(500, { error: 'Internal Server Error', code: 'server_error' });
        }
      },
    }) },
  // auth
  { name: 'a 401 body of another shape', areas: ['auth'], expect: ['error_body_shape', 'municipalitiesList', 'fail'],
    fault: () => ({ response: (req, res) => (res.status === 401 ? jsonResponse(401, { detail: 'Authentication credentials were not provided.' }) : res) }) },
  { name: 'a 401 with the wrong code', areas: ['auth'], expect: ['unauthorized_without_credentials', 'watchdogsCreate', 'fail'],
    fault: () => ({ response: (req, res) => (res.status === 401 ? jsonResponse(401, { ...PUBLISHED_401, code: 'not_authenticated' }) : res) }) },
  { name: 'an invalid key is accepted', areas: ['auth'], expect: ['unauthorized_invalid_credentials', 'municipalitiesList', 'fail'],
    fault: () => ({ request: (req) => (String(req.headers.authorization).includes('conformance-invalid-') ? withAuthorization(req, `Bearer ${SANDBOX_CREDENTIALS.token}`) : req) }) },
  { name: 'the Token form is refused', areas: ['auth'], expect: ['credential_form_accepted', 'municipalitiesList', 'fail'],
    fault: () => ({ request: (req) => (String(req.headers.authorization).startsWith('Token ') ? jsonResponse(401, PUBLISHED_401) : req) }) },
  { name: 'the limited key may write', areas: ['auth'], expect: ['forbidden_limited_key', 'watchdogsSubscribe', 'fail'],
    fault: () => ({ request: (req) => (req.headers.authorization === `Bearer ${SANDBOX_CREDENTIALS.limitedToken}` ? withAuthorization(req, `Bearer ${SANDBOX_CREDENTIALS.token}`) : req) }) },
  // lifecycle
  { name: 'PATCH is not applied', areas: ['lifecycle'], expect: ['watchdog_lifecycle_patch', 'watchdogsEventsPartialUpdate', 'fail'],
    fault: () => ({ request: (req) => (req.method === 'PATCH' ? { ...req, body: Buffer.from('{}') } : req) }) },
  { name: 'subscribe is not reflected in monitored_companies', areas: ['lifecycle'], expect: ['watchdog_lifecycle_monitored_companies', 'watchdogsSubscribe', 'fail'],
    fault: () => ({ response: (req, res) => (isAction(req, 'subscribe') && res.status === 200 ? editJson(res, (b) => void Object.assign(b, { monitored_companies: [], monitored_company_count: 0 })) : res) }) },
  { name: 'unsubscribe removes nothing', areas: ['lifecycle'], expect: ['watchdog_lifecycle_unsubscribe', 'watchdogsUnsubscribe', 'fail'],
    fault: () => ({ request: (req) => (isAction(req, 'unsubscribe') ? { ...req, body: Buffer.from('{"companies":[],"tags":[]}') } : req) }) },

  // What the contract leaves open: never a failure.
  { name: 'rate limited twice (429 with Retry-After)', areas: ['lists'], expect: ['status_declared', 'municipalitiesList', 'pass'],
    fault: () => ({
      request: (req) => (isList(req) && rateLimited < 2 && ++rateLimited ? jsonResponse(429, { error: 'Too many requests', code: 'throttled' }, { 'retry-after': '1' }) : req),
    }) },
  { name: 'activate leaves is_active false', areas: ['lifecycle'], expect: ['watchdog_is_active_effect', 'watchdogsActivate', 'warn'],
    fault: () => ({ response: (req, res) => (isAction(req, 'activate') && res.status === 200 ? editJson(res, (b) => void (b.is_active = false)) : res) }) },
  { name: 'refusals answer 422 instead of 400', areas: ['errors'], expect: ['status_declared', 'watchdogsCreate', 'warn'],
    fault: () => ({ response: (req, res) => (res.status === 400 ? { ...res, status: 422 } : res) }) },
  { name: 'company search answers 201', areas: ['filters'], expect: ['success_status_as_published', 'companiesSearch', 'warn'],
    fault: () => ({ response: (req, res) => (isSearch(req) && res.status === 200 ? { ...res, status: 201 } : res) }) },
];

/** 429s the rate-limit fault served (it must have served them for its case to mean anything). */
let rateLimited = 0;
let sandbox: RunningServer;
const reports = new Map<string, Report>();

async function runAgainst(baseUrl: string, areas: AreaName[], runId: string): Promise<Report> {
  const config = liveConfig(baseUrl, areas, runId);
  return buildReport(config, await runAreas(config, AREA_LIST), 0);
}

/** At most `size` runs at once: the sandbox and this process share two cores with others. */
async function pool<T>(items: T[], size: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(Array.from({ length: size }, async () => {
    for (let item = queue.shift(); item; item = queue.shift()) await task(item);
  }));
}

const failing = (report: Report) => report.lines.filter((line) => line.outcome === 'fail').map((line) => `${line.rule} ${line.operationId}: ${line.message}`);
const outcomeOf = (report: Report, rule: string, op: string) => report.lines.find((line) => line.rule === rule && line.operationId === op)?.outcome;

beforeAll(async () => {
  sandbox = await startSandbox(SANDBOX_CREDENTIALS);
  reports.set('correct', await runAgainst(sandbox.url, ['responses', 'lists', 'filters', 'errors', 'auth', 'lifecycle'], 'correct'));
  await pool(FAULTS, 4, async (c) => {
    const proxy = await startFaultProxy(sandbox.url, c.fault());
    try {
      reports.set(c.name, await runAgainst(proxy.url, c.areas, `fault${FAULTS.indexOf(c)}`));
    } finally {
      await proxy.close();
    }
  });
}, 120_000);

afterAll(async () => {
  await sandbox?.stop();
});

describe('against the sandbox, a correct deployment', () => {
  test('nothing fails', () => {
    expect(failing(reports.get('correct')!)).toEqual([]);
  });

  test('every rule that can run in live mode ran (with every credential and writes on)', () => {
    const mockOnly = new Set(RULES.filter((spec) => spec.live?.startsWith('mock only')).map((spec) => spec.name));
    const skipped = reports.get('correct')!.lines.filter((line) => line.outcome === 'skip' && !mockOnly.has(line.rule));
    expect(skipped.map((line) => `${line.rule} ${line.operationId}: ${line.message}`)).toEqual([]);
  });
});

const broken = FAULTS.filter((c) => c.expect[2] === 'fail');
const open = FAULTS.filter((c) => c.expect[2] !== 'fail');

describe('behind a proxy that breaks one published rule, the suite fails and names it', () => {
  test.each(broken.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const report = reports.get(c.name)!;
    const [rule, op] = c.expect;
    expect({ line: `${rule} ${op}`, outcome: outcomeOf(report, rule, op) }).toEqual({ line: `${rule} ${op}`, outcome: 'fail' });
    if (process.env.CONFORMANCE_SHOW_FAULTS) console.log(`${c.name}\n  ${failing(report).join('\n  ')}`);
    expect(report.verdict).toBe('fail');
  });
});

describe('what the contract leaves open never fails a run', () => {
  test.each(open.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const report = reports.get(c.name)!;
    const [rule, op, outcome] = c.expect;
    expect(failing(report)).toEqual([]);
    expect(outcomeOf(report, rule, op)).toBe(outcome);
    if (c.name.startsWith('rate limited')) expect(rateLimited).toBe(2);
  });
});
