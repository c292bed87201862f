// Deployments with one realistic bug: the sandbox's fetch-style core (the correct deployment)
// behind a wrapper that breaks one rule for one operation or one class of input, by changing the
// request it passes on, answering itself, or changing the answer.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OperationId } from '../../../generated';
import { createSandbox, DEFAULT_CREDENTIALS, type Credentials, type Sandbox } from '../../../sandbox/core';
import { operationAt } from '../../../protocol/operations';
import { headerRecord, isObject, isSuccess } from '../../engine/request';
import type { FetchLike } from '../../engine/transport';
import type { RunConfig } from '../../engine/types';
import { laterTurn } from './sandbox';

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

/** A JSON body's media type, read as HTTP reads it: case-insensitively (RFC 9110 §8.3.1; a Request's text() drops a byte-order mark). */
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

// Helpers for the fault tables.

export const json = (status: number, value: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  text: JSON.stringify(value),
  json: value,
});

/** The request with its JSON body changed. */
export const withJson = (s: Seen, edit: (body: Record<string, unknown>) => unknown): Seen => {
  const body = s.json !== null && typeof s.json === 'object' ? structuredClone(s.json as Record<string, unknown>) : s.json;
  const edited = edit(body as Record<string, unknown>) ?? body;
  return { ...s, json: edited, text: JSON.stringify(edited) };
};

/** The answer with its JSON body changed. */
export const editAnswer = (a: Answer, edit: (body: Record<string, unknown>) => unknown): Answer => {
  if (a.json === null || typeof a.json !== 'object') return a;
  const body = structuredClone(a.json) as Record<string, unknown>;
  const edited = edit(body) ?? body;
  return { ...a, json: edited, text: JSON.stringify(edited) };
};

export const query = (s: Seen) => s.url.searchParams;
export const withoutParameter = (s: Seen, name: string): Seen => {
  const url = new URL(s.url);
  url.searchParams.delete(name);
  return { ...s, url };
};

/** Asks the deployment itself (e.g. the page before), with the request's credentials. */
export async function ask(sandbox: Sandbox, s: Seen, url: URL): Promise<Answer> {
  return answerOf(await sandbox.fetch(toRequest({ ...s, url })));
}

/** The fields of a form or multipart body, re-sent as JSON with `edit` applied (the deployment then reads JSON). */
export function formAsJson(s: Seen, edit: (fields: Record<string, string>) => void): Seen {
  const type = s.headers.get('content-type') ?? '';
  const fields: Record<string, string> = {};
  if (type.startsWith('application/x-www-form-urlencoded')) for (const [k, v] of new URLSearchParams(s.text)) fields[k] = v;
  else for (const match of s.text.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)/g)) fields[match[1]!] = match[2]!;
  edit(fields);
  const headers = new Headers(s.headers);
  headers.set('content-type', 'application/json');
  return { ...s, headers, json: fields, text: JSON.stringify(fields) };
}

/** A form or multipart field of the request, however it was sent. */
export function formField(s: Seen, name: string): string | undefined {
  const type = s.headers.get('content-type') ?? '';
  if (type.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(s.text).get(name) ?? undefined;
  if (type.startsWith('multipart/form-data')) return new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`).exec(s.text)?.[1];
  return undefined;
}

export const isOk = (a: Answer) => isSuccess(a.status);
/** What most of the faults crash with: a framework's HTML error page. */
export const serverError: Answer = { status: 500, headers: { 'content-type': 'text/html' }, text: '<h1>Server Error (500)</h1>' };
/** The JSON body as an object ({} when it is none). */
export const bodyOf = (s: Seen): Record<string, unknown> => (isObject(s.json) ? s.json : {});
export const contentTypeOf = (s: Seen) => s.headers.get('content-type') ?? '';
/** The watchdog UUID in a watchdog path, as sent. */
export const uuidOf = (s: Seen) => s.url.pathname.split('/')[4] ?? '';
/** The deployment's record of the watchdog a request addresses, if it has one. */
export function recordOf(sandbox: Sandbox, s: Seen) {
  try {
    return sandbox.state.watchdogs.get(uuidOf(s));
  } catch {
    return undefined;
  }
}
/** A municipality as the deployment stores it. */
export type MunicipalityRecord = Sandbox['state']['municipalities'][number]['record'];
/** A UUID in any case, whole. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The request with its Authorization header replaced. */
export const authorizedAs = (s: Seen, value: string): Seen => {
  const headers = new Headers(s.headers);
  headers.set('authorization', value);
  return { ...s, headers };
};
const NO_MUNICIPALITY = '00000000-0000-0000-0000-000000000000';

/** A link of the municipality list as the deployment builds it for a query (names sorted, the page set, the session left out). */
function listLink(s: Seen, page: number): string {
  const params = new URLSearchParams();
  for (const name of [...new Set([...query(s).keys(), 'page'])].sort()) {
    if (name === 'page') params.append('page', String(page));
    else if (name !== 'sessionid') for (const value of query(s).getAll(name)) params.append(name, value);
  }
  return `${s.url.origin}${s.url.pathname}?${params}`;
}

/**
 * The municipality list with one filter read another way: the municipalities `keeps` picks for its
 * values stand in for it (as the uuid filter, applied with the others), and the links carry the
 * query as sent. A request whose uuid values are not all UUIDs is left to the deployment's refusal.
 */
export function municipalityFilterAs(name: string, keeps: (m: MunicipalityRecord, values: string[]) => boolean): FaultSpec {
  const sent = new WeakMap<Seen, Seen>();
  return {
    request: (s, sandbox) => {
      const values = query(s).getAll(name).filter((v) => v.trim() !== '');
      const uuids = query(s).getAll('uuid').filter((v) => v.trim() !== '').map((v) => v.toLowerCase());
      if (s.op !== 'municipalitiesList' || values.length === 0 || !uuids.every((v) => UUID.test(v))) return s;
      const kept = sandbox.state.municipalities.map((m) => m.record).filter((m) => keeps(m, values) && (uuids.length === 0 || uuids.includes(m.uuid.toLowerCase())));
      const url = new URL(s.url);
      url.searchParams.delete(name);
      url.searchParams.delete('uuid');
      for (const uuid of kept.length ? kept.map((m) => m.uuid) : [NO_MUNICIPALITY]) url.searchParams.append('uuid', uuid);
      const changed = { ...s, url };
      sent.set(changed, s);
      return changed;
    },
    response: (s, a) => {
      const original = sent.get(s);
      if (!original || !isOk(a)) return a;
      const page = Number(query(original).get('page') ?? '1');
      return editAnswer(a, (b) => {
        if (typeof b.next === 'string') b.next = listLink(original, page + 1);
        if (typeof b.previous === 'string') b.previous = listLink(original, page - 1);
      });
    },
  };
}

export const codePoints = (value: unknown) => (typeof value === 'string' ? [...value].length : 0);
export const utf8Bytes = (value: unknown) => (typeof value === 'string' ? new TextEncoder().encode(value).length : 0);

/** A fault deployment as a run reaches it: its fetch, what the run's config must say of it, and how to stop it. */
export interface Deployed {
  fetch: FetchLike;
  overrides: Partial<RunConfig>;
  close(): Promise<void>;
}

/**
 * A deployment as a run reaches it: in-process, or behind a loopback HTTP server the run reaches
 * with the global fetch, so each request goes on the wire as the suite sends it (its framing:
 * Transfer-Encoding, which only a socket carries).
 */
export async function reached(fetch: FetchLike, overHttp = false): Promise<Deployed> {
  if (!overHttp) return { fetch, overrides: {}, close: async () => undefined };
  const server = await serve(fetch);
  return { fetch: (request) => globalThis.fetch(request), overrides: { baseUrl: server.url }, close: server.close };
}

/** The deployment with this fault, reached over loopback HTTP when the fault reads how the request was framed. */
export const deployed = (fault: { spec: FaultSpec; overHttp?: true }): Promise<Deployed> => reached(faulty(fault.spec), fault.overHttp);

/** Serves a fetch function on a free loopback port, so the CLI can be pointed at a faulty deployment. */
export async function serve(fetch: FetchLike): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      fetch(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body }))
        .then(async (response) => {
          const bytes = Buffer.from(await response.arrayBuffer());
          res.writeHead(response.status, headerRecord(response.headers));
          res.end(bytes);
        })
        .catch((error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`test server: ${String(error)}`);
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
