// Runs in the reference page after Scalar's bundle: hands Scalar the inlined contract and
// configuration. `?server=<origin>` puts another server first in the list, so a mock on another
// port (or the browser test's) gets the "Test Request" calls. Never imported: build.ts compiles
// this file with esbuild and html.ts inlines it, so it is type-checked where it is written.
export {};

interface ScalarWindow {
  Scalar: { createApiReference(selector: string, configuration: Record<string, unknown>): void };
}

const read = (id: string): Record<string, unknown> => JSON.parse(document.getElementById(id)?.textContent ?? '{}');
const contract = read('contract');
const configuration = read('scalar-configuration');
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
