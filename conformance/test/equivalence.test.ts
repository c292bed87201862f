// The catalogue of equivalent requests (cases/equivalence/): every transformation writes the same
// request (its body parses to the same value, its query reads back as the same pairs, its proof is
// the plain one's), goes on the wire byte for byte as written (chunked over a real socket, the
// query's own spelling, the credential among its neighbours), and the rules that compare the two
// answers pass what HTTP allows, warn where a deployment may refuse, and fail the rest.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import { classify } from '../cases/classify';
import { EQUIVALENCES, transformationsOf, type Equivalence } from '../cases/equivalence/index';
import { curlCommand } from '../engine/curl';
import { createRedactor } from '../engine/redact';
import type { Exchange, RequestSpec } from '../engine/request';
import { createTransport } from '../engine/transport';
import { toWire } from '../engine/wire';
import { toPage, type Walk } from '../engine/walk';
import { equivalentRequestsAnsweredAlike, headAnsweredAsGet, unmetConditionAnsweredInFull } from '../rules/equivalence';
import { linksKeepQuery } from '../rules/links';
import { deployed } from '../../strength/serve';
import { exchange } from './support/exchange';
import { failing, judge } from './support/judge';
import { OPEN } from './support/open';
import { liveConfig } from './support/sandbox';

const ALL = ['framing', 'JSON text', 'media type', 'Accept', 'query', 'credential', 'method', 'condition'] as const;
const rowNamed = (start: string) => EQUIVALENCES.find((row) => row.name.startsWith(start))!;
const config = liveConfig('http://127.0.0.1:1', { token: 'tok-12345678', sessionId: 'sid-12345678' });

const create: RequestSpec = { operationId: 'watchdogsCreate', purpose: 'create', body: { kind: 'json', value: { name: 'Zürich/Wien', prompt: 'Melde Änderungen', companies: ['3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10'] } }, expect: 'accept' };
const list: RequestSpec = { operationId: 'municipalitiesList', purpose: 'list', query: [['state', 'Kärnten'], ['q', 'Klagenfurt am Wörthersee'], ['country_code', 'AT']], expect: 'accept' };
const form: RequestSpec = { operationId: 'companiesSearch', purpose: 'search', body: { kind: 'form', fields: [['name', 'Bäckerei Hofbauer GmbH']] }, expect: 'accept' };
const multipart: RequestSpec = { operationId: 'companiesSearch', purpose: 'search', body: { kind: 'multipart', fields: [['name', 'Bäckerei Hofbauer']] }, expect: 'accept' };
const applied = (plain: RequestSpec) => transformationsOf(plain, ALL, { tag: 'conformance-test' }, 'live');

describe('every transformation writes the same request', () => {
  test.each(applied(create).filter(({ row }) => row.family === 'JSON text' || row.family === 'media type').map((t) => [t.row.name, t] as const))('%s: the body parses to the same value', (_name, { spec }) => {
    const body = spec.body!;
    expect(body.kind).toBe('raw');
    if (body.kind === 'raw') expect(JSON.parse(body.text.replace(/^\ufeff/, ''))).toEqual((create.body as { value: unknown }).value);
  });

  test('the JSON text rows are proven as the plain body is, and write it otherwise', () => {
    const rows = applied(create).filter(({ row }) => row.family === 'JSON text' && !row.mayRefuse);
    expect(rows.map(({ row }) => row.name.split(' ')[1])).toEqual(['pretty-printed,', 'members', 'strings']);
    for (const { spec } of rows) expect(classify(spec).validity).toBe(classify(create).validity);
    const [pretty, reversed, escaped] = rows.map(({ spec }) => (spec.body as { text: string }).text);
    expect(pretty).toMatch(/^\r\n\{\r\n {2}"name": /);
    expect(reversed).toMatch(/^\{"companies":.*"name":"Zürich\/Wien"\}$/);
    expect(escaped).toContain('"name":"\\u005a\\u00fcrich\\/Wien"');
  });

  test.each(applied(list).filter(({ row }) => row.family === 'query').map((t) => [t.row.name, t] as const))('%s: the query reads back as the same pairs', (_name, { spec, row }) => {
    const wire = new URL(toWire(spec, config).url);
    const sorted = (pairs: Array<[string, string]>) => [...pairs].map((pair) => pair.join('=')).sort();
    const read = [...new URLSearchParams(wire.search)];
    if (row.name.startsWith('each value of a repeated')) expect([...new Set(sorted(read))]).toEqual(sorted(list.query!));
    else expect(sorted(read)).toEqual(sorted(list.query!));
  });

  test('the query rows go on the wire as written', () => {
    const wire = (start: string) => new URL(toWire(applied(list).find(({ row }) => row.name.startsWith(start))!.spec, config).url).search;
    expect(wire('the unreserved')).toBe('?state=%4B%C3%A4%72%6E%74%65%6E&q=%4B%6C%61%67%65%6E%66%75%72%74+%61%6D+%57%C3%B6%72%74%68%65%72%73%65%65&country_code=%41%54');
    expect(wire('percent-encodings in lower-case')).toBe('?state=K%c3%a4rnten&q=Klagenfurt+am+W%c3%b6rthersee&country_code=AT');
    expect(wire('each space')).toBe('?state=K%C3%A4rnten&q=Klagenfurt%20am%20W%C3%B6rthersee&country_code=AT');
    expect(wire('empty pieces')).toBe('?&state=K%C3%A4rnten&&q=Klagenfurt+am+W%C3%B6rthersee&&country_code=AT&');
    expect(wire('the query parameters in reverse')).toBe('?country_code=AT&q=Klagenfurt+am+W%C3%B6rthersee&state=K%C3%A4rnten');
  });

  test('a form and a multipart body in their other spellings', () => {
    const [charset, spaces] = applied(form).filter(({ row }) => row.family === 'media type').map(({ spec }) => spec.body);
    expect(charset).toEqual({ kind: 'raw', contentType: 'application/x-www-form-urlencoded; charset=UTF-8', text: 'name=B%C3%A4ckerei+Hofbauer+GmbH' });
    expect(spaces).toEqual({ kind: 'raw', contentType: 'application/x-www-form-urlencoded', text: 'name=B%C3%A4ckerei%20Hofbauer%20GmbH' });
    const [quoted] = applied(multipart).filter(({ row }) => row.family === 'media type').map(({ spec }) => spec.body);
    expect(quoted).toMatchObject({ kind: 'raw', contentType: 'multipart/form-data; boundary="conformance.boundary+1"' });
  });

  test('the credential among its neighbours: the session first, look-alike cookies, other headers', () => {
    const inQuery = applied({ ...list, credential: { scheme: 'sessionQueryAuth', secret: 'session' } }).filter(({ row }) => row.family === 'credential');
    expect(inQuery.map(({ spec }) => new URL(toWire(spec, config).url).search.split('&')[0])).toEqual(['?sessionid=sid-12345678']);
    expect(new URL(toWire({ ...list, credential: { scheme: 'sessionQueryAuth', secret: 'session' } }, config).url).search).toMatch(/&sessionid=sid-12345678$/);
    const [cookie] = applied({ ...create, credential: { scheme: 'sessionCookieAuth', secret: 'session' } }).filter(({ row }) => row.family === 'credential');
    expect(toWire(cookie!.spec, config).headers.Cookie).toBe('csrf_sessionid=conformance; csrftoken=conformance; sessionid=sid-12345678; sessionid_hint=conformance; theme=dark');
    const [header] = applied(create).filter(({ row }) => row.family === 'credential');
    expect(toWire(header!.spec, config).headers).toMatchObject({ Authorization: 'Bearer tok-12345678', 'X-Request-Id': 'conformance-test-watchdogsCreate', 'Cache-Control': 'no-cache' });
  });

  test('a row that lets a deployment refuse leaves the request open; HEAD is judged by its own rule; the rest keep the plain proof', () => {
    const expectations = Object.fromEntries(applied(list).concat(applied(create)).map(({ row, spec }) => [row.name, spec.expect]));
    expect(expectations[rowNamed('Transfer-Encoding').name]).toBe('any');
    expect(expectations[rowNamed('a UTF-8 byte-order mark').name]).toBe('any');
    expect(expectations[rowNamed('labelled Application/JSON').name]).toBe('accept');
    expect(expectations[rowNamed('HEAD').name]).toBeUndefined();
    expect(expectations[rowNamed('If-None-Match').name]).toBe('accept');
  });

  test('against the mock, only the rows the mock can answer', () => {
    const mock = transformationsOf(list, ALL, { tag: 't' }, 'mock').map(({ row }) => row.family);
    expect(new Set(mock)).toEqual(new Set(['Accept', 'method', 'condition']));
  });

  test('the README lists every row', () => {
    const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
    expect(EQUIVALENCES.filter((row) => !readme.includes(row.name)).map((row) => row.name)).toEqual([]);
  });
});

describe('on the wire', () => {
  test('a chunked body goes with Transfer-Encoding: chunked, no Content-Length, in two chunks; its curl says so', async () => {
    const seen: Array<{ te?: string; length?: string; chunks: number; body: string }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ te: req.headers['transfer-encoding'], length: req.headers['content-length'], chunks: chunks.length, body: Buffer.concat(chunks).toString() });
        res.writeHead(201, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const local = liveConfig(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const transport = createTransport(local, createRedactor([]));
      const chunked = applied(create).find(({ row }) => row.family === 'framing')!.spec;
      const [plainly, framed] = [await transport.send(create), await transport.send(chunked)];
      expect(seen[0]).toMatchObject({ te: undefined, length: String(Buffer.byteLength(seen[0]!.body)) });
      expect(seen[1]).toMatchObject({ te: 'chunked', length: undefined, body: seen[0]!.body });
      expect(framed.sent?.headers['Transfer-Encoding']).toBe('chunked');
      expect(framed.curl).toContain("-H 'Transfer-Encoding: chunked'");
      expect(plainly.curl).not.toContain('Transfer-Encoding');
      expect(curlCommand(toWire(chunked, local), chunked.body)).toContain('--data-raw');
    } finally {
      server.close();
    }
  });
});

describe('the answers compared', () => {
  const page = (count: number, uuids: string[]) => ({ count, next: null, previous: null, results: uuids.map((uuid) => ({ uuid })) });
  const pair = (row: Equivalence, plain: Exchange, x: Exchange) => ({ row, plain, x: { ...x, spec: { ...x.spec, purpose: `list — ${row.name}` } } });
  const listed = (status: number, body: unknown, headers?: Record<string, string>) => exchange('municipalitiesList', status, body, { headers });
  const reversed = rowNamed('the query parameters in reverse');
  const chunked = rowNamed('Transfer-Encoding');

  test.each([
    ['the same items in another order', reversed, listed(200, page(2, ['a', 'b'])), listed(200, page(2, ['b', 'a'])), 'pass'],
    ['twice the count', reversed, listed(200, page(1, ['a'])), listed(200, page(2, ['a'])), 'fail'],
    ['other items', reversed, listed(200, page(1, ['a'])), listed(200, page(1, ['b'])), 'fail'],
    ['refused where the plain request was answered', reversed, listed(200, page(1, ['a'])), listed(401, { error: 'x', code: 'x' }), 'fail'],
    ['answered where the plain request was refused', reversed, listed(401, { error: 'x', code: 'x' }), listed(200, page(1, ['a'])), 'fail'],
    ['refused as the plain request was', reversed, listed(401, { error: 'x', code: 'x' }), listed(401, { error: 'x', code: 'x' }), 'pass'],
    ['a 5xx is no_server_error’s', reversed, listed(200, page(1, ['a'])), listed(500, undefined), undefined],
    ['chunked refused with 411, as RFC 9112 allows', chunked, listed(200, page(1, ['a'])), listed(411, { error: 'x', code: 'x' }), 'warn'],
    ['chunked refused with 400', chunked, listed(200, page(1, ['a'])), listed(400, { error: 'name required', code: 'x' }), 'fail'],
  ] as const)('%s', (_name, row, plain, x, outcome) => {
    expect(equivalentRequestsAnsweredAlike.check(pair(row, plain, x))?.outcome).toBe(outcome);
  });

  test('a create is compared by what the request sent, another write by its status', () => {
    const made = (name: string, uuid: string) => exchange('watchdogsCreate', 201, { uuid, name, prompt: 'p', companies: ['b', 'a'], created_at: uuid }, { spec: create });
    const row = rowNamed('JSON members');
    expect(equivalentRequestsAnsweredAlike.check(pair(row, made('Zürich/Wien', '1'), made('Zürich/Wien', '2')))?.outcome).toBe('pass');
    const verdict = equivalentRequestsAnsweredAlike.check(pair(row, made('Zürich/Wien', '1'), made('Z\\u00fcrich\\/Wien', '2')));
    expect(verdict).toMatchObject({ outcome: 'fail', message: expect.stringContaining('answered 201, name "Z\\\\u00fcrich\\\\/Wien"') });
    const subscribed = (companies: string[]) => exchange('watchdogsSubscribe', 200, { uuid: 'w', companies });
    expect(equivalentRequestsAnsweredAlike.check(pair(row, subscribed(['a']), subscribed(['a', 'b'])))?.outcome).toBe('pass');
  });

  test('HEAD: GET’s status and Content-Type, no content; a refused HEAD is not compared', () => {
    const head = rowNamed('HEAD');
    const get = listed(200, page(1, ['a']), { 'content-type': 'application/json' });
    const answered = (status: number, headers: Record<string, string>, text = '') => exchange('municipalitiesList', status, undefined, { headers, text, mediaType: '' });
    expect(headAnsweredAsGet.check(pair(head, get, answered(200, { 'content-type': 'application/json; charset=utf-8' })))?.outcome).toBe('pass');
    expect(headAnsweredAsGet.check(pair(head, get, answered(200, { 'content-type': 'text/html; charset=utf-8' })))?.outcome).toBe('fail');
    expect(headAnsweredAsGet.check(pair(head, get, answered(200, { 'content-type': 'application/json' }, '{"count":1}')))?.outcome).toBe('fail');
    expect(headAnsweredAsGet.check(pair(head, get, answered(200, {})))?.outcome).toBe('warn');
    expect(headAnsweredAsGet.check(pair(head, get, answered(405, { 'content-type': 'application/problem+json' })))?.outcome).toBe('skip');
  });

  test('a condition that cannot hold: the full answer; a 304 only where the plain answer’s validators explain it', () => {
    const row = rowNamed('If-None-Match');
    const since = rowNamed('If-Modified-Since');
    const get = (headers: Record<string, string> = {}) => listed(200, page(1, ['a']), headers);
    const notModified = (spec: Partial<RequestSpec>) => exchange('municipalitiesList', 304, undefined, { spec, text: '' });
    const tagged = { headers: { 'If-None-Match': '"conformance-test-never-issued"' } };
    expect(unmetConditionAnsweredInFull.check(pair(row, get(), notModified(tagged)))?.outcome).toBe('fail');
    expect(unmetConditionAnsweredInFull.check(pair(row, get({ etag: '"conformance-test-never-issued"' }), notModified(tagged)))?.outcome).toBe('pass');
    expect(unmetConditionAnsweredInFull.check(pair(since, get({ 'last-modified': 'Thu, 01 Jan 1970 00:00:00 GMT' }), notModified({ headers: { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' } })))?.outcome).toBe('pass');
    expect(unmetConditionAnsweredInFull.check(pair(row, get(), get()))?.outcome).toBe('pass');
    expect(unmetConditionAnsweredInFull.check(pair(reversed, get(), notModified(tagged)))).toBeUndefined();
  });
});

describe('links keep the query', () => {
  const BASE = 'http://127.0.0.1:1/api/v1/municipalities/';
  const asked: RequestSpec = { operationId: 'municipalitiesList', purpose: 'list', query: [['country_code_exclude', 'ü a+b&c=d%e/f'], ['country_code', 'at']] };
  const walk = (next: string): Walk => ({
    base: asked,
    pages: [toPage(exchange('municipalitiesList', 200, { count: 40, next: `${BASE}?${next}`, previous: null, results: [] }), 1, 'first')],
    backs: [],
    complete: false,
    pageSize: 20,
    foreignLinks: [],
    broken: [],
  });

  test.each([
    ['as asked', 'country_code_exclude=%C3%BC+a%2Bb%26c%3Dd%25e%2Ff&country_code=at&page=2', 'pass'],
    ['in another order, the code in upper case, the page first, a deployment’s own page size', 'page=2&page_size=20&country_code=AT&country_code_exclude=%C3%BC%20a%2Bb%26c%3Dd%25e%2Ff', 'pass'],
    ['encoded a second time', 'country_code_exclude=%25C3%25BC+a%252Bb%2526c%253Dd%2525e%252Ff&country_code=at&page=2', 'fail'],
    ['cut at the &', 'country_code_exclude=%C3%BC+a%2Bb&c=d%25e%2Ff&country_code=at&page=2', 'fail'],
    ['without a filter', 'country_code=at&page=2', 'fail'],
    ['with another filter', 'country_code_exclude=%C3%BC+a%2Bb%26c%3Dd%25e%2Ff&country_code=at&state=1&page=2', 'fail'],
    ['the session left out', 'country_code_exclude=%C3%BC+a%2Bb%26c%3Dd%25e%2Ff&country_code=at&page=2&sessionid=x', 'pass'],
  ])('%s', (_name, next, outcome) => {
    const verdict = linksKeepQuery.check(walk(next));
    expect(verdict?.outcome).toBe(outcome);
    if (_name === 'encoded a second time') expect(verdict?.message).toContain('(percent-encoded a second time)');
  });
});

describe('a transition the state it led to refuses (a choice the contract leaves open)', () => {
  test('its relations are skipped, saying why: neither passed nor failed', async () => {
    const refusing = OPEN.find((c) => c.name.startsWith('deactivate refuses an inactive watchdog with 409'))!;
    const { fetch, overrides, close } = await deployed(refusing);
    const report = await judge(fetch, { seed: 7, areas: ['inputs'], ...overrides }).finally(close);
    const line = report.lines.find((l) => l.rule === equivalentRequestsAnsweredAlike.name && l.operationId === 'watchdogsDeactivate');
    expect(line?.outcome).toBe('skip');
    expect(line?.message).toMatch(/it answered 409, so its transformations, sent from that state, would not be comparable \(the states a transition starts from are not published\)/);
    expect(failing(report)).toEqual([]);
  });
});
