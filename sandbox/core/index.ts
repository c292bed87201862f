// The sandbox's core: a stateful in-memory deployment of the eight operations as one
// fetch-style function. It runs wherever fetch's types exist (Node, a browser page under MSW):
// nothing here or below imports node:, Buffer or node:crypto. Adapters: ../node.ts
// (node:http, `npm run sandbox`) and ../msw.ts (MSW request handlers).
import type { Reply } from '../../protocol/reply';
import { createApp, type SandboxRequest } from './app';
import { createAuthenticator, credentialProblem, DEFAULT_CREDENTIALS, type Credentials } from './auth';
import { createFaultPlan, type FaultOptions } from './faults';
import { DEFAULT_LIMITS, type Limits } from './limits';
import { toResponse } from './response';
import { buildSeed } from './seed';
import { describeSeedDataProblem, seedDataProblem, withOwnData, type SeedData } from './seed/own-data';
import { createState, type SandboxState } from './state';
import { createResponseChecker } from './strict';

export { DEFAULT_CREDENTIALS, type Credentials } from './auth';
export { DEFAULT_LIMITS, type Limits } from './limits';
export { checkFaultOptions, type Fault, type FaultOptions, type OperationFaults } from './faults';
export { CORS_POLICY, type SandboxRequest } from './app';
export type { SandboxState } from './state';
export type { SeedData } from './seed/own-data';
export type { Reply };

export interface SandboxOptions extends FaultOptions {
  /** Check every response against the contract before sending it (500 contract_violation otherwise). */
  strict?: boolean;
  /** The three secrets (default DEFAULT_CREDENTIALS). */
  credentials?: Credentials;
  /** e.g. `{ pageSize: 5 }` to page through few items; the rest keep DEFAULT_LIMITS. */
  limits?: Partial<Limits>;
  /** One line per request (secrets redacted). */
  accessLog?: boolean;
  /** Where log lines go (default console.error). */
  log?: (line: string) => void;
  /**
   * Your own municipalities, companies and/or watchdogs in the contract's shapes, each list given
   * in place of the built-in one (checked by the contract's schemas; a problem throws one line).
   */
  data?: SeedData;
}

export interface Sandbox {
  /** The deployment as a fetch handler: a Request in, the sandbox's Response out. */
  fetch(request: Request): Promise<Response>;
  /** The same, as plain values (adapters that write their own responses use it). */
  handle(request: SandboxRequest): Promise<Reply>;
  /** The seed and the stored watchdogs; each sandbox has its own. */
  state: SandboxState;
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const credentials = options.credentials ?? DEFAULT_CREDENTIALS;
  const problem = credentialProblem(credentials);
  if (problem) throw new Error(`sandbox: ${problem}`);
  const builtIn = buildSeed();
  const dataProblem = options.data === undefined ? undefined : seedDataProblem(options.data, builtIn);
  if (dataProblem) throw new Error(`sandbox: ${describeSeedDataProblem(dataProblem, 'data')}`);
  const state = createState({ ...DEFAULT_LIMITS, ...options.limits }, options.data ? withOwnData(builtIn, options.data) : builtIn);
  const handle = createApp({
    state,
    authenticate: createAuthenticator(credentials),
    checkResponse: options.strict ? createResponseChecker() : undefined,
    log: options.log ?? ((line) => console.error(line)),
    accessLog: options.accessLog ?? false,
    faults: createFaultPlan(options),
  });
  return {
    handle,
    fetch: async (request) => toResponse(await handle(request), request.method),
    state,
  };
}
