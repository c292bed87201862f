// One set of demo credentials: the same key reads the municipality list from the Prism mock,
// the sandbox over HTTP and the sandbox's MSW handlers, and each banner prints the values to use.
import { setupServer } from 'msw/node';
import { createApiClient, type Credential } from '../../client';
import { banner as mockBanner } from '../../mock/banner';
import { readExamples } from '../../mock/examples';
import { startMock, type RunningMock } from '../../mock/server';
import { DEMO_CREDENTIALS } from '../../protocol/demo-credentials';
import { banner as sandboxBanner } from '../../sandbox/banner';
import { createHandlers } from '../../sandbox/msw';
import { startSandbox, type RunningSandbox } from '../../sandbox/node';
import { parseOptions } from '../../sandbox/options';

const MSW_ORIGIN = 'https://api.demo.test';
const FULL: Credential[] = [{ bearer: DEMO_CREDENTIALS.token }, { token: DEMO_CREDENTIALS.token }, { sessionHeader: DEMO_CREDENTIALS.sessionId }];

let mock: RunningMock;
let sandbox: RunningSandbox;
const server = setupServer(...createHandlers({ baseUrl: MSW_ORIGIN }));

beforeAll(async () => {
  server.listen({ onUnhandledRequest: (request, print) => (new URL(request.url).hostname === '127.0.0.1' ? undefined : print.error()) });
  [mock, sandbox] = await Promise.all([startMock({ port: 0 }), startSandbox({ port: 0, log: () => undefined })]);
});
afterAll(async () => {
  server.close();
  await Promise.all([mock?.close(), sandbox?.close()]);
});

const targets = () => [
  ['the mock', mock.url],
  ['the sandbox over HTTP', sandbox.url],
  ['the MSW handlers', MSW_ORIGIN],
];

test.each(FULL)('%o reads the municipality list from the mock, the sandbox and the MSW handlers', async (auth) => {
  for (const [name, baseUrl] of targets()) {
    const { data, response } = await createApiClient({ baseUrl: baseUrl!, auth }).GET('/api/v1/municipalities/');
    expect([name, response.status, Array.isArray(data?.results)]).toEqual([name, 200, true]);
  }
});

test('the limited key reads everywhere and is refused a watchdog write by the sandbox (both adapters)', async () => {
  for (const [name, baseUrl] of targets()) {
    const api = createApiClient({ baseUrl: baseUrl!, auth: { bearer: DEMO_CREDENTIALS.readonlyToken } });
    expect([name, (await api.GET('/api/v1/municipalities/')).response.status]).toEqual([name, 200]);
  }
  for (const baseUrl of [sandbox.url, MSW_ORIGIN]) {
    const api = createApiClient({ baseUrl, auth: { bearer: DEMO_CREDENTIALS.readonlyToken } });
    const write = await api.POST('/api/v1/watchdogs/', { body: { name: 'n', prompt: 'p' } });
    expect([baseUrl, write.response.status]).toEqual([baseUrl, 403]);
  }
});

test('both banners print the three demo values', () => {
  const printed = {
    mock: mockBanner({ url: mock.url, docsBuilt: false, examples: readExamples() }),
    sandbox: sandboxBanner(parseOptions([], {}), sandbox.url).join('\n'),
  };
  for (const text of Object.values(printed)) {
    expect(Object.values(DEMO_CREDENTIALS).filter((value) => !text.includes(value))).toEqual([]);
  }
  expect(printed.sandbox).toContain(`Authorization: Bearer ${DEMO_CREDENTIALS.token}`);
});
