// Shared by the sandbox's behaviour tests. Each test table runs through both adapters: node:http
// on a free loopback port, and MSW's `msw/node` intercepting fetch for a made-up origin. Every
// response is held to the contract's generated validators, so a test cannot pass on a response
// the contract forbids.
import type { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { operations, type OperationId } from '../generated';
import { schemaValidator, validatorFor } from '../protocol/validation';
import { createSandbox, type SandboxOptions, type SandboxState } from './core';
import { handlersFor } from './msw';
import { startSandbox, type RunningSandbox } from './node';

export { raw, rawRequest, type RawAnswer } from './raw-http';

export const TOKEN = 'test-token';
export const READONLY_TOKEN = 'test-readonly-token';
export const SESSION_ID = 'test-session';
export const BEARER = { authorization: `Bearer ${TOKEN}` };
const CREDENTIALS = { token: TOKEN, readonlyToken: READONLY_TOKEN, sessionId: SESSION_ID };

/** A running sandbox behind one adapter. */
export interface Target {
  adapter: AdapterName;
  /** The node server's address, or the origin the MSW handlers answer for. */
  url: string;
  state: SandboxState;
  close(): Promise<void>;
}

export type AdapterName = 'node' | 'msw';

export interface Adapter {
  name: AdapterName;
  start(options?: SandboxOptions): Promise<Target>;
}

/** The node:http adapter on a free port (for raw-socket tests, which only it can take). */
export function startNode(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ port: 0, credentials: CREDENTIALS, log: () => {}, ...options });
}

// One MSW server per test file, shared by the MSW targets alive at once; each answers for its
// own origin. A request to such an origin that no target answers is an error, never a lookup.
const MSW_DOMAIN = '.msw.test';
let mswServer: ReturnType<typeof setupServer> | undefined;
const mswTargets = new Set<HttpHandler[]>();
let origins = 0;

function mswHandlers(): HttpHandler[] {
  return [...mswTargets].flat();
}

function listening(): ReturnType<typeof setupServer> {
  const server = setupServer();
  server.listen({
    onUnhandledRequest: (request, print) => {
      if (new URL(request.url).hostname.endsWith(MSW_DOMAIN)) print.error();
    },
  });
  return server;
}

function startMsw(options: SandboxOptions = {}): Promise<Target> {
  const sandbox = createSandbox({ credentials: CREDENTIALS, log: () => {}, ...options });
  const url = `http://sandbox-${++origins}${MSW_DOMAIN}`;
  const handlers = handlersFor(sandbox, url);
  mswServer ??= listening();
  mswTargets.add(handlers);
  mswServer.resetHandlers(...mswHandlers());
  return Promise.resolve({
    adapter: 'msw',
    url,
    state: sandbox.state,
    close: async () => {
      mswTargets.delete(handlers);
      if (mswTargets.size > 0) {
        mswServer?.resetHandlers(...mswHandlers());
        return;
      }
      mswServer?.close();
      mswServer = undefined;
    },
  });
}

export const ADAPTERS: Adapter[] = [
  { name: 'node', start: async (options) => ({ ...(await startNode(options)), adapter: 'node' }) },
  { name: 'msw', start: startMsw },
];

const OPERATION_PATTERNS = (Object.keys(operations) as OperationId[]).map((id) => ({
  id,
  method: operations[id].method.toUpperCase(),
  pattern: new RegExp(`^${operations[id].path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

export function operationFor(method: string, path: string): OperationId | undefined {
  const bare = path.split('?')[0]!;
  return OPERATION_PATTERNS.find((o) => (o.method === method || (o.method === 'GET' && method === 'HEAD')) && o.pattern.test(bare))?.id;
}

/** Contract problems of one response: declared statuses by their validator, other errors as `{error, code}`. */
export function contractProblems(method: string, path: string, status: number, body: unknown): string[] {
  const operationId = operationFor(method, path);
  const validator = operationId ? validatorFor(operationId, status) : undefined;
  if (validator) return validator(body).errors;
  if (status >= 400) return schemaValidator('Error')(body).errors;
  return [`undeclared status ${status} for ${method} ${path}`];
}

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  text: string;
  body: T;
}

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** A JSON value (sent as application/json), or a string/bytes/FormData/URLSearchParams sent as is. */
  body?: unknown;
}

function requestBody(body: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData || body instanceof URLSearchParams || typeof body === 'string') return body;
  if (body instanceof Uint8Array) return body as unknown as BodyInit;
  headers['content-type'] ??= 'application/json';
  return JSON.stringify(body);
}

/** Calls the sandbox and fails unless the response is valid under the contract. */
export async function call<T = any>(target: Pick<Target, 'url'>, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers };
  const body = requestBody(options.body, headers);
  const url = path.startsWith('http') ? path : `${target.url}${path}`;
  const response = await fetch(url, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  if (method !== 'HEAD' && response.status !== 204) {
    expect(response.headers.get('content-type')).toBe('application/json');
    parsed = JSON.parse(text);
    const problems = contractProblems(method, new URL(url).pathname, response.status, parsed);
    if (problems.length > 0) throw new Error(`${method} ${path} -> ${response.status} violates the contract: ${problems.join('; ')}\n${text.slice(0, 500)}`);
  }
  return { status: response.status, headers: response.headers, text, body: parsed as T };
}

/** Every item of a paginated list, following `next` links; also returns each page. */
export async function walk<T = any>(target: Pick<Target, 'url'>, path: string, options: CallOptions = {}): Promise<{ items: T[]; pages: Answer[] }> {
  const pages: Answer[] = [];
  let url: string | null = path;
  while (url) {
    const page: Answer = await call(target, url, { headers: BEARER, ...options });
    expect(page.status).toBe(200);
    pages.push(page);
    url = page.body.next;
    if (pages.length > 100) throw new Error('pagination does not end');
  }
  return { items: pages.flatMap((p) => p.body.results as T[]), pages };
}
