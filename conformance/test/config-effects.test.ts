// What the config file's knowledge does to a run (config-file.test.ts checks each key reaches the
// configuration): known companies are monitored, known tags exercised where unknown ones are
// refused, the user's search is the base, excluded operations get nothing, served links are held
// to publicBaseUrl, extra headers reach the deployment.
import { createSandbox, DEFAULT_CREDENTIALS } from '../../sandbox/core';
import type { OperationId } from '../../generated';
import type { FetchLike } from '../engine/transport';
import { reference } from '../runner/fixtures';
import { createRun } from '../runner/run';
import { editAnswer, faulty, isOk, json, opOf } from './support/faults';
import { failing, judge, outcomeOf } from './support/judge';
import { liveConfig, sandboxFetch } from './support/sandbox';
import { KNOWN_TAGS, VARIANTS } from './support/variants';

const variant = (name: string) => VARIANTS.find((v) => v.name === name)!;

/** The deployment, and what every successful watchdog answer held (companies, tags) and which operations were asked. */
function watched(deployment: FetchLike) {
  const seen = { companies: new Set<string>(), tags: new Set<string>(), operations: new Set<OperationId>() };
  const fetch: FetchLike = async (request) => {
    const url = new URL(request.url);
    const op = opOf(request.method, url);
    if (op) seen.operations.add(op);
    const response = await deployment(request);
    if (op?.startsWith('watchdogs') && response.ok && response.status !== 204) {
      const body = (await response.clone().json().catch(() => ({}))) as { companies?: string[]; tags?: string[] };
      for (const uuid of body.companies ?? []) seen.companies.add(uuid.toLowerCase());
      for (const uuid of body.tags ?? []) seen.tags.add(uuid.toLowerCase());
    }
    return response;
  };
  return { fetch, seen };
}

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
  const report = await judge(fetch, { excluded, areas: ['inputs', 'lists', 'filters', 'auth', 'lifecycle'] });
  expect(excluded.filter((op) => seen.operations.has(op))).toEqual([]);
  expect(failing(report)).toEqual([]);
  const lines = report.lines.filter((line) => excluded.includes(line.operationId as OperationId));
  expect(lines.length).toBeGreaterThan(10);
  expect(new Set(lines.map((line) => `${line.outcome}: ${line.message}`)).size).toBe(excluded.length);
  expect(lines.every((line) => line.outcome === 'skip' && /excluded by the config/.test(line.message))).toBe(true);
  expect(report.lines.find((line) => line.rule === 'phase_completed')?.counts).toMatchObject({ fail: 0, skip: 0 });
  expect(outcomeOf(report, 'watchdog_create_applied', 'watchdogsCreate')).toBe('skip');
});
