// Shared by the sandbox's tests: start an in-process sandbox on a free port, call it, and
// hold every response to the contract's generated validators (a test cannot pass on a
// response the contract forbids).
import { operations, schemaValidator, validatorFor, type OperationId } from '../generated';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './server';

export { raw, rawRequest, type RawAnswer } from './raw-http';

export const TOKEN = 'test-token';
export const READONLY_TOKEN = 'test-readonly-token';
export const SESSION_ID = 'test-session';
export const BEARER = { authorization: `Bearer ${TOKEN}` };

export function start(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({
    port: 0,
    credentials: { token: TOKEN, readonlyToken: READONLY_TOKEN, sessionId: SESSION_ID },
    log: () => {},
    ...options,
  });
}

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
  /** A JSON value (sent as application/json), or a string/FormData/URLSearchParams sent as is. */
  body?: unknown;
}

/** Calls the sandbox and fails unless the response is valid under the contract. */
export async function call<T = any>(sandbox: RunningSandbox, path: string, options: CallOptions = {}): Promise<Answer<T>> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof URLSearchParams || typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(path.startsWith('http') ? path : `${sandbox.url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown;
  if (method !== 'HEAD' && response.status !== 204) {
    expect(response.headers.get('content-type')).toBe('application/json');
    parsed = JSON.parse(text);
    const problems = contractProblems(method, new URL(response.url).pathname, response.status, parsed);
    if (problems.length > 0) throw new Error(`${method} ${path} -> ${response.status} violates the contract: ${problems.join('; ')}\n${text.slice(0, 500)}`);
  }
  return { status: response.status, headers: response.headers, text, body: parsed as T };
}

/** Every item of a paginated list, following `next` links; also returns each page. */
export async function walk<T = any>(sandbox: RunningSandbox, path: string, options: CallOptions = {}): Promise<{ items: T[]; pages: Answer[] }> {
  const pages: Answer[] = [];
  let url: string | null = path;
  while (url) {
    const page: Answer = await call(sandbox, url, { headers: BEARER, ...options });
    expect(page.status).toBe(200);
    pages.push(page);
    url = page.body.next;
    if (pages.length > 100) throw new Error('pagination does not end');
  }
  return { items: pages.flatMap((p) => p.body.results as T[]), pages };
}
