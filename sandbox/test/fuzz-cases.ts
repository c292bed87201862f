// Randomly malformed requests, drawn from a seeded generator so a failing case can be
// replayed: bad JSON, wrong types, huge strings, wrong methods, bad UTF-8, truncated or
// overlong bodies, random paths, queries, media types, credentials and raw garbage.
// Shared by fuzz.ts (the CLI) and fuzz.test.ts.
import type { Credentials } from '../core/auth';
import { raw, rawRequest } from './raw-http';
import { createRandom, type Random } from '../core/seed/random';

export interface FuzzCase {
  kind: string;
  /** For reports: the request line (or `<garbage>`), never credentials. */
  label: string;
  bytes: Buffer;
}

const EXAMPLE_WATCHDOGS = ['e3f4a5b6-c7d8-4e9f-a0b1-c2d3e4f5a6b7', 'f4a5b6c7-d8e9-4f0a-b1c2-d3e4f5a6b7c8', 'a5b6c7d8-e9f0-4a1b-8c2d-e3f4a5b6c7d8'];
const EXAMPLE_COMPANIES = ['3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10', '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', '5b6c7d8e-9f01-4a2b-8c3d-4e5f60718293'];
const ACTIONS = ['activate', 'deactivate', 'subscribe', 'unsubscribe'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT', 'PROPFIND', 'FOO'];
const MEDIA_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=latin1', 'application/x-www-form-urlencoded',
  'multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary=zz', 'text/plain', 'application/xml',
  '*/*', 'application/', ';;;', 'application/json; boundary=x',
];

interface Draft {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer | string;
}

function watchdogPath(r: Random): string {
  const uuid = r.chance(0.6) ? r.pick(EXAMPLE_WATCHDOGS) : r.chance(0.5) ? r.uuid() : randomText(r, r.int(1, 40));
  return r.chance(0.2) ? `/api/v1/watchdogs/${encodeURIComponent(uuid)}/events/${encodeURIComponent(randomText(r, r.int(1, 20)))}/` : `/api/v1/watchdogs/${encodeURIComponent(uuid)}/${r.pick(ACTIONS)}/`;
}

function knownPath(r: Random): { method: string; path: string } {
  switch (r.int(0, 3)) {
    case 0:
      return { method: 'GET', path: '/api/v1/municipalities/' };
    case 1:
      return { method: 'POST', path: '/api/v1/companies/search/' };
    case 2:
      return { method: 'POST', path: '/api/v1/watchdogs/' };
    default: {
      const path = watchdogPath(r);
      return { method: path.includes('/events/') ? 'PATCH' : 'POST', path };
    }
  }
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzÄÖÜäöüß0123456789 -_.,;:!?"\'{}[]<>/\\%&=+#\t\u00e9\u20ac\u{1F600}';

function randomText(r: Random, length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += [...ALPHABET][r.int(0, [...ALPHABET].length - 1)];
  return text;
}

function randomValue(r: Random, depth = 0): unknown {
  switch (r.int(0, depth > 2 ? 5 : 7)) {
    case 0: return null;
    case 1: return r.chance(0.5);
    case 2: return r.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER]);
    case 3: return randomText(r, r.int(0, 30));
    case 4: return r.uuid();
    case 5: return '';
    case 6: return Array.from({ length: r.int(0, 5) }, () => randomValue(r, depth + 1));
    default: return Object.fromEntries(Array.from({ length: r.int(0, 4) }, () => [r.pick(FIELDS), randomValue(r, depth + 1)]));
  }
}

const FIELDS = ['name', 'prompt', 'companies', 'tags', 'is_active', 'status', 'country', 'registration_number', '__proto__', 'constructor', ''];

function validBody(r: Random): Record<string, unknown> {
  return {
    name: randomText(r, r.int(0, 40)),
    prompt: randomText(r, r.int(0, 80)),
    ...(r.chance(0.5) ? { companies: EXAMPLE_COMPANIES.slice(0, r.int(0, 3)) } : {}),
    ...(r.chance(0.5) ? { tags: [r.uuid()] } : {}),
    ...(r.chance(0.3) ? { is_active: r.chance(0.5) } : {}),
  };
}

function invalidUtf8(r: Random): Buffer {
  return Buffer.from(r.pick([[0xc3, 0x28], [0xff], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0xc0, 0xaf]]));
}

type RequestGenerator = (r: Random, auth: Record<string, string>) => Draft | Buffer;

const json = { 'content-type': 'application/json' };

/** Kind -> generator; each draws a request of that kind. */
export const GENERATORS: Record<string, RequestGenerator> = {
  'bad-json': (r, auth) => {
    const { method, path } = knownPath(r);
    const text = JSON.stringify(validBody(r));
    const cut = r.int(0, text.length - 1);
    const broken = r.pick([text.slice(0, cut), `${text.slice(0, cut)}${r.pick(['{', '}', ',', '"', ':', 'NaN', '\u0000'])}${text.slice(cut)}`, text.replace(/"/g, "'"), `${text}${text}`]);
    return { method, path, headers: { ...auth, ...json }, body: broken };
  },
  'wrong-types': (r, auth) => {
    const { method, path } = knownPath(r);
    const body = r.chance(0.8) ? Object.fromEntries(Array.from({ length: r.int(1, 6) }, () => [r.pick(FIELDS), randomValue(r)])) : randomValue(r);
    return { method, path, headers: { ...auth, ...json }, body: JSON.stringify(body) ?? 'null' };
  },
  'huge-string': (r, auth) => {
    const size = r.pick([600, 5_000, 60_000, 70_000, 200_000]);
    if (r.chance(0.3)) {
      return { method: 'GET', path: `/api/v1/municipalities/?q=${'a'.repeat(Math.min(size, 30_000))}`, headers: auth, body: '' };
    }
    const { method, path } = knownPath(r);
    const body = { ...validBody(r), [r.pick(['name', 'prompt', 'registration_number', 'country'])]: 'x'.repeat(size) };
    return { method, path, headers: { ...auth, ...json }, body: JSON.stringify(body) };
  },
  'wrong-method': (r, auth) => {
    const { path } = knownPath(r);
    return { method: r.pick(METHODS), path, headers: { ...auth, ...json }, body: r.chance(0.5) ? JSON.stringify(validBody(r)) : '' };
  },
  'bad-utf8': (r, auth) => {
    const { method, path } = knownPath(r);
    const text = Buffer.from(JSON.stringify(validBody(r)));
    const at = r.int(1, Math.max(1, text.length - 2));
    if (r.chance(0.2)) {
      return { method: 'GET', path: `/api/v1/municipalities/?q=${r.pick(['%C3%28', '%FF', '%E2%82', '%ZZ', '%'])}`, headers: auth, body: '' };
    }
    const type = r.pick(['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=b']);
    return { method, path, headers: { ...auth, 'content-type': type }, body: Buffer.concat([text.subarray(0, at), invalidUtf8(r), text.subarray(at)]) };
  },
  truncated: (r, auth) => {
    const { method, path } = knownPath(r);
    const body = JSON.stringify(validBody(r));
    const declared = r.chance(0.7) ? body.length + r.int(1, 500) : Math.max(0, body.length - r.int(1, body.length));
    return { method, path, headers: { ...auth, ...json, 'content-length': String(declared) }, body };
  },
  'random-path': (r, auth) => {
    const segments = Array.from({ length: r.int(0, 8) }, () =>
      r.pick(['api', 'v1', 'watchdogs', 'municipalities', '..', '.', '', '%2e%2e', '%00', '%zz', '%C3%28', encodeURIComponent(randomText(r, r.int(1, 12))), 'x'.repeat(r.int(1, 3000))]),
    );
    return { method: r.pick(METHODS.slice(0, 5)), path: `/${segments.join('/')}${r.chance(0.5) ? '/' : ''}`, headers: auth, body: '' };
  },
  'random-query': (r, auth) => {
    const names = ['page', 'country_code', 'country_code_exclude', 'district', 'official_code', 'official_role', 'q', 'state', 'status', 'uuid', 'sessionid', '', 'x'];
    const values = () => r.pick(['', '1', '0', '-5', '1e3', '99999999999999999999', 'AT', 'mayor', 'king', r.uuid(), 'not-a-uuid', encodeURIComponent(randomText(r, 10)), '%', '+']);
    const query = Array.from({ length: r.int(0, 8) }, () => `${r.pick(names)}=${values()}`).join('&');
    const path = r.chance(0.8) ? '/api/v1/municipalities/' : '/api/v1/companies/search/';
    return { method: path.includes('search') ? 'POST' : 'GET', path: `${path}?${query}`, headers: auth, body: '' };
  },
  'media-type': (r, auth) => {
    const { method, path } = knownPath(r);
    const type = r.pick(MEDIA_TYPES);
    const body = r.pick([
      JSON.stringify(validBody(r)),
      'name=a&country=AT&status=Active',
      `--zz\r\nContent-Disposition: form-data; name="name"\r\n\r\n${randomText(r, 5)}\r\n--zz--\r\n`,
      `--zz\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nabc\r\n--zz`,
      randomText(r, 50),
    ]);
    return { method, path, headers: { ...auth, 'content-type': type }, body };
  },
  credentials: (r, auth) => {
    const { method, path } = knownPath(r);
    const headers: Record<string, string> = r.pick<Record<string, string>>([
      {},
      { authorization: r.pick(['Bearer', 'Token ', 'Session  x y', 'Basic Zm9vOmJhcg==', 'Bearer '.repeat(50), `Bearer ${randomText(r, 30).replace(/\s/g, '')}`]) },
      { cookie: r.pick(['sessionid=', 'sessionid', '=;=;', `sessionid=${randomText(r, 20).replace(/[;\s]/g, '')}`]) },
      auth,
    ]);
    return { method, path, headers: { ...headers, ...json }, body: JSON.stringify(validBody(r)) };
  },
  garbage: (r) => {
    const choices = [
      () => Buffer.from(Array.from({ length: r.int(1, 300) }, () => r.int(0, 255))),
      () => Buffer.from(`${r.pick(METHODS)} ${randomText(r, 20)} HTTP/1.1\r\n\r\n`),
      () => Buffer.from(`GET /api/v1/municipalities/ HTTP/${r.pick(['1.1', '2.0', '9.9', '1'])}\r\nHost: x\r\n\r\n`),
      () => Buffer.from(`POST /api/v1/watchdogs/ HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${r.pick(['zz\r\n', '5\r\nab', 'ffffffff\r\n'])}`),
      () => Buffer.from(`POST /api/v1/watchdogs/ HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 7\r\n\r\nabcde`),
    ];
    return r.pick(choices)();
  },
  'valid-ish': (r, auth) => {
    const { method, path } = knownPath(r);
    const body = validBody(r);
    if (r.chance(0.3)) body.companies = [r.uuid()];
    return { method, path, headers: { ...auth, ...json }, body: JSON.stringify(body) };
  },
};

export const KINDS = Object.keys(GENERATORS);

function authHeaders(r: Random, credentials: Credentials): Record<string, string> {
  return r.pick<Record<string, string>>([
    { authorization: `Bearer ${credentials.token}` },
    { authorization: `Token ${credentials.token}` },
    { authorization: `Bearer ${credentials.readonlyToken}` },
    { cookie: `sessionid=${credentials.sessionId}` },
  ]);
}

/** The `count` cases of a run, in order; the same seed gives the same cases. */
export function* fuzzCases(seed: number, count: number, credentials: Credentials): Generator<FuzzCase> {
  const r = createRandom(seed);
  for (let i = 0; i < count; i++) {
    const kind = KINDS[i % KINDS.length]!;
    const drawn = GENERATORS[kind]!(r, authHeaders(r, credentials));
    if (Buffer.isBuffer(drawn)) {
      yield { kind, label: '<garbage>', bytes: drawn };
    } else {
      const headers = { ...drawn.headers };
      yield { kind, label: `${drawn.method} ${drawn.path.slice(0, 120)}`, bytes: rawRequest(drawn.method, drawn.path, headers, drawn.body) };
    }
  }
}

export interface FuzzTally {
  total: number;
  /** Status code (or `no-response`, `timeout`) -> count. */
  outcomes: Record<string, number>;
  /** Cases answered 5xx, or not answered within the timeout: replayable labels. */
  failures: { kind: string; label: string; outcome: string }[];
  ms: number;
}

/** Sends every case on its own connection, `concurrency` at a time, and tallies the outcomes. */
export async function runFuzz(
  port: number,
  cases: Iterable<FuzzCase>,
  { concurrency = 16, timeoutMs = 5000, deadline = Infinity }: { concurrency?: number; timeoutMs?: number; deadline?: number } = {},
): Promise<FuzzTally> {
  const started = Date.now();
  const tally: FuzzTally = { total: 0, outcomes: {}, failures: [], ms: 0 };
  const iterator = cases[Symbol.iterator]();
  const worker = async () => {
    for (let next = iterator.next(); !next.done && Date.now() < deadline; next = iterator.next()) {
      const fuzzCase = next.value;
      const answer = await raw(port, fuzzCase.bytes, { timeoutMs });
      const outcome = answer.timedOut ? 'timeout' : answer.status === 0 ? 'no-response' : String(answer.status);
      tally.total++;
      tally.outcomes[outcome] = (tally.outcomes[outcome] ?? 0) + 1;
      if (answer.timedOut || answer.status >= 500) tally.failures.push({ kind: fuzzCase.kind, label: fuzzCase.label, outcome });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  tally.ms = Date.now() - started;
  return tally;
}
