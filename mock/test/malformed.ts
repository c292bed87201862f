// Malformed requests for the mock's robustness test: each kind breaks one rule of the
// contract or of HTTP usage, so every one of them must be refused with a 4xx in the
// contract's error shape, never a 5xx.
import type { TestRequest } from './test-client';

const WATCHDOG = '/api/v1/watchdogs/d290f1ee-6c54-4b01-90e6-d701748f0851';
const AUTH = { authorization: 'Bearer demo-key' };
const JSON_TYPE = { ...AUTH, 'content-type': 'application/json' };
const VALID_CREATE = JSON.stringify({ name: 'Bauzulieferer', prompt: 'Melde Insolvenzen.' });

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed by index. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const WRONG_VALUES: unknown[] = [1, -1.5, true, null, [], {}, ['a'], { a: 1 }];

export const MALFORMED_KINDS: Record<string, (random: Random) => TestRequest> = {
  truncatedJson: (random) => ({
    method: 'POST',
    path: '/api/v1/watchdogs/',
    headers: JSON_TYPE,
    body: VALID_CREATE.slice(0, 1 + Math.floor(random() * (VALID_CREATE.length - 2))),
  }),
  binaryAsJson: (random) => ({
    method: 'POST',
    path: '/api/v1/watchdogs/',
    headers: JSON_TYPE,
    body: Buffer.from(Array.from({ length: 1 + Math.floor(random() * 64) }, () => 0x80 + Math.floor(random() * 128))),
  }),
  wrongFieldType: (random) => ({
    method: 'POST',
    path: '/api/v1/watchdogs/',
    headers: JSON_TYPE,
    body: JSON.stringify({ name: pick(random, WRONG_VALUES), prompt: 'x' }),
  }),
  nonObjectBody: (random) => ({
    method: 'POST',
    path: `${WATCHDOG}/deactivate/`,
    headers: JSON_TYPE,
    body: pick(random, ['[]', '"text"', '42', 'true']),
  }),
  overLongName: (random) => ({
    method: 'POST',
    path: '/api/v1/watchdogs/',
    headers: JSON_TYPE,
    body: JSON.stringify({ name: 'x'.repeat(201 + Math.floor(random() * 500)), prompt: 'x' }),
  }),
  badEnum: (random) => ({
    method: 'POST',
    path: '/api/v1/companies/search/',
    headers: JSON_TYPE,
    body: JSON.stringify({ status: pick(random, ['active', 'Zombie', '', 'ACTIVE']) }),
  }),
  badUuidInBody: () => ({
    method: 'POST',
    path: `${WATCHDOG}/subscribe/`,
    headers: JSON_TYPE,
    body: JSON.stringify({ companies: ['not-a-uuid'] }),
  }),
  badQuery: (random) => ({
    path: `/api/v1/municipalities/?${pick(random, ['page=abc', 'official_role=boss', 'uuid=nope', 'page=1.5'])}`,
    headers: AUTH,
  }),
  badPathUuid: (random) => ({
    method: 'POST',
    path: `/api/v1/watchdogs/${pick(random, ['x', '123', 'd290f1ee'])}/activate/`,
    headers: JSON_TYPE,
    body: '{}',
  }),
  unknownPath: (random) => ({ path: pick(random, ['/api/v1/nope/', '/api/v1/municipalities', '/api/v2/municipalities/', '/']), headers: AUTH }),
  wrongMethod: (random) => ({ method: pick(random, ['DELETE', 'PUT', 'PATCH']), path: '/api/v1/municipalities/', headers: AUTH }),
  badPrefer: (random) => ({
    path: '/api/v1/municipalities/',
    headers: { ...AUTH, prefer: pick(random, ['code=abc', 'code=600', 'delay=-1', 'example=nope', 'dynamic=maybe', 'code=403, example=nope']) },
  }),
  badContentType: (random) => ({
    method: 'POST',
    path: '/api/v1/watchdogs/',
    headers: { ...AUTH, 'content-type': pick(random, ['text/plain', 'application/json; charset=foo', 'application/xml']) },
    body: VALID_CREATE,
  }),
  unreadableAccept: (random) => ({
    path: '/api/v1/municipalities/',
    headers: { ...AUTH, accept: pick(random, ['*/*;q=abc', 'application/xml', 'text/html']) },
  }),
  unpublishedAuthorization: (random) => ({
    path: '/api/v1/municipalities/',
    headers: { authorization: pick(random, ['Basic ZGVtbzpkZW1v', 'Bearer', 'demo-key', 'Token a b']) },
  }),
  badRequestTarget: (random) => ({ path: pick(random, ['//x:y@/api/v1/municipalities/', '//api/v1/municipalities/']), headers: AUTH }),
};

const KINDS = Object.keys(MALFORMED_KINDS);

/** The index-th malformed request (kinds in rotation, details from the seeded generator). */
export function malformedRequest(index: number, random: Random): { kind: string; request: TestRequest } {
  const kind = KINDS[index % KINDS.length]!;
  return { kind, request: MALFORMED_KINDS[kind]!(random) };
}
