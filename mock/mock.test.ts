// The mock as frontend teams use it: one Prism (behind the front) started on a free port.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { operations, type OperationId } from '../generated';
import { schemaValidator, validatorFor } from '../protocol/validation';
import { placeCredential } from '../protocol/credentials';
import { credentialForms, exampleSecret, type CredentialForm } from './credentials';
import { readExamples, successStatus } from './examples';
import { malformedRequest, seededRandom } from './test/malformed';
import { startMock, type RunningMock } from './server';
import { createClient, runBounded, type TestRequest, type TestResponse } from './test/test-client';

// Published bodies (service-api-v1.md, "Errors").
const PUBLISHED_401 = { error: 'Ungültiges oder abgelaufenes Token', code: 'unauthorized' };
const PUBLISHED_403 = { error: 'Unzureichende Berechtigungen', code: 'forbidden' };
const WATCHDOG_UUID = 'd290f1ee-6c54-4b01-90e6-d701748f0851';
const EVENT_UUID = '5b0c8f7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const ORIGIN = 'http://localhost:5173';
const BODY_LIMIT = 64 * 1024;

const examples = readExamples();
const OPERATION_IDS = Object.keys(operations) as OperationId[];
const isError = schemaValidator('Error');

let mock: RunningMock;
let client: ReturnType<typeof createClient>;
let docsDir: string;
const prismExits: string[] = [];

beforeAll(async () => {
  docsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mock-docs-'));
  fs.writeFileSync(path.join(docsDir, 'index.html'), '<!doctype html><title>API v1 reference</title>');
  mock = await startMock({ port: 0, bodyLimit: BODY_LIMIT, docsDir, onPrismExit: (reason) => prismExits.push(reason) });
  client = createClient(mock.url);
});

afterAll(async () => {
  client?.close();
  await mock?.close();
  fs.rmSync(docsDir, { recursive: true, force: true });
});

function pathOf(id: OperationId): string {
  return operations[id].path.replace('{uuid}', WATCHDOG_UUID).replace('{event_uuid}', EVENT_UUID);
}

/** A valid body for the operation: its first JSON request example from the contract. */
function validBody(id: OperationId): unknown {
  if (!('application/json' in operations[id].requestBodies)) return undefined;
  const [first] = Object.values(examples.requestBodies(id));
  if (first === undefined) throw new Error(`${id} has no application/json request example in the contract`);
  return first;
}

function call(id: OperationId, headers: Record<string, string>, extra: { query?: string; body?: unknown } = {}): Promise<TestResponse> {
  const query = extra.query ? `?${extra.query}` : '';
  const body = 'body' in extra ? extra.body : validBody(id);
  return client.send({ method: operations[id].method.toUpperCase(), path: `${pathOf(id)}${query}`, headers, body });
}

/** The request parts that carry the form's example secret (demo-key or demo-session). */
function withCredential(form: CredentialForm, headers: Record<string, string> = {}): { headers: Record<string, string>; query?: string } {
  const placed = placeCredential(form, exampleSecret(form));
  switch (placed.in) {
    case 'header':
      return { headers: { ...headers, [placed.name.toLowerCase()]: placed.value } };
    case 'query':
      return { headers, query: new URLSearchParams({ [placed.name]: placed.value }).toString() };
    case 'cookie':
      return { headers: { ...headers, cookie: `${placed.name}=${placed.value}` } };
  }
}

const bearer = { authorization: 'Bearer demo-key' };

/** A precise failure message: what was sent, what came back, and the contract violations. */
function expectValid(id: OperationId, response: TestResponse, status: number, label: string): void {
  const validate = validatorFor(id, status);
  if (!validate) throw new Error(`${id} declares no JSON body for ${status}`);
  const result = validate(response.json);
  const problem =
    response.status !== status
      ? `${label}: expected ${status}, got ${response.status} ${response.text.slice(0, 300)}`
      : result.valid
        ? ''
        : `${label}: body violates the contract: ${result.errors.join('; ')}`;
  expect(problem).toBe('');
}

describe('named examples', () => {
  const cases = OPERATION_IDS.flatMap((id) =>
    examples.responseNames(id, successStatus(id)).map((name) => [id, name] as const),
  );

  test('every operation has named success examples', () => {
    for (const id of OPERATION_IDS) expect({ id, names: examples.responseNames(id, successStatus(id)).length > 0 }).toEqual({ id, names: true });
  });

  test('mock/README.md lists every success example and declared status of each operation', () => {
    const readme = fs.readFileSync(path.join(__dirname, 'README.md'), 'utf8').split('\n');
    const missing = OPERATION_IDS.flatMap((id) => {
      const row = readme.find((line) => line.startsWith(`| ${id} |`)) ?? '';
      const names = examples.responseNames(id, successStatus(id)).filter((name) => !row.includes(`\`${name}\``));
      const statuses = Object.keys(operations[id].responses).join(', ');
      return [...names.map((name) => `${id}: example ${name}`), ...(row.includes(`| ${statuses} |`) ? [] : [`${id}: statuses ${statuses}`])];
    });
    expect(missing).toEqual([]);
  });

  test.each(cases)('%s answers its success status with a valid body for Prefer: example=%s', async (id, name) => {
    const response = await call(id, { ...bearer, prefer: `example=${name}` });
    expectValid(id, response, successStatus(id), `example ${name}`);
  });
});

describe('credentials', () => {
  test.each(OPERATION_IDS)('%s accepts each of the five published credential forms', async (id) => {
    for (const form of credentialForms) {
      const { headers, query } = withCredential(form);
      expectValid(id, await call(id, headers, { query }), successStatus(id), form.label);
    }
  });

  test.each(OPERATION_IDS)('%s answers 401 with the published body without credentials', async (id) => {
    const response = await call(id, {});
    expect({ status: response.status, body: response.json }).toEqual({ status: 401, body: PUBLISHED_401 });
  });

  test.each(['Basic ZGVtbzpkZW1v', 'demo-key', 'Bearer', 'Token two words'])(
    'an Authorization value outside the published forms (%s) is refused with the published 401',
    async (authorization) => {
      const response = await call('municipalitiesList', { authorization });
      expect({ status: response.status, body: response.json }).toEqual({ status: 401, body: PUBLISHED_401 });
    },
  );

  test.each(OPERATION_IDS)('%s answers Prefer: code=403 with the published 403 body', async (id) => {
    const response = await call(id, { ...bearer, prefer: 'code=403' });
    expect({ status: response.status, body: response.json }).toEqual({ status: 403, body: PUBLISHED_403 });
  });
});

describe('refused requests', () => {
  const invalid: Array<[string, OperationId, unknown, RegExp]> = [
    ['missing required field', 'watchdogsCreate', { prompt: 'Melde Insolvenzen.' }, /^name: is required$/],
    ['over-long name', 'watchdogsCreate', { name: 'x'.repeat(201), prompt: 'p' }, /^name: must NOT have more than 200 characters$/],
    ['wrong type', 'watchdogsCreate', { name: 42, prompt: 'p' }, /^name: must be string$/],
    ['bad enum', 'companiesSearch', { status: 'Zombie' }, /^status: must be equal to one of the allowed values/],
    ['bad UUID in an array', 'watchdogsSubscribe', { companies: ['nope'] }, /^companies\.0: must match format "uuid"$/],
    ['over-long name on update', 'watchdogsEventsPartialUpdate', { name: 'x'.repeat(201) }, /^name: must NOT have more than 200/],
  ];

  test.each(invalid)('%s gives 400 {error, code: invalid} naming the field and rule', async (_label, id, body, message) => {
    const response = await call(id, bearer, { body });
    expectValid(id, response, 400, 'invalid body');
    expect(response.json).toEqual({ error: expect.stringMatching(message), code: 'invalid' });
  });

  test.each(OPERATION_IDS.filter((id) => 'application/json' in operations[id].requestBodies))(
    '%s answers malformed JSON with 400 parse_error in the error shape',
    async (id) => {
      const response = await call(id, { ...bearer, 'content-type': 'application/json' }, { body: '{"name": "x",' });
      expectValid(id, response, 400, 'malformed JSON');
      expect(response.json).toEqual({ error: expect.stringMatching(/^Malformed JSON body: /), code: 'parse_error' });
    },
  );

  test.each([
    ['code=503', 503, '1', 'service_unavailable'],
    ['code=429, retry-after=30', 429, '30', 'throttled'],
    ['code=500', 500, undefined, 'internal_error'],
  ])('Prefer: %s, a status the operation does not declare, is answered by the front in the error shape', async (prefer, status, retryAfter, code) => {
    const response = await call('municipalitiesList', { ...bearer, prefer });
    expect([response.status, response.headers['retry-after'], response.json]).toEqual([status, retryAfter, { error: expect.any(String), code }]);
  });

  test('Prefer: delay=300 answers 300 ms late, and a declared code still gets its contract example from Prism', async () => {
    const started = performance.now();
    const response = await call('municipalitiesList', { ...bearer, prefer: 'delay=300, code=403' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect([response.status, response.json]).toEqual([403, PUBLISHED_403]);
    const late = await call('companiesSearch', { ...bearer, prefer: 'delay=300' });
    expect(late.status).toBe(200);
  });

  test('an invalid query parameter names the parameter', async () => {
    const response = await call('municipalitiesList', bearer, { query: 'page=abc' });
    expect(response.json).toEqual({ error: 'page (query): must be integer', code: 'invalid' });
  });

  test.each<[string, TestRequest, number, string]>([
    ['unknown path', { path: '/api/v1/nope/', headers: bearer }, 404, 'not_found'],
    ['missing trailing slash', { path: '/api/v1/municipalities', headers: bearer }, 404, 'not_found'],
    ['undeclared method', { method: 'DELETE', path: '/api/v1/municipalities/', headers: bearer }, 405, 'method_not_allowed'],
    ['undeclared Prefer success status', { path: '/api/v1/municipalities/', headers: { ...bearer, prefer: 'code=201' } }, 400, 'mock_prefer_unsupported'],
    ['unreadable Prefer delay', { path: '/api/v1/municipalities/', headers: { ...bearer, prefer: 'delay=soon' } }, 400, 'mock_prefer_invalid'],
    ['unknown Prefer example', { path: '/api/v1/municipalities/', headers: { ...bearer, prefer: 'example=nope' } }, 400, 'mock_prefer_unsupported'],
    ['undecodable Prefer value', { path: '/api/v1/municipalities/', headers: { ...bearer, prefer: 'dynamic=maybe' } }, 400, 'mock_prefer_invalid'],
    ['unacceptable Accept', { path: '/api/v1/municipalities/', headers: { ...bearer, accept: 'application/xml' } }, 406, 'not_acceptable'],
    ['absolute request target', { path: '//x:y@/api/v1/municipalities/', headers: bearer }, 400, 'bad_request'],
  ])('%s gives the error shape, not Prism\'s problem+json', async (_label, request, status, code) => {
    const response = await client.send(request);
    expect({ status: response.status, code: (response.json as { code?: string })?.code, shape: isError(response.json).valid }).toEqual({
      status,
      code,
      shape: true,
    });
  });

  test('request headers over Node\'s limit give 431 in the error shape (before any request exists), and the connection closes', async () => {
    const response = await client.send({ path: '/api/v1/municipalities/', headers: { ...bearer, 'x-padding': 'x'.repeat(20 * 1024) } });
    expect({ status: response.status, connection: response.headers.connection, body: response.json }).toEqual({
      status: 431,
      connection: 'close',
      body: { error: 'Request headers too large', code: 'headers_too_large' },
    });
  });

  test('a body over the limit gives 413 in the error shape, and the mock keeps answering', async () => {
    const response = await client.send({
      method: 'POST',
      path: '/api/v1/watchdogs/',
      headers: bearer,
      body: { name: 'x', prompt: 'p'.repeat(BODY_LIMIT) },
    });
    expect({ status: response.status, body: response.json }).toEqual({
      status: 413,
      body: { error: `Request body larger than ${BODY_LIMIT} bytes`, code: 'payload_too_large' },
    });
    expect((await call('municipalitiesList', bearer)).status).toBe(200);
  });
});

describe('dynamic responses', () => {
  test.each(OPERATION_IDS)('%s: 30 generated bodies (Prefer: dynamic=true, different seeds) are valid', async (id) => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, seed) => call(id, { ...bearer, prefer: `dynamic=true, seed=${id}-${seed}` })),
    );
    responses.forEach((response, seed) => expectValid(id, response, successStatus(id), `seed ${seed}`));
    // Different seeds must give different data, or the test would validate one body 30 times.
    expect(new Set(responses.map((r) => r.text)).size).toBeGreaterThan(20);
  });
});

describe('robustness', () => {
  test('1,000 malformed requests (20 at a time) get 4xx in the error shape, never 5xx, and the mock keeps answering', async () => {
    const random = seededRandom(20240611);
    const requests = Array.from({ length: 1000 }, (_, index) => malformedRequest(index, random));
    const responses = await runBounded(requests.length, 20, (index) => client.send(requests[index]!.request));
    const wrong = responses
      .map((response, index) => ({ index, kind: requests[index]!.kind, status: response.status, shape: isError(response.json).valid, text: response.text.slice(0, 120) }))
      .filter((r) => r.status < 400 || r.status >= 500 || !r.shape);
    expect(wrong.slice(0, 5)).toEqual([]);
    expectValid('municipalitiesList', await call('municipalitiesList', bearer), 200, 'after the malformed requests');
  });
});

describe('CORS from another origin', () => {
  const cases = OPERATION_IDS.flatMap((id) => credentialForms.map((form) => [id, form.label, form] as const));

  test.each(cases)('%s with %s: preflight allows it and the response is readable', async (id, _label, form) => {
    const method = operations[id].method.toUpperCase();
    const requested = [...(form.in === 'header' ? [form.name.toLowerCase()] : []), 'content-type', 'prefer'];
    const preflight = await client.send({
      method: 'OPTIONS',
      path: pathOf(id),
      headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': requested.join(',') },
    });
    const allowedHeaders = String(preflight.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
    expect({
      status: preflight.status,
      origin: preflight.headers['access-control-allow-origin'],
      credentials: preflight.headers['access-control-allow-credentials'],
      method: String(preflight.headers['access-control-allow-methods']).split(/,\s*/).includes(method),
      headers: requested.every((header) => allowedHeaders.includes(header)),
    }).toEqual({ status: 204, origin: ORIGIN, credentials: 'true', method: true, headers: true });

    const { headers, query } = withCredential(form, { origin: ORIGIN });
    const response = await call(id, headers, { query });
    expect({
      status: response.status,
      origin: response.headers['access-control-allow-origin'],
      credentials: response.headers['access-control-allow-credentials'],
    }).toEqual({ status: successStatus(id), origin: ORIGIN, credentials: 'true' });
  });
});

describe('API reference', () => {
  test('is served at /docs/', async () => {
    const response = await client.send({ path: '/docs/' });
    expect({ status: response.status, type: response.headers['content-type'], title: response.text.includes('API v1 reference') }).toEqual({
      status: 200,
      type: 'text/html; charset=utf-8',
      title: true,
    });
  });

  test('the page carries the origin it is served on, for its server to default to (not the contract\'s 4010)', async () => {
    const meta = (host: string) => `<meta name="cmds-mock-origin" content="http://${host}">`;
    const [asked, other] = [await client.send({ path: '/docs/' }), await client.send({ path: '/docs/', headers: { host: `localhost:${mock.port}` } })];
    expect([asked.text.includes(meta(`127.0.0.1:${mock.port}`)), other.text.includes(meta(`localhost:${mock.port}`)), Number(asked.headers['content-length'])]).toEqual([true, true, Buffer.byteLength(asked.text)]);
  });

  test('does not serve files outside docs/', async () => {
    const response = await client.send({ path: '/docs/%2e%2e%2fpackage.json' });
    expect({ status: response.status, shape: isError(response.json).valid }).toEqual({ status: 404, shape: true });
  });
});

describe('links lead back to the mock, through pages that end', () => {
  type Page = { count: number; next: string | null; previous: string | null; results: Array<Record<string, unknown>> };
  const page = (id: OperationId, name: string) => examples.responseExample(id, successStatus(id), name) as Page;
  const LISTS = OPERATION_IDS.filter((id) => operations[id].parameters.some((parameter) => parameter.name === 'page'));
  const listExamples = LISTS.flatMap((id) => examples.responseNames(id, successStatus(id)).map((name) => [id, name] as const));
  /** ceil(count / the example's results): the example is one full page. */
  const pagesOf = (example: Page) => (example.results.length > 0 && example.count > 0 ? Math.ceil(example.count / example.results.length) : 1);

  /** One page as the link says: the link is on this mock, under the operation's path. */
  async function fetchPage(id: OperationId, link: string, headers: Record<string, string>): Promise<Page> {
    const base = `${mock.url}${operations[id].path}`;
    if (link !== base && !link.startsWith(`${base}?`)) throw new Error(`${link} leads away from ${base}`);
    const response = await call(id, headers, { query: link.slice(base.length + 1) });
    expectValid(id, response, 200, link);
    return response.json as Page;
  }

  /** Follows next from page 1 to a page whose next is null (a link seen twice is an error). */
  async function walk(id: OperationId, headers: Record<string, string>): Promise<Array<{ link: string; body: Page }>> {
    const pages: Array<{ link: string; body: Page }> = [];
    for (let link: string | null = `${mock.url}${operations[id].path}`; link !== null; link = pages[pages.length - 1]!.body.next) {
      if (pages.some((seen) => seen.link === link)) throw new Error(`next leads to ${link} again`);
      pages.push({ link, body: await fetchPage(id, link, headers) });
    }
    return pages;
  }

  test('the lists are the operations with a page parameter, and each has an example of more than one page', () => {
    expect(LISTS).toEqual(['companiesSearch', 'municipalitiesList']);
    for (const id of LISTS) expect(examples.responseNames(id, successStatus(id)).some((name) => pagesOf(page(id, name)) > 1)).toBe(true);
  });

  test.each(listExamples)('%s %s: page 1 is the example on the origin asked, with the links of page 1', async (id, name) => {
    const example = page(id, name);
    const response = await call(id, { ...bearer, prefer: `example=${name}` });
    expect(response.json).toEqual({ ...example, previous: null, next: pagesOf(example) > 1 ? `${mock.url}${operations[id].path}?page=2` : null });
  });

  // Walked to the end where that is short; a long list by its first two and last two pages.
  const WALKED = 30;

  test.each(listExamples)('%s %s: next leads through ceil(count / page size) pages to a last page; previous leads back; the pages hold count items', async (id, name) => {
    const example = page(id, name);
    const headers = { ...bearer, prefer: `example=${name}` };
    const base = `${mock.url}${operations[id].path}`;
    const last = pagesOf(example);
    const linkTo = (n: number) => (n === 1 ? base : `${base}?page=${n}`);
    const sampled = last <= WALKED;
    const pages = sampled ? await walk(id, headers) : await Promise.all([1, 2, last - 1, last].map(async (n) => ({ link: linkTo(n), body: await fetchPage(id, linkTo(n), headers) })));
    const numbers = sampled ? pages.map((_, index) => index + 1) : [1, 2, last - 1, last];
    const problems = pages.flatMap(({ body }, index) => {
      const n = numbers[index]!;
      const wrong: string[] = [];
      if (body.count !== example.count) wrong.push(`count ${body.count}`);
      const previous = n === 1 ? null : `${base}?page=${n - 1}`;
      const next = n === last ? null : `${base}?page=${n + 1}`;
      if (body.previous !== previous) wrong.push(`previous ${body.previous}, expected ${previous}`);
      if (body.next !== next) wrong.push(`next ${body.next}, expected ${next}`);
      // The example's items again (the mock has no data), as many as are left on the last page.
      if (JSON.stringify(body.results) !== JSON.stringify(example.results.slice(0, body.results.length))) wrong.push("results are not the example's");
      if (n < last && body.results.length !== example.results.length) wrong.push(`${body.results.length} items before the last page`);
      return wrong.map((problem) => `page ${n}: ${problem}`);
    });
    // Every page but the last is full: the pages hold (last - 1) full pages and the last one.
    const held = (last - 1) * example.results.length + pages[pages.length - 1]!.body.results.length;
    expect({ walked: sampled ? pages.length : 'sampled', held, problems }).toEqual({ walked: sampled ? last : 'sampled', held: Math.max(0, example.count), problems: [] });
    // previous of page 2 (`page=1`) answers page 1.
    if (last > 1) expect(await fetchPage(id, pages[1]!.body.previous!, headers)).toEqual(pages[0]!.body);
  });

  test('a page outside the list is empty, its one link leading back into it: the contract declares no refusal for it', async () => {
    const base = `${mock.url}/api/v1/municipalities/`;
    const last = pagesOf(page('municipalitiesList', 'ch-valais'));
    const headers = { ...bearer, prefer: 'example=ch-valais' };
    const [past, before] = [await fetchPage('municipalitiesList', `${base}?page=${last + 1}&q=x`, headers), await fetchPage('municipalitiesList', `${base}?page=0&q=x`, headers)];
    expect([past, before]).toEqual([
      { ...page('municipalitiesList', 'ch-valais'), results: [], next: null, previous: `${base}?page=${last}&q=x` },
      { ...page('municipalitiesList', 'ch-valais'), results: [], next: `${base}?page=1&q=x`, previous: null },
    ]);
  });

  test("links keep the request's query (sorted by name, as DRF writes it), without page's old value or a session id", async () => {
    const response = await call('municipalitiesList', {}, { query: 'state=4&page=3&country_code=AT&country_code=DE&sessionid=demo-session' });
    const base = `${mock.url}/api/v1/municipalities/`;
    expect([(response.json as Page).previous, (response.json as Page).next]).toEqual([
      `${base}?country_code=AT&country_code=DE&page=2&state=4`,
      `${base}?country_code=AT&country_code=DE&page=4&state=4`,
    ]);
  });

  test('the origin is the one the request came to (its Host); URLs outside the API stay as in the example', async () => {
    const origin = `http://localhost:${mock.port}`;
    const response = await call('municipalitiesList', { ...bearer, host: `localhost:${mock.port}`, prefer: 'example=de-baden-wuerttemberg' }, { query: 'page=3' });
    const { next, previous, results } = response.json as Page;
    expect({ next, previous, profile: results[0]!.profile_url }).toEqual({
      next: `${origin}/api/v1/municipalities/?page=4`,
      previous: `${origin}/api/v1/municipalities/?page=2`,
      profile: page('municipalitiesList', 'de-baden-wuerttemberg').results[0]!.profile_url,
    });
  });
});

// Last: stops the shared Prism.
describe('when Prism dies', () => {
  test('the mock reports it once and answers 503 mock_unavailable saying what to do', async () => {
    process.kill(mock.prism.pid!, 'SIGKILL');
    await mock.prism.exited;
    const response = await call('municipalitiesList', bearer);
    expect({ exits: prismExits, status: response.status, body: response.json }).toEqual({
      exits: ['Prism was stopped by SIGKILL'],
      status: 503,
      body: { error: 'The mock cannot answer: Prism was stopped by SIGKILL. Restart `npm start`.', code: 'mock_unavailable' },
    });
  });
});
