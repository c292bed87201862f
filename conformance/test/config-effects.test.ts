// What the config file's knowledge does to a run (config-file.test.ts checks each key reaches the
// configuration): known companies are monitored, known tags exercised where unknown ones are
// refused, the user's search is the base, excluded operations get nothing, served links are held
// to publicBaseUrl, extra headers reach the deployment.
import { createSandbox, DEFAULT_CREDENTIALS } from '../../sandbox/core';
import type { OperationId } from '../../generated';
import type { FetchLike } from '../engine/transport';
import { reference } from '../runner/fixtures';
import { createRun } from '../runner/run';
import { editAnswer, isOk } from '../../strength/edits';
import { faulty } from '../../strength/faulty';
import { failing, judge, outcomeOf } from './support/judge';
import { liveConfig, sandboxFetch } from './support/sandbox';
import { KNOWN_TAGS, VARIANTS } from './support/variants';
import { watched } from './support/watched';

const variant = (name: string) => VARIANTS.find((v) => v.name === name)!;

test('known companies are monitored by the lifecycle, even one the search would not list first', async () => {
  const last = createSandbox({ credentials: DEFAULT_CREDENTIALS }).state.companies.at(-1)!.record.uuid;
  const { fetch, seen } = watched(sandboxFetch());
  const report = await judge(fetch, { areas: ['lifecycle'], budget: 400, known: { companies: [last] } });
  expect(failing(report)).toEqual([]);
  expect(seen.companies).toContain(last.toLowerCase());
});

test('known tags are exercised on a deployment that refuses the tags it does not know; made up, they only warn', async () => {
  const refusing = variant('unknown tag UUIDs refused, the known ones given in the config');
  const known = watched(refusing.make());
  const report = await judge(known.fetch, { areas: ['lifecycle'], budget: 400, ...refusing.config });
  expect(failing(report)).toEqual([]);
  expect([...known.seen.tags].filter((tag) => KNOWN_TAGS.includes(tag)).length).toBeGreaterThan(0);

  const madeUp = watched(variant('unknown tag UUIDs refused, none given (made-up tags warn)').make());
  const warned = await judge(madeUp.fetch, { areas: ['lifecycle'], budget: 400 });
  expect(failing(warned)).toEqual([]);
  expect(madeUp.seen.tags.size).toBe(0);
});

test('the search given in the config is the base of a search that needs a name, tried first', async () => {
  const search = { name: 'Hofbauer' };
  const run = createRun(liveConfig(undefined, { known: { search } }), { fetch: variant('a search needs a name or a registration number').make() });
  const ref = await reference(run, 'companiesSearch');
  expect(ref.base).toEqual([{ where: 'body', name: 'name', values: ['Hofbauer'] }]);
  expect(ref.tried).toBe(1);
  expect(ref.items.length).toBeGreaterThan(0);
});

test('excluded operations get no request, their lines say why, and every phase still runs to its end', async () => {
  const excluded: OperationId[] = ['companiesSearch', 'watchdogsSubscribe'];
  const { fetch, seen } = watched(sandboxFetch());
  const report = await judge(fetch, { excluded, areas: ['lists', 'filters', 'auth', 'lifecycle'] });
  expect(excluded.filter((op) => seen.operations.has(op))).toEqual([]);
  expect(failing(report)).toEqual([]);
  const lines = report.lines.filter((line) => excluded.includes(line.operationId as OperationId));
  expect(lines.length).toBeGreaterThan(10);
  expect(new Set(lines.map((line) => `${line.outcome}: ${line.message}`)).size).toBe(excluded.length);
  expect(lines.every((line) => line.outcome === 'skip' && /excluded by the config/.test(line.message))).toBe(true);
  expect(report.lines.find((line) => line.rule === 'phase_completed')?.counts).toMatchObject({ fail: 0, skip: 0 });
  expect(outcomeOf(report, 'watchdog_create_applied', 'watchdogsCreate')).toBe('skip');
});

describe('served links and publicBaseUrl', () => {
  /** The sandbox behind a gateway: its links carry `origin` instead of the address the run uses. */
  const linksOn = (origin: string) => faulty({
    response: (s, a) => (s.op === 'municipalitiesList' && isOk(a) ? editAnswer(a, (page) => {
      for (const key of ['next', 'previous'] as const) if (typeof page[key] === 'string') page[key] = (page[key] as string).replace(s.url.origin, origin);
    }) : a),
  });
  const linesOf = async (origin: string, publicBaseUrl?: string) => {
    const report = await judge(linksOn(origin), { areas: ['lists'], budget: 300, ...(publicBaseUrl && { publicBaseUrl }) });
    return report.lines.find((line) => line.rule === 'next_previous_links' && line.operationId === 'municipalitiesList')!;
  };

  test('a link on another port only warns when no public base URL is given (whether links carry it is not published)', async () => {
    expect(await linesOf('http://sandbox.test:8080')).toMatchObject({ outcome: 'warn', message: expect.stringContaining('give publicBaseUrl in the config') });
  });

  test('given, a link elsewhere fails, naming it', async () => {
    const line = await linesOf('http://sandbox.test:8080', 'http://sandbox.test');
    expect(line).toMatchObject({ outcome: 'fail', message: expect.stringMatching(/^a link is not under the public base URL http:\/\/sandbox\.test \(publicBaseUrl in the config\): http:\/\/sandbox\.test:8080\/api\/v1\/municipalities\/\?/) });
  });

  test('given, links under it (a gateway with a path prefix) pass, followed on the base URL', async () => {
    expect(await linesOf('https://api.example.com/gw', 'https://api.example.com/gw')).toMatchObject({ outcome: 'pass' });
  });
});

test('extra headers reach the deployment on every request (a gateway that refuses requests without its key)', async () => {
  const key = 'gw-0123456789';
  const asked: string[] = [];
  const sandbox = sandboxFetch();
  const gateway: FetchLike = (request) => {
    asked.push(request.headers.get('x-gateway-key') ?? '');
    return request.headers.get('x-gateway-key') === key ? sandbox(request) : Promise.resolve(new Response(JSON.stringify({ message: 'no gateway key' }), { status: 403 }));
  };
  const report = await judge(gateway, { areas: ['auth'], headers: { 'X-Gateway-Key': key } });
  expect(failing(report)).toEqual([]);
  expect(asked.length).toBeGreaterThan(50);
  expect(asked.every((value) => value === key)).toBe(true);
});
