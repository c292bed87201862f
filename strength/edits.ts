// The vocabulary the fault tables are written in: a request or an answer read, changed or made,
// the deployment's own records, the classes of text a bug trips on. Each helper is one edit a
// realistic bug makes; a table (tables/) composes them.
import type { Sandbox } from '../sandbox';
import type { Answer, FaultSpec, Seen } from './faulty';

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

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

export const isOk = (a: Answer) => a.status >= 200 && a.status < 300;
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

