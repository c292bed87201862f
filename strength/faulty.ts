// Deployments with one realistic bug: the sandbox's fetch-style core (the correct deployment)
// behind a wrapper that breaks one rule for one operation or one class of input, by changing the
// request it passes on, answering itself, or changing the answer. A fault table (tables/) is a
// list of FaultCase: the bug, and the line of the report that must name it.
import type { OperationId } from '../generated';
import { operationAt } from '../protocol/operations';
import { createSandbox, DEFAULT_CREDENTIALS, type Credentials, type Sandbox } from '../sandbox';
import type { AreaName, SuiteOptions } from '../conformance';

/** What the suite sends to: a Request in, a Response out (the sandbox's core is one). */
export type FetchLike = NonNullable<SuiteOptions['fetch']>;

/** A request as a fault sees it: read once, JSON parsed when it is JSON. */
export interface Seen {
  method: string;
  url: URL;
  op?: OperationId;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, when it is. */
  json?: unknown;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json?: unknown;
}

type Maybe<T> = T | Promise<T>;

export interface FaultSpec {
  /** Change the request the deployment gets, or answer it (an Answer) instead. */
  request?(seen: Seen, sandbox: Sandbox): Maybe<Seen | Answer>;
  /** Change the answer. */
  response?(seen: Seen, answer: Answer, sandbox: Sandbox): Maybe<Answer>;
}

/**
 * One realistic bug and the rule × operation line the suite must report: FAIL for a published
 * rule broken; WARN (with nothing failing) for what the contract leaves open.
 */
export interface FaultCase {
  name: string;
  spec: FaultSpec;
  /** The fault reads how the request was framed: the run reaches it over loopback HTTP (`deployed`). */
  overHttp?: true;
  /** The rule × operation line the suite must report (`*`: on some operation). */
  expect: [rule: string, operationId: string, outcome: 'fail' | 'warn' | 'pass'];
  /**
   * The areas whose requests meet the fault, where they are not the rule's own area (for a rule
   * that judges every exchange, the responses area, not the inputs area): the project's tests run
   * only the areas that meet each fault (conformance/test/support/fault-suite.ts); `strength`
   * runs the user's.
   */
  meets?: AreaName[];
}

/** The sandbox's secrets as the suite's configuration names them. */
export const SANDBOX_CREDENTIALS = { token: DEFAULT_CREDENTIALS.token, limitedToken: DEFAULT_CREDENTIALS.readonlyToken, sessionId: DEFAULT_CREDENTIALS.sessionId };

/**
 * A turn of the event loop, as an answer over a socket takes: an in-process deployment that
 * answered in microtasks alone would hold the loop for a whole run, and runs side by side in one
 * process (the sweep's waiting variants, one over loopback HTTP) would get no answer meanwhile.
 */
export const laterTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A JSON body's media type, read as HTTP reads it: case-insensitively (RFC 9110 §8.3.1). */
export const isJsonType = (type: string | null) => /^application\/json/i.test(type ?? '');

/** The operation a request to a deployment served at its root addresses. */
export const opOf = (method: string, url: URL): OperationId | undefined => {
  const at = operationAt(method, url.pathname);
  return at?.prefix === '' ? at.id : undefined;
};

function parse(text: string): unknown {
  try {
    // A parser that ignores a byte-order mark (RFC 8259 §8.1), as JSON.parse does not.
    return text ? JSON.parse(text.replace(/^\ufeff/, '')) : undefined;
  } catch {
    return undefined;
  }
}

const BYTES_AS_SENT = new TextDecoder('utf-8', { ignoreBOM: true });

async function seen(request: Request): Promise<Seen> {
  const url = new URL(request.url);
  // As sent: Request.text() would drop a leading byte-order mark.
  const text = request.body ? BYTES_AS_SENT.decode(await request.arrayBuffer()) : '';
  const isJson = isJsonType(request.headers.get('content-type'));
  return { method: request.method, url, op: opOf(request.method, url), headers: new Headers(request.headers), text, json: isJson ? parse(text) : undefined };
}

const toRequest = (s: Seen) =>
  new Request(s.url, { method: s.method, headers: s.headers, body: s.method === 'GET' || s.method === 'HEAD' || s.text === '' ? undefined : s.text });

/** A response's headers as a plain record, names in lower case (as fetch gives them). */
export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => (record[name] = value));
  return record;
}

async function answerOf(response: Response): Promise<Answer> {
  const headers = headerRecord(response.headers);
  const text = await response.text();
  return { status: response.status, headers, text, json: parse(text) };
}

/** Statuses whose answers carry no content (fetch refuses a body with them). */
const NO_CONTENT = new Set([204, 304]);
const toResponse = (a: Answer) => new Response(NO_CONTENT.has(a.status) ? null : a.json !== undefined ? JSON.stringify(a.json) : a.text, { status: a.status, headers: a.headers });

export const isAnswer = (value: Seen | Answer): value is Answer => 'status' in value;

/** The correct deployment with this fault, as a fetch function (a fresh sandbox each call). */
export function faulty(spec: FaultSpec, credentials: Credentials = DEFAULT_CREDENTIALS): FetchLike {
  const sandbox = createSandbox({ credentials, log: () => undefined });
  return async (request) => {
    await laterTurn();
    const before = await seen(request);
    const changed = spec.request ? await spec.request(before, sandbox) : before;
    if (isAnswer(changed)) return toResponse(changed);
    const answer = await answerOf(await sandbox.fetch(toRequest(changed)));
    return toResponse(spec.response ? await spec.response(changed, answer, sandbox) : answer);
  };
}

/** Asks the deployment itself (e.g. the page before), with the request's credentials. */
export async function ask(sandbox: Sandbox, s: Seen, url: URL): Promise<Answer> {
  return answerOf(await sandbox.fetch(toRequest({ ...s, url })));
}
