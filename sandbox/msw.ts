// The sandbox as MSW request handlers (`cmds-contract-kit/msw`): each intercepted request goes to
// a sandbox core made for this `createHandlers` call, so the answers are the sandbox's (filtered,
// paginated, stateful, credential-checked, contract-shaped errors) without a server. The same
// handlers work with `msw/node`'s setupServer (Jest, Vitest) and `msw/browser`'s setupWorker.
import { http, type HttpHandler } from 'msw';
import { operations, type OperationId } from '../generated';
import type { operations as OperationTypes } from '../generated/schema';
import { faultReply } from '../protocol/faults';
import { corsHeaders } from '../protocol/cors';
import { jsonReply, type Reply } from '../protocol/reply';
import { validatorFor } from '../protocol/validation';
import { checkFaultOptions, CORS_POLICY, createSandbox, type Fault, type Sandbox, type SandboxOptions } from './core';
import { toResponse } from './core/response';
import { describeViolation } from './core/validation';

export type { Credentials, Fault, FaultOptions, Limits, OperationFaults, Sandbox, SandboxOptions, SeedData } from './core';
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

type Responses<Op extends OperationId> = OperationTypes[Op]['responses'];

/** The success statuses (2xx) an operation declares, from the contract. */
export type SuccessStatus<Op extends OperationId> = Extract<keyof Responses<Op>, 200 | 201 | 202 | 203 | 204 | 205 | 206>;

/** An operation's JSON response body for a status, from the contract. */
export type ResponseBody<Op extends OperationId, S extends keyof Responses<Op>> = Responses<Op>[S] extends { content: { 'application/json': infer Body } } ? Body : never;

/**
 * A success of the test's own: a status the operation declares and a body of the contract's
 * type for it, e.g. `{ status: 200, body: { count: 0, next: null, previous: null, results: [] } }`.
 */
export type Success<Op extends OperationId> = { [S in SuccessStatus<Op>]: { status: S; body: ResponseBody<Op, S>; delay?: number } }[SuccessStatus<Op>];

const isSuccess = (answer: { status?: number }): boolean => answer.status !== undefined && answer.status >= 200 && answer.status < 300;

/** The reply of a success override, its body checked by the contract's validator for that status (a problem throws one line). */
function successReply(operationId: OperationId, { status, body }: { status: number; body: unknown }): Reply {
  const where = `override: ${operationId} ${status}`;
  const validate = validatorFor(operationId, status);
  if (!validate) {
    const declared = Object.keys(operations[operationId].responses).filter((code) => isSuccess({ status: Number(code) }));
    throw new Error(`${where}: the contract declares no ${status} for ${operationId}; its success status: ${declared.join(', ')}`);
  }
  if (body === undefined) throw new Error(`${where}: a success needs its body (an error status, 400 to 599, needs none)`);
  const result = validate(body);
  if (!result.valid) throw new Error(`${where}: ${result.errors.slice(0, 3).map(describeViolation).join('; ')}${result.errors.length > 3 ? `; and ${result.errors.length - 3} more` : ''}`);
  return jsonReply(status, JSON.stringify(body));
}

/**
 * One MSW handler that answers one operation of the contract as a single test needs, for
 * `server.use()`: `server.use(override('municipalitiesList', { status: 503 }))`.
 * - a success (`{ status: 200, body }`): that body, typed from the contract and checked against
 *   it when the handler is made (a wrong body throws one line naming the field);
 * - a fault with a `status` (400–599): the `{error, code}` body (`Retry-After` on 429 and 503);
 * - only a `delay`: it waits, then lets the request pass on to the next handlers (the sandbox's).
 */
export function override<Op extends OperationId>(operationId: Op, answer: Success<Op> | Fault, options: OverrideOptions = {}): HttpHandler {
  const operation = operations[operationId];
  if (!operation) throw new Error(`override: unknown operationId ${JSON.stringify(operationId)}; use one of: ${Object.keys(operations).join(', ')}`);
  const success = isSuccess(answer) ? successReply(operationId, answer as { status: number; body: unknown }) : undefined;
  checkFaultOptions({ faults: { [operationId]: success ? { delay: answer.delay } : answer } }, 'override');
  const origin = options.baseUrl === undefined ? '*' : originOf(options.baseUrl, 'override');
  const path = operation.path.replace(/\{([^}]+)\}/g, ':$1');
  const method = operation.method as 'get' | 'post' | 'patch';
  return http[method](
    `${origin}${path}`,
    async ({ request }) => {
      if (answer.delay) await new Promise((resolve) => setTimeout(resolve, answer.delay));
      if (answer.status === undefined) return undefined;
      const reply = success ?? faultReply({ ...(answer as Fault), status: answer.status });
      return toResponse({ ...reply, headers: { ...corsHeaders(request.headers.get('origin'), CORS_POLICY), ...reply.headers } }, request.method);
    },
    { once: options.once ?? false },
  );
}
