// The Jest/Vitest example of sandbox/README.md, as written there (through the package's own
// exports, as a consumer imports it).
import { setupServer } from 'msw/node';
import { createHandlers } from 'cmds-contract-kit/msw';
import { createApiClient } from 'cmds-contract-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => server.resetHandlers(...createHandlers({ baseUrl: 'https://api.test', limits: { pageSize: 5 } })));
afterAll(() => server.close());

test('lists Austrian municipalities five at a time', async () => {
  const api = createApiClient({ baseUrl: 'https://api.test', auth: { bearer: 'demo-key' } });
  const { data } = await api.GET('/api/v1/municipalities/', { params: { query: { country_code: ['AT'] } } });
  expect(data?.results).toHaveLength(5);
});

test('each test starts fresh: a watchdog created in one test is gone in the next', async () => {
  const api = createApiClient({ baseUrl: 'https://api.test', auth: { bearer: 'demo-key' } });
  const created = await api.POST('/api/v1/watchdogs/', { body: { name: 'Einmal', prompt: 'p' } });
  expect(created.response.status).toBe(201);
  const uuid = created.data!.uuid;
  const again = await api.POST('/api/v1/watchdogs/{uuid}/activate/', { params: { path: { uuid } }, body: {} });
  expect(again.response.status).toBe(200);
  server.resetHandlers(...createHandlers({ baseUrl: 'https://api.test' }));
  const fresh = await api.POST('/api/v1/watchdogs/{uuid}/activate/', { params: { path: { uuid } }, body: {} });
  expect(fresh.response.status).toBe(404);
});

test('createHandlers refuses a baseUrl with a path, naming the problem', () => {
  expect(() => createHandlers({ baseUrl: 'https://api.test/v1' })).toThrow(
    'createHandlers: baseUrl "https://api.test/v1" must be an origin without a path',
  );
});
