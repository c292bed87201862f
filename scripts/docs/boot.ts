// Runs in the reference page after Scalar's bundle: hands Scalar the inlined contract and
// configuration. Served by the mock at /docs/, the page carries the mock's origin (a meta element
// mock/docs.ts adds) and the contract's server URL (`{base_url}`) defaults to it, so the page shows
// the port it came from and "Test Request" goes there. `?server=<origin>` puts another server first
// in the list (a page opened from a file or another host). Never imported: build.ts compiles this
// file with esbuild and html.ts inlines it, so it is type-checked where it is written.
export {};

interface ScalarWindow {
  Scalar: { createApiReference(selector: string, configuration: Record<string, unknown>): void };
}

const read = (id: string): Record<string, unknown> => JSON.parse(document.getElementById(id)?.textContent ?? '{}');
const contract = read('contract');
const configuration = read('scalar-configuration');
type Server = { url?: unknown; description?: unknown; variables?: Record<string, { default?: unknown }> };

/** Set by the mock when it serves this page (mock/docs.ts, MOCK_ORIGIN_META). */
const mockOrigin = document.querySelector('meta[name="cmds-mock-origin"]')?.getAttribute('content');
if (mockOrigin) {
  const listed = (Array.isArray(contract.servers) ? contract.servers : []) as Server[];
  // A server that is one variable (`{base_url}`): its default becomes this mock; else the mock goes first.
  const templated = listed.filter((one) => typeof one.url === 'string' && /^\{[^{}]+\}$/.test(one.url) && one.variables?.[one.url.slice(1, -1)]);
  for (const one of templated) one.variables![(one.url as string).slice(1, -1)]!.default = mockOrigin;
  if (!templated.length) contract.servers = [{ url: mockOrigin, description: 'The mock that serves this page' }, ...listed];
}
const server = new URLSearchParams(window.location.search).get('server');
if (server) {
  try {
    const url = new URL(server);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    const listed = Array.isArray(contract.servers) ? contract.servers : [];
    contract.servers = [{ url: url.href.replace(/\/+$/, ''), description: 'Set by ?server= in the address of this page' }, ...listed];
  } catch (error) {
    console.warn(`Ignoring ?server=${server}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
configuration.content = contract;
(window as unknown as ScalarWindow).Scalar.createApiReference('#app', configuration);
