// The page the browser test opens: the sandbox's MSW handlers behind `msw/browser`'s service
// worker, used as a frontend would (the typed client, relative URLs), and what came back put on
// `window.sandboxRun` for the test to read. Bundled by esbuild at test time.
import { setupWorker } from 'msw/browser';
import { createApiClient } from '../../client';
import { createHandlers } from '../../sandbox/msw';
import { PAGE_SIZE, SESSION_ID, TOKEN, type PageRun } from './run';

async function run(): Promise<PageRun> {
  const worker = setupWorker(...createHandlers({ limits: { pageSize: PAGE_SIZE }, credentials: { token: TOKEN, readonlyToken: 'readonly', sessionId: SESSION_ID } }));
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });

  const api = createApiClient({ baseUrl: location.origin, auth: { bearer: TOKEN } });
  const list = await api.GET('/api/v1/municipalities/', { params: { query: { country_code: ['AT'] } } });
  const created = await api.POST('/api/v1/watchdogs/', { body: { name: 'Im Browser', prompt: 'Melde Konkurse.' } });
  const uuid = created.data?.uuid ?? 'missing';
  // The watchdog is stored by the handlers: a second request finds and changes it.
  const deactivated = await api.POST('/api/v1/watchdogs/{uuid}/deactivate/', {
    params: { path: { uuid } },
    body: { name: 'Im Browser', prompt: 'Melde Konkurse.' },
  });
  // A session id that needs encoding, in the query form (browsers do not let a script set Cookie).
  const bySession = await createApiClient({ baseUrl: location.origin, auth: { sessionQuery: SESSION_ID } }).GET('/api/v1/municipalities/');
  const anonymous = await fetch('/api/v1/municipalities/');

  const exchange = (result: { response: Response; data?: unknown; error?: unknown }) => ({ status: result.response.status, body: result.data ?? result.error });
  return {
    list: exchange(list),
    created: exchange(created),
    deactivated: exchange(deactivated),
    bySession: exchange(bySession),
    anonymous: { status: anonymous.status, body: await anonymous.json() },
  };
}

const target = window as unknown as { sandboxRun?: PageRun | { error: string } };
run().then(
  (result) => (target.sandboxRun = result),
  (error: unknown) => (target.sandboxRun = { error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) }),
);
