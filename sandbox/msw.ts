// The sandbox as MSW request handlers (`cmds-contract-kit/msw`): each intercepted request goes to
// a sandbox core made for this `createHandlers` call, so the answers are the sandbox's (filtered,
// paginated, stateful, credential-checked, contract-shaped errors) without a server. The same
// handlers work with `msw/node`'s setupServer (Jest, Vitest) and `msw/browser`'s setupWorker.
import { http, type HttpHandler } from 'msw';
import { operations, type OperationId } from '../generated';
import { faultReply } from '../protocol/faults';
import { corsHeaders } from '../protocol/cors';
import { checkFaultOptions, CORS_POLICY, createSandbox, type Fault, type Sandbox, type SandboxOptions } from './core';
import { toResponse } from './core/response';

export type { Credentials, Fault, FaultOptions, Limits, OperationFaults, Sandbox, SandboxOptions } from './core';
export type { OperationId };
export { createSandbox, DEFAULT_CREDENTIALS, DEFAULT_LIMITS } from './core';
export { DEMO_CREDENTIALS } from '../protocol/demo-credentials';

export interface HandlerOptions extends SandboxOptions {
  /**
   * The origin to answer for, e.g. `https://api.example.test`: every path on it goes to the
   * sandbox (unknown paths get its 404). Without it, `/api/v1/*` on any origin does, and other
   * requests pass on to the next handler.
   */
  baseUrl?: string;
}

/** The origin of a baseUrl, checked. */
function originOf(baseUrl: string, caller: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new Error(`${caller}: baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL (e.g. http://127.0.0.1:4011)`);
  }
  if (url.pathname !== '/' || url.search || url.hash) {
    throw new Error(`${caller}: baseUrl ${JSON.stringify(baseUrl)} must be an origin without a path (the contract's paths start at /api/v1/)`);
  }
  return url.origin;
}

/** The request pattern for an origin, or for the API path on any origin. */
function patternFor(baseUrl: string | undefined): string {
  return baseUrl === undefined ? '*/api/v1/*' : `${originOf(baseUrl, 'createHandlers')}/*`;
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

export interface OverrideOptions {
  /** The origin to answer for (as in createHandlers); any origin by default. */
  baseUrl?: string;
  /** Answer only the first matching request. */
  once?: boolean;
}

/**
 * One MSW handler that makes one operation of the contract fail or wait, for `server.use()` in
 * a single test: `server.use(override('municipalitiesList', { status: 503 }))`. With a `status`
 * it answers the `{error, code}` body (`Retry-After` on 429 and 503); with only a `delay` it
 * waits and then lets the request pass on to the next handlers (the sandbox's).
 */
export function override(operationId: OperationId, fault: Fault, options: OverrideOptions = {}): HttpHandler {
  const operation = operations[operationId];
  if (!operation) throw new Error(`override: unknown operationId ${JSON.stringify(operationId)}; use one of: ${Object.keys(operations).join(', ')}`);
  checkFaultOptions({ faults: { [operationId]: fault } }, 'override');
  const origin = options.baseUrl === undefined ? '*' : originOf(options.baseUrl, 'override');
  const path = operation.path.replace(/\{([^}]+)\}/g, ':$1');
  const method = operation.method as 'get' | 'post' | 'patch';
  return http[method](
    `${origin}${path}`,
    async ({ request }) => {
      if (fault.delay) await new Promise((resolve) => setTimeout(resolve, fault.delay));
      if (fault.status === undefined) return undefined;
      const reply = faultReply({ ...fault, status: fault.status });
      return toResponse({ ...reply, headers: { ...corsHeaders(request.headers.get('origin'), CORS_POLICY), ...reply.headers } }, request.method);
    },
    { once: options.once ?? false },
  );
}
