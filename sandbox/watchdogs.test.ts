// The watchdog operations against the sandbox: state kept across requests, derived
// monitored companies, the sandbox's choices for activate/deactivate, and its limits.
import type { ErrorBody } from '../protocol/errors';
import type { Company, Watchdog } from './core/types';
import { ADAPTERS, BEARER, call, type Answer, type Target } from './test/test-support';

/** A watchdog, or an error body when the request is refused. */
type Reply = Watchdog & Partial<ErrorBody>;

const WATCHDOGS = '/api/v1/watchdogs/';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe.each(ADAPTERS)('through the $name adapter', ({ start }) => {
  let sandbox: Target;
  let companies: Company[];

  beforeAll(async () => {
    sandbox = await start();
    companies = (await call(sandbox, '/api/v1/companies/search/', { method: 'POST', headers: BEARER, body: { country: 'CH' } })).body.results;
  });
  afterAll(() => sandbox.close());

  const post = (path: string, body?: unknown): Promise<Answer<Reply>> => call(sandbox, path, { method: 'POST', headers: BEARER, body });
  const patch = (uuid: string, body: unknown, event = 'any-event'): Promise<Answer<Reply>> =>
    call(sandbox, `${WATCHDOGS}${uuid}/events/${event}/`, { method: 'PATCH', headers: BEARER, body });
  const action = (uuid: string, name: string, body?: unknown) => post(`${WATCHDOGS}${uuid}/${name}/`, body);

  async function create(body: Record<string, unknown> = {}): Promise<Watchdog> {
    const answer = await post(WATCHDOGS, { name: 'Uhren Jura', prompt: 'Melde Konkurse.', ...body });
    expect(answer.status).toBe(201);
    return answer.body;
  }

  describe('create', () => {
    test('201 with a full watchdog: server uuid and timestamps, empty last_signal, active by default', async () => {
      const before = Date.now();
      const created = await create();
      expect(created).toEqual({
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Uhren Jura',
        prompt: 'Melde Konkurse.',
        monitored_company_count: 0,
        monitored_companies: [],
        last_signal: {},
        created_at: created.updated_at,
        updated_at: expect.any(String),
        companies: [],
        tags: [],
        is_active: true,
      });
      expect(Date.parse(created.created_at)).toBeGreaterThanOrEqual(before - 1000);
    });

    test('monitored companies are the subscribed companies of the seed, without duplicates', async () => {
      const [a, b] = [companies[0]!, companies[1]!];
      const tag = 'b8c9d0e1-f2a3-4b4c-9d5e-6f7a8b9c0d1e';
      const created = await create({ companies: [a.uuid, b.uuid.toUpperCase(), a.uuid], tags: [tag], is_active: false });
      expect(created.companies).toEqual([a.uuid, b.uuid]);
      expect(created.tags).toEqual([tag]);
      expect(created.is_active).toBe(false);
      expect(created.monitored_company_count).toBe(2);
      expect(created.monitored_companies).toEqual([a, b].map(({ uuid, name, registration_number, country, status }) => ({ uuid, name, registration_number, country, status })));
    });

    test('unknown company UUIDs: 400 naming them', async () => {
      const answer = await post(WATCHDOGS, { name: 'n', prompt: 'p', companies: [companies[0]!.uuid, MISSING] });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: `companies: unknown company UUID: ${MISSING}`, code: 'invalid' });
    });

    test.each([
      ['without name', { prompt: 'p' }, 'name: is required'],
      ['without prompt', { name: 'n' }, 'prompt: is required'],
      ['with a name of 201 characters', { name: 'x'.repeat(201), prompt: 'p' }, 'name: must NOT have more than 200 characters'],
      ['with a tag that is no UUID', { name: 'n', prompt: 'p', tags: ['t'] }, 'tags[0]: must match format "uuid"'],
      ['with is_active a string', { name: 'n', prompt: 'p', is_active: 'yes' }, 'is_active: must be boolean'],
    ])('%s: 400 naming field and rule', async (_what, body, message) => {
      const answer = await post(WATCHDOGS, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: message, code: 'invalid' });
    });

    test('an empty body is refused for the missing required fields', async () => {
      const answer = await call(sandbox, WATCHDOGS, { method: 'POST', headers: BEARER });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('name: is required; prompt: is required');
    });

    test('a form body: 415 (the contract declares JSON only)', async () => {
      const answer = await post(WATCHDOGS, new URLSearchParams({ name: 'n', prompt: 'p' }));
      expect(answer.status).toBe(415);
    });
  });

  describe('a watchdog keeps its state across requests', () => {
    let uuid: string;
    beforeAll(async () => {
      uuid = (await create({ companies: [companies[0]!.uuid] })).uuid;
    });

    test('PATCH through the event path applies only the given fields; event_uuid may be any string', async () => {
      const renamed = await patch(uuid, { name: 'Neu' }, 'not-a-uuid');
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ uuid, name: 'Neu', prompt: 'Melde Konkurse.', companies: [companies[0]!.uuid] });
      const replaced = await patch(uuid, { companies: [companies[2]!.uuid], is_active: false });
      expect(replaced.body).toMatchObject({ name: 'Neu', companies: [companies[2]!.uuid], monitored_company_count: 1, is_active: false });
      expect(Date.parse(replaced.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(replaced.body.created_at));
    });

    test('an empty PATCH changes nothing', async () => {
      const before = (await patch(uuid, {})).body;
      expect(before.name).toBe('Neu');
      expect((await patch(uuid, {})).body.companies).toEqual(before.companies);
    });

    test('activate sets is_active true; deactivate sets it false (the sandbox choice)', async () => {
      expect((await action(uuid, 'activate')).body.is_active).toBe(true);
      expect((await action(uuid, 'activate', { name: 'Neu', prompt: 'p' })).body).toMatchObject({ is_active: true, prompt: 'Melde Konkurse.' });
      const deactivated = await action(uuid, 'deactivate', { name: 'Neu', prompt: 'Melde Konkurse.' });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.is_active).toBe(false);
      expect((await patch(uuid, {})).body.is_active).toBe(false);
    });

    test('deactivate requires name and prompt (published)', async () => {
      const answer = await action(uuid, 'deactivate', { name: 'Neu' });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'prompt: is required', code: 'invalid' });
    });

    test('subscribe adds companies and tags (set union); unsubscribe removes them', async () => {
      const [a, b, c] = [companies[2]!, companies[3]!, companies[4]!];
      const tag = 'c9d0e1f2-a3b4-4c5d-8e6f-7a8b9c0d1e2f';
      const subscribed = await action(uuid, 'subscribe', { companies: [b.uuid, a.uuid, c.uuid], tags: [tag] });
      expect(subscribed.body.companies).toEqual([a.uuid, b.uuid, c.uuid]);
      expect(subscribed.body.monitored_companies.map((m) => m.uuid)).toEqual([a.uuid, b.uuid, c.uuid]);
      expect(subscribed.body.monitored_company_count).toBe(3);
      expect(subscribed.body.tags).toEqual([tag]);
      const unsubscribed = await action(uuid, 'unsubscribe', { companies: [a.uuid, MISSING], tags: [tag] });
      expect(unsubscribed.body.companies).toEqual([b.uuid, c.uuid]);
      expect(unsubscribed.body.monitored_company_count).toBe(2);
      expect(unsubscribed.body.tags).toEqual([]);
    });

    test('subscribe refuses unknown companies and changes nothing', async () => {
      const answer = await action(uuid, 'subscribe', { companies: [MISSING] });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toContain(MISSING);
      expect((await patch(uuid, {})).body.monitored_company_count).toBe(2);
    });
  });

  test("the contract's example watchdogs are seeded and can be acted on", async () => {
    const answer = await action('f4a5b6c7-d8e9-4f0a-b1c2-d3e4f5a6b7c8', 'activate');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Logistikpartner Norddeutschland', is_active: true, monitored_company_count: 1 });
  });

  describe('unknown watchdogs: 404 not_found, before the body is looked at', () => {
    test.each([
      ['activate', () => action(MISSING, 'activate')],
      ['deactivate (body missing its required fields)', () => action(MISSING, 'deactivate', {})],
      ['subscribe', () => action(MISSING, 'subscribe', { companies: [] })],
      ['unsubscribe', () => action(MISSING, 'unsubscribe', {})],
      ['PATCH', () => patch(MISSING, { name: 'x' })],
      ['a path uuid that is no UUID', () => action('not-a-uuid', 'activate')],
    ])('%s', async (_what, send) => {
      const answer = await send();
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('not_found');
    });
  });

  describe('limits', () => {
    test('more than 500 items in a list: 400', async () => {
      const tags = Array.from({ length: 501 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      const answer = await post(WATCHDOGS, { name: 'n', prompt: 'p', tags });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('tags: must NOT have more than 500 items (sandbox limit)');
    });

    test('subscribing past 500 tags in total: 400', async () => {
      const tags = (from: number) => Array.from({ length: 300 }, (_, i) => `00000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`);
      const { uuid } = await create({ tags: tags(0) });
      const answer = await action(uuid, 'subscribe', { tags: tags(300) });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^tags: a watchdog holds at most 500 tags/);
    });

    test('the stored-watchdog cap answers 409 limit_reached', async () => {
      const small = await start({ limits: { watchdogs: 5 } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i++) {
          statuses.push((await call(small, WATCHDOGS, { method: 'POST', headers: BEARER, body: { name: `n${i}`, prompt: 'p' } })).status);
        }
        // Three example watchdogs are seeded, so two more fit.
        expect(statuses).toEqual([201, 201, 409]);
        const refused = await call(small, WATCHDOGS, { method: 'POST', headers: BEARER, body: { name: 'n', prompt: 'p' } });
        expect(refused.body).toEqual({ error: expect.stringContaining('at most 5 watchdogs'), code: 'limit_reached' });
      } finally {
        await small.close();
      }
    });
  });
});
