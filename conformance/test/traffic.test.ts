// Traffic judged by the suite's rules: a HAR Playwright records while a page drives the API (the
// way QA's end-to-end tests do) judges clean against the sandbox and is flagged with the right
// rule against three faulty deployments; the proxy in front of a faulty deployment flags the same
// exchanges and passes every body on intact. NDJSON logs and --har round-trip too.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createRedactor } from '../engine/redact';
import { renderTrafficCoverage } from '../traffic/coverage';
import { judgeTraffic, type TrafficJudgement } from '../traffic/judge';
import { startProxy, VIOLATIONS_HEADER } from '../traffic/proxy';
import { readTraffic } from '../traffic/read';
import { reportTraffic } from '../traffic/report';
import { editAnswer, json } from '../../strength/edits';
import { faulty, type Answer, type FaultSpec } from '../../strength/faulty';
import { serve } from './support/serve';
import { sandboxFetch, SANDBOX_CREDENTIALS } from './support/sandbox';
import type { FetchLike } from '../engine/transport';
import { chromiumExecutable, describeInChromium } from '../../test/support/in-chromium';

const withBrowser = describeInChromium('conformance/test/traffic.test.ts (HAR recorded by Playwright)');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-traffic-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What QA's end-to-end test does in the page: read lists (two pages), search, create, and one request without a key. */
async function flow(browser: Browser, origin: string, har: string): Promise<void> {
  const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
  context.setDefaultTimeout(0);
  context.setDefaultNavigationTimeout(0);
  const page = await context.newPage();
  await page.goto(`${origin}/api/v1/municipalities/`);
  await page.evaluate(async (token) => {
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    // Each answer read, as a page that shows it does (a HAR keeps only bodies the page read).
    const read = async (path: string, init: RequestInit = {}) => (await fetch(path, { headers, ...init })).text();
    const first = JSON.parse(await read('/api/v1/municipalities/')) as { next: string | null };
    if (first.next) await read(first.next);
    await read('/api/v1/municipalities/?q=a');
    await read('/api/v1/companies/search/', { method: 'POST', body: JSON.stringify({ name: 'a' }) });
    await read('/api/v1/watchdogs/', { method: 'POST', body: JSON.stringify({ name: 'e2e watchdog', prompt: 'news about "ACME" & <friends>' }) });
  }, SANDBOX_CREDENTIALS.token);
  await context.close();
}

const failing = (j: TrafficJudgement) => [...new Set(j.results.findings.filter((f) => f.outcome === 'fail').map((f) => `${f.rule} ${f.operationId}`))].sort();
const judgeFile = (file: string) => judgeTraffic(readTraffic(fs.readFileSync(file, 'utf8'), path.basename(file)), createRedactor([SANDBOX_CREDENTIALS.token]));

/** A changed answer goes out with its own length (the sandbox's Content-Length is of the original body). */
const fresh = (a: Answer): Answer => ({ ...a, headers: Object.fromEntries(Object.entries(a.headers).filter(([name]) => name !== 'content-length')) });
const FAULTS: Array<{ name: string; spec: FaultSpec; rule: string }> = [
  { name: 'municipality items lose their uuid', rule: 'body_matches_schema municipalitiesList',
    spec: { response: (s, a) => (s.op === 'municipalitiesList' && a.status === 200 ? fresh(editAnswer(a, (b) => void (b.results as Array<Record<string, unknown>>).forEach((item) => delete item.uuid))) : a) } },
  { name: 'company search answers text/plain', rule: 'content_type_json companiesSearch',
    spec: { response: (s, a) => (s.op === 'companiesSearch' ? { ...a, headers: { ...a.headers, 'content-type': 'text/plain' } } : a) } },
  { name: 'a request without a key gets a 401 with another body', rule: 'unauthorized_without_credentials municipalitiesList',
    spec: { response: (s, a) => (a.status === 401 ? json(401, { detail: 'Authentication credentials were not provided.' }) : a) } },
];

withBrowser('HAR recorded by Playwright', () => {
  let browser: Browser;
  beforeAll(async () => {
    // No Playwright timeouts (launch, navigation, actions): a slow browser is no failure (test/support/clock.ts).
    browser = await chromium.launch({ executablePath: chromiumExecutable(), args: ['--no-sandbox'], timeout: 0 });
  });
  afterAll(async () => browser?.close());

  async function recordAgainst(fetch: FetchLike, name: string): Promise<string> {
    const server = await serve(fetch);
    const har = path.join(dir, `${name}.har`);
    try {
      await flow(browser, server.url, har);
    } finally {
      await server.close();
    }
    return har;
  }

  test('against the sandbox: judged clean, every exchange of the flow, coverage printed', async () => {
    const judgement = judgeFile(await recordAgainst(sandboxFetch(), 'sandbox'));
    expect(failing(judgement)).toEqual([]);
    // The navigation, two pages, a filtered list, a search, a create.
    expect(judgement.judged).toBeGreaterThanOrEqual(6);
    expect(judgement.results.passes['envelope_fields municipalitiesList']).toBeGreaterThan(0);
    const coverage = renderTrafficCoverage(judgement.coverage);
    expect(coverage[0]).toMatch(/^Contract coverage of the traffic: [\d.]+% \(\d+\/\d+ cells/);
    expect(judgement.coverage.operations.watchdogsCreate!.statuses['201']).toBe(true);
    expect(judgement.coverage.operations.municipalitiesList!.parameters.q).toBe(true);
  });

  test.each(FAULTS.map((f) => [f.name, f] as const))('against a deployment where %s: flagged by its rule', async (_name, fault) => {
    const judgement = judgeFile(await recordAgainst(faulty(fault.spec), fault.name.replace(/\W+/g, '-')));
    expect(failing(judgement)).toContain(fault.rule);
  });

  test('the proxy in front of a faulty deployment flags the same exchanges and passes every body on intact', async () => {
    const fault = FAULTS[0]!;
    const sent: string[] = [];
    /** A body as its path, size and hash: equal exactly when the bytes are, and short when they are not. */
    const digest = (url: string, body = '') => `${new URL(url).pathname} ${body.length} ${createHash('sha256').update(body).digest('hex').slice(0, 16)}`;
    // Upstream's bodies as it sent them, to compare with what the browser got through the proxy.
    const upstream = await serve(async (request) => {
      const response = await faulty(fault.spec)(request);
      // The browser's own requests (a favicon) are not the page's traffic.
      if (new URL(request.url).pathname.startsWith('/api/')) sent.push(digest(request.url, await response.clone().text()));
      return response;
    });
    const proxy = await startProxy(upstream.url);
    const har = path.join(dir, 'proxied.har');
    let judgement: TrafficJudgement;
    try {
      await flow(browser, proxy.url, har);
    } finally {
      judgement = await proxy.stop();
      await upstream.close();
    }
    const received = readTraffic(fs.readFileSync(har, 'utf8'), 'proxied.har');
    expect(received.filter((e) => new URL(e.url).pathname.startsWith('/api/')).map((e) => digest(e.url, e.responseBody))).toEqual(sent);
    expect(failing(judgement)).toContain(fault.rule);
    expect(failing(judgement)).toEqual(failing(judgeFile(har)));
    const flagged = received.filter((e) => e.responseHeaders[VIOLATIONS_HEADER.toLowerCase()]);
    expect(flagged.map((e) => new URL(e.url).pathname)).toEqual(expect.arrayContaining(['/api/v1/municipalities/']));
    for (const e of flagged) expect(e.responseHeaders[VIOLATIONS_HEADER.toLowerCase()]).toContain('body_matches_schema');
    expect(received.filter((e) => e.url.includes('/companies/')).every((e) => !e.responseHeaders[VIOLATIONS_HEADER.toLowerCase()])).toBe(true);
  });
});

test('an NDJSON exchange log is judged like a HAR, and a line that is not an exchange is named', () => {
  const item = { uuid: 'x' };
  const log = [
    { request: { method: 'GET', url: 'https://api.example/api/v1/municipalities/', headers: { authorization: 'Bearer k' } }, response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 1, next: null, previous: null, results: [item] }) } },
    { request: { method: 'GET', url: 'https://api.example/favicon.ico' }, response: { status: 404 } },
  ].map((line) => JSON.stringify(line)).join('\n');
  const judgement = judgeTraffic(readTraffic(log, 'gateway.ndjson'));
  expect(judgement).toMatchObject({ judged: 1, outside: 1, baseUrl: 'https://api.example' });
  expect(failing(judgement)).toContain('body_matches_schema municipalitiesList');
  expect(() => readTraffic('{"request": {}}', 'bad.ndjson')).toThrow('bad.ndjson:1 is not an exchange');

  // The reports name the traffic, not a seed or mode of a run that sent nothing.
  const outcome = reportTraffic(judgement, 'traffic from gateway.ndjson', path.join(dir, 'ndjson-report'), createRedactor([]));
  const summary = fs.readFileSync(path.join(dir, 'ndjson-report', 'summary.md'), 'utf8');
  expect(summary).toContain('traffic · traffic from gateway.ndjson · base https://api.example · judged by the response rules, nothing sent');
  for (const text of [summary, outcome.text]) expect(text).not.toMatch(/seed \d|live mode ·/);
  expect(fs.readFileSync(path.join(dir, 'ndjson-report', 'junit.xml'), 'utf8')).toContain('name="conformance responses (traffic)"');
});

test('a HAR as Chrome DevTools and mitmproxy write it: base64 bodies, HTTP/2 pseudo-headers, form params', () => {
  const body = JSON.stringify({ count: 0, next: null, previous: null, results: [] });
  const har = { log: { version: '1.2', entries: [
    { request: { method: 'GET', url: 'https://api.example/api/v1/municipalities/?q=x', headers: [{ name: ':authority', value: 'api.example' }, { name: 'authorization', value: 'Bearer k' }] },
      response: { status: 200, headers: [{ name: 'content-type', value: 'application/json' }], content: { size: body.length, mimeType: 'application/json', text: Buffer.from(body).toString('base64'), encoding: 'base64' } } },
    { request: { method: 'POST', url: 'https://api.example/api/v1/companies/search/', headers: [{ name: 'Content-Type', value: 'application/x-www-form-urlencoded' }], postData: { mimeType: 'application/x-www-form-urlencoded', params: [{ name: 'name', value: 'a' }] } },
      response: { status: 200, headers: [{ name: 'content-type', value: 'application/json' }], content: { size: body.length, mimeType: 'application/json', text: body } } },
    { request: { method: 'GET', url: 'https://api.example/api/v1/municipalities/', headers: [] }, response: { status: 0, headers: [], content: { size: 0 } } },
  ] } };
  const entries = readTraffic(JSON.stringify(har), 'devtools.har');
  // The aborted request (status 0) has nothing to judge.
  expect(entries).toHaveLength(2);
  expect(entries[1]!.requestBody).toBe('name=a');
  expect(entries[0]).toMatchObject({ responseBody: body, requestHeaders: { authorization: 'Bearer k' } });
  expect(Object.keys(entries[0]!.requestHeaders)).not.toContain(':authority');
  const judgement = judgeTraffic(entries);
  expect(failing(judgement)).toEqual([]);
  expect(judgement.coverage.operations.municipalitiesList!.parameters.q).toBe(true);
  expect(judgement.coverage.operations.companiesSearch!.fields.name).toBe(true);
});
