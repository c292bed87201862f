// The sandbox as MSW request handlers (`cmds-contract-kit/msw`): each intercepted request goes to
// a sandbox core made for this `createHandlers` call, so the answers are the sandbox's (filtered,
// paginated, stateful, credential-checked, contract-shaped errors) without a server. The same
// handlers work with `msw/node`'s setupServer (Jest, Vitest) and `msw/browser`'s setupWorker.
import { http, type HttpHandler } from 'msw';
import { createSandbox, type Sandbox, type SandboxOptions } from './core';

export type { Credentials, Limits, Sandbox, SandboxOptions } from './core';
export { createSandbox, DEFAULT_CREDENTIALS, DEFAULT_LIMITS } from './core';

export interface HandlerOptions extends SandboxOptions {
  /**
   * The origin to answer for, e.g. `https://api.example.test`: every path on it goes to the
   * sandbox (unknown paths get its 404). Without it, `/api/v1/*` on any origin does, and other
   * requests pass on to the next handler.
   */
  baseUrl?: string;
}

/** The request pattern for an origin, or for the API path on any origin. */
function patternFor(baseUrl: string | undefined): string {
  if (baseUrl === undefined) return '*/api/v1/*';
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`createHandlers: baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL (e.g. http://127.0.0.1:4011)`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`createHandlers: baseUrl ${JSON.stringify(baseUrl)} must be an origin without a path (the contract's paths start at /api/v1/)`);
  }
  return `${url.origin}/*`;
}

/** Handlers that answer from an existing sandbox core (its state is shared with whoever holds it). */
export function handlersFor(sandbox: Sandbox, baseUrl?: string): HttpHandler[] {
  return [http.all(patternFor(baseUrl), ({ request }) => sandbox.fetch(request))];
}

/**
 * MSW handlers backed by a fresh sandbox: seed data, credentials and limits as in `npm run
 * sandbox`; watchdogs live as long as these handlers. Call it again for a fresh state.
 */
export function createHandlers(options: HandlerOptions = {}): HttpHandler[] {
  const { baseUrl, ...sandboxOptions } = options;
  return handlersFor(createSandbox(sandboxOptions), baseUrl);
}
