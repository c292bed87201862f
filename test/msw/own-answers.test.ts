// A frontend test's own answers through the public MSW API (`cmds-contract-kit/msw`): a success
// of its choosing for one operation (`override(id, { status, body })`, typed from the contract and
// checked against it), and handlers that start from its own municipalities, companies and
// watchdogs (`createHandlers({ data })`), checked by the contract's schemas item by item.
import { setupServer } from 'msw/node';
import { createApiClient, type Schemas } from '../../client';
import { DEMO_CREDENTIALS } from '../../protocol/demo-credentials';
import { createHandlers, override, type SeedData } from '../../sandbox/msw';

const BASE = 'https://api.own-answers.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const api = createApiClient({ baseUrl: BASE, auth: { bearer: DEMO_CREDENTIALS.token } });

const municipality = (uuid: string, name: string, fields: Partial<Schemas['Municipality']> = {}): Schemas['Municipality'] => ({
  uuid,
  country_code: 'AT',
  official_code: `9${uuid.slice(0, 4).replace(/\D/g, '0')}`,
  name,
  status: 'G',
  status_display: 'Gemeinde',
  company_count: 0,
  officials: [],
  profile_url: `https://service.example/gemeinden/${uuid}/`,
  budget_url: `https://service.example/gemeinden/${uuid}/budget/`,
  ...fields,
});
const company = (uuid: string, name: string): Schemas['CompanySearchResult'] => ({ uuid, name, country: 'AT', registration_number: `FN ${uuid.slice(0, 6)} a`, status: 'Active' });

const LONG_NAME = 'Sankt '.repeat(40).trim();
const DATA: SeedData = {
  municipalities: [
    municipality('00000000-0000-4000-8000-000000000002', LONG_NAME, { official_code: '90002' }),
    municipality('00000000-0000-4000-8000-000000000001', 'Aberdorf', { official_code: '90001' }),
    municipality('00000000-0000-4000-8000-000000000003', 'Zug', { country_code: 'CH', official_code: '1711' }),
  ],
  companies: [company('10000000-0000-4000-8000-000000000001', 'Eigene Bau GmbH'), company('10000000-0000-4000-8000-000000000002', 'Andere AG')],
  watchdogs: [
    {
      uuid: '20000000-0000-4000-8000-000000000001',
      name: 'Own',
      prompt: 'Melde alles.',
      monitored_company_count: 1,
      monitored_companies: [{ uuid: '10000000-0000-4000-8000-000000000001', name: 'Eigene Bau GmbH', registration_number: 'FN 100000 a', country: 'AT', status: 'Active' }],
      last_signal: {},
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
      is_active: false,
    },
  ],
};

test('override() answers a success of the test’s own, typed and checked by the contract: an empty list, then one long name', async () => {
  // Handlers are tried in order: the override goes before the sandbox's.
  server.use(
    override('municipalitiesList', { status: 200, body: { count: 0, next: null, previous: null, results: [] } }, { once: true }),
    ...createHandlers({ baseUrl: BASE, data: { municipalities: DATA.municipalities!.slice(0, 1) } }),
  );
  const empty = await api.GET('/api/v1/municipalities/');
  expect([empty.response.status, empty.data]).toEqual([200, { count: 0, next: null, previous: null, results: [] }]);
  const long = await api.GET('/api/v1/municipalities/');
  expect(long.data!.results.map((m) => m.name)).toEqual([LONG_NAME]);
});

test('a success body that breaks the contract, or a success the operation does not declare, throws one line naming it', () => {
  const wrong = { count: 1, next: null, previous: null, results: [{ ...DATA.municipalities![0]!, country_code: 'at' }] };
  expect(() => override('municipalitiesList', { status: 200, body: wrong })).toThrow(new Error('override: municipalitiesList 200: results[0].country_code: must match pattern "^[A-Z]{2}$"'));
  expect(() => override('municipalitiesList', { status: 200, body: { count: 0 } as never })).toThrow(new Error('override: municipalitiesList 200: results: is required'));
  expect(() => override('watchdogsCreate', { status: 200 as 201, body: {} as never })).toThrow(new Error('override: watchdogsCreate 200: the contract declares no 200 for watchdogsCreate; its success status: 201'));
});

test('createHandlers({ data }) serves the team’s own municipalities, companies and watchdogs, in the sandbox’s order, filtered and stateful', async () => {
  server.use(...createHandlers({ baseUrl: BASE, data: DATA }));
  const all = await api.GET('/api/v1/municipalities/');
  expect(all.data!.results.map((m) => m.name)).toEqual(['Aberdorf', LONG_NAME, 'Zug']);
  const swiss = await api.GET('/api/v1/municipalities/', { params: { query: { country_code: ['CH'] } } });
  expect(swiss.data!.results.map((m) => m.name)).toEqual(['Zug']);
  const search = await api.POST('/api/v1/companies/search/', { body: {} });
  expect(search.data!.results.map((c) => c.name)).toEqual(['Andere AG', 'Eigene Bau GmbH']);
  const uuid = DATA.watchdogs![0]!.uuid;
  const activated = await api.POST('/api/v1/watchdogs/{uuid}/activate/', { params: { path: { uuid } }, body: {} });
  expect([activated.data!.is_active, activated.data!.monitored_companies.map((c) => c.name)]).toEqual([true, ['Eigene Bau GmbH']]);
  const subscribed = await api.POST('/api/v1/watchdogs/{uuid}/subscribe/', { params: { path: { uuid } }, body: { companies: ['10000000-0000-4000-8000-000000000002'] } });
  expect(subscribed.data!.monitored_company_count).toBe(2);
});

test.each<[string, unknown, string]>([
  ['a value the contract refuses', { municipalities: [municipality('00000000-0000-4000-8000-000000000009', 'X', { country_code: 'at' })] }, 'data.municipalities[0].country_code: must match pattern "^[A-Z]{2}$"'],
  ['a required field missing', { municipalities: [{ ...municipality('00000000-0000-4000-8000-000000000009', 'X'), name: undefined }] }, 'data.municipalities[0].name: is required'],
  ['a company field the sandbox searches by', { companies: [{ uuid: '10000000-0000-4000-8000-000000000009', name: 'Ohne Nummer' }] }, 'data.companies[0].country: is required by the sandbox (it searches and filters companies by uuid, name, country, registration_number, status)'],
  ['a uuid twice', { companies: [company('10000000-0000-4000-8000-000000000001', 'A'), company('10000000-0000-4000-8000-000000000001', 'B')] }, 'data.companies[1].uuid: "10000000-0000-4000-8000-000000000001" is also the uuid of companies[0]'],
  ['a watchdog of a company not in the data', { companies: DATA.companies!.slice(1), watchdogs: DATA.watchdogs }, 'data.watchdogs[0].monitored_companies[0]: no company "10000000-0000-4000-8000-000000000001" in the data\'s companies'],
  ['a list that is not an array', { watchdogs: {} }, 'data.watchdogs: must be an array of Watchdog objects'],
  ['a key that is not seed data', { municipality: [] }, 'data.municipality: is not seed data; expected municipalities, companies, watchdogs'],
])('createHandlers({ data }) with %s throws one line naming the item and field', (_case, data, message) => {
  expect(() => createHandlers({ data: data as SeedData })).toThrow(new Error(`sandbox: ${message}`));
});
