// Recorded traffic judged by the suite's own rules: every exchange by the rules that judge one
// exchange (status declared, content type, body schema, error body shape, the published 401/403
// bodies), and where the traffic walked a list (page 1, then the pages its links lead to), by the
// list rules. Verdicts go to the same Recorder a run fills, so the reports are the run's.
import { credentialForms, type OperationId } from '../../generated';
import { LISTS, OPERATION_IDS, WRITES } from '../contract/facts';
import type { BodyStore } from '../engine/bodies';
import { curlCommand } from '../engine/curl';
import { readJson } from '../engine/json-text';
import { attachExchange } from '../engine/exchange-view';
import { createRedactor, type Redactor } from '../engine/redact';
import { Recorder, type RunResults } from '../engine/recorder';
import { operationAt } from '../../protocol/operations';
import { isObject, type Exchange, type Probe } from '../engine/request';
import type { Finding, Verdict } from '../engine/types';
import { runsIn, type Rule } from '../rules/define';
import { EXCHANGE_RULES } from '../rules/exchange';
import { countIsTotal, envelopeFields, nextPreviousLinks, pagesDisjoint } from '../rules/lists';
import { meaningDeclared, meaningVerdict } from '../rules/meaning';
import { toPage, type Walk } from '../engine/walk';
import { createTrafficCoverage, type TrafficCoverage } from './coverage';
import type { TrafficEntry } from './read';

/** Rules that judge one exchange and can judge one the suite did not send (no expectation, no probe of its own). */
const RULES = EXCHANGE_RULES.filter((rule) => runsIn(rule as Rule<unknown>, 'live') === true);
/** What can be judged of an exchange whose body was not recorded. */
const WITHOUT_BODY = RULES.filter((rule) => rule.name === 'no_server_error' || rule.name === 'status_declared');
/** The page parameter of the lists (the published pagination). */
const PAGE = 'page';

/** The operation an exchange belongs to, and the base URL it was sent under; none for traffic outside the contract. */
export function operationOf(method: string, url: URL): { id: OperationId; baseUrl: string } | undefined {
  const at = operationAt(method, url.pathname);
  return at && { id: at.id, baseUrl: `${url.origin}${at.prefix}` };
}

const carriesCredential = (entry: TrafficEntry, url: URL) =>
  credentialForms.some((form) =>
    form.in === 'header' ? (entry.requestHeaders[form.name.toLowerCase()] ?? '').startsWith(form.prefix.trim())
    : form.in === 'query' ? url.searchParams.has(form.name)
    : new RegExp(`(^|;\\s*)${form.name}=`).test(entry.requestHeaders.cookie ?? ''));

/**
 * What a refusal in traffic is held to: a 401 is the published refusal of a missing or invalid
 * credential, a 403 on a watchdog write the published refusal of a key that may not write.
 */
function probeOf(entry: TrafficEntry, url: URL, id: OperationId): Probe | undefined {
  if (entry.status === 401) return carriesCredential(entry, url) ? 'invalid-credentials' : 'missing-credentials';
  if (entry.status === 403 && WRITES.includes(id)) return 'limited-key';
  return undefined;
}

export function toExchange(entry: TrafficEntry, id: OperationId, redact: Redactor, bodies?: BodyStore): Exchange {
  const url = new URL(entry.url);
  const probe = probeOf(entry, url, id);
  const purpose = `${entry.method} ${url.pathname}${url.search}`;
  const mediaType = (entry.responseHeaders['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const sent = { method: entry.method, url: entry.url, headers: entry.requestHeaders, ...(entry.requestBody !== undefined && { body: entry.requestBody }) };
  let curl: string | undefined;
  return {
    spec: { operationId: id, purpose: redact(purpose), ...(probe && { probe }) },
    method: entry.method,
    url: entry.url,
    status: entry.status,
    headers: entry.responseHeaders,
    mediaType,
    text: entry.responseBody ?? '',
    json: readJson(entry.responseBody ?? ''),
    get curl() {
      return (curl ??= redact(curlCommand(sent, undefined, {}, bodies)));
    },
    retries: 0,
    sent,
  };
}

export interface TrafficJudgement {
  results: RunResults;
  coverage: TrafficCoverage;
  /** Exchanges judged, and those outside the contract (other paths, other methods). */
  judged: number;
  outside: number;
  /** The base URL the traffic was sent under (of its first API exchange). */
  baseUrl: string;
}

export interface TrafficJudge {
  /** Judges one exchange now; returns the rules it broke (for the proxy's header). Undefined: outside the contract. */
  add(entry: TrafficEntry): string[] | undefined;
  /** Judges the lists the traffic walked, and returns everything. */
  finish(): TrafficJudgement;
}

export function createTrafficJudge(redact: Redactor = createRedactor([])): TrafficJudge {
  const recorder = new Recorder();
  // What the contract leaves undeclared is named in every report, the traffic's too.
  for (const op of OPERATION_IDS) recorder.add({ ...meaningVerdict(op), rule: meaningDeclared.name, operationId: op });
  const coverage = createTrafficCoverage();
  const lists = new Map<string, Exchange[]>();
  let outside = 0;
  let baseUrl = '';

  function record(rule: Rule<never>, verdict: Verdict, id: OperationId, x: Exchange): Finding {
    const outcome = rule.warnOnly && verdict.outcome === 'fail' ? 'warn' : verdict.outcome;
    const { at, ...detail } = verdict;
    const shown = at ?? x;
    const finding: Finding = outcome === 'pass' ? { outcome, message: verdict.message, rule: rule.name, operationId: id } : { ...detail, outcome, rule: rule.name, operationId: id, message: redact(verdict.message), status: shown.status, ...(outcome !== 'skip' && { curl: shown.curl }) };
    if (finding.curl !== undefined) attachExchange(finding, shown, redact);
    recorder.add(finding);
    return finding;
  }

  return {
    add(entry) {
      const url = new URL(entry.url);
      const op = operationOf(entry.method, url);
      if (!op) {
        outside += 1;
        return undefined;
      }
      baseUrl ||= op.baseUrl;
      recorder.requests += 1;
      recorder.observe(op.id, entry.status);
      coverage.add(op.id, entry, url);
      const x = toExchange(entry, op.id, redact, recorder.bodies);
      const broken: string[] = [];
      for (const rule of entry.responseBody === undefined ? WITHOUT_BODY : RULES) {
        const verdict = rule.check(x);
        if (verdict && record(rule as Rule<never>, verdict, op.id, x).outcome === 'fail') broken.push(rule.name);
      }
      if (LISTS.includes(op.id) && entry.status === 200 && isObject(x.json) && entry.responseBody !== undefined) {
        // Pages of one query: the same operation, method, body and query but for the page.
        const query = new URLSearchParams(url.searchParams);
        query.delete(PAGE);
        query.sort();
        const key = `${op.id} ${entry.method} ${url.origin}${url.pathname}?${query} ${entry.requestBody ?? ''}`;
        lists.set(key, [...(lists.get(key) ?? []), x]);
      }
      return broken;
    },
    finish() {
      for (const pages of lists.values()) {
        const walk = walkOf(pages);
        if (!walk) continue;
        const id = walk.base.operationId;
        const rules: Array<Rule<Walk>> = [envelopeFields, nextPreviousLinks, pagesDisjoint, ...(walk.complete ? [countIsTotal] : [])];
        for (const rule of rules) {
          const verdict = rule.check(walk);
          if (verdict) record(rule as Rule<never>, { ...verdict, at: verdict.at ?? walk.pages[0]!.x }, id, walk.pages[0]!.x);
        }
      }
      return { results: recorder.results(), coverage: coverage.result(), judged: recorder.requests, outside, baseUrl };
    },
  };
}

const pageNumber = (x: Exchange) => {
  const raw = new URL(x.url).searchParams.get(PAGE);
  return raw === null ? 1 : /^\d+$/.test(raw) ? Number(raw) : undefined;
};

/** The pages of one query from page 1 on, as far as the traffic went without a gap; none without page 1. */
function walkOf(exchanges: Exchange[]): Walk | undefined {
  const byNumber = new Map<number, Exchange>();
  for (const x of exchanges) {
    const n = pageNumber(x);
    if (n !== undefined && !byNumber.has(n)) byNumber.set(n, x);
  }
  const pages = [];
  for (let n = 1; byNumber.has(n); n += 1) pages.push(toPage(byNumber.get(n)!, n, n === 1 ? 'first' : 'next'));
  if (pages.length === 0) return undefined;
  return {
    base: pages[0]!.x.spec,
    pages,
    backs: [],
    complete: pages[pages.length - 1]!.next === null,
    pageSize: pages[0]!.items.length,
    foreignLinks: [],
    // Recorded traffic holds the pages a client read; a link that failed is judged as its exchange.
    broken: [],
  };
}

/** Judges whole files of traffic. */
export function judgeTraffic(entries: TrafficEntry[], redact?: Redactor): TrafficJudgement {
  const judge = createTrafficJudge(redact);
  for (const entry of entries) judge.add(entry);
  return judge.finish();
}
