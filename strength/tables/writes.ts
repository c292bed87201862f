// Realistic single bugs in what a write stores, each of a real framework: the write's own answer
// looks right, and only a later answer that shows the watchdog, another watchdog, or a write that
// raced it shows the bug (rules/writes.ts). Each is found on every run, whatever the seed: the
// writes that hold are deterministic sequences of the lifecycle phase (phases/lifecycle/holds.ts).
import type { Sandbox } from '../../sandbox';
import { bodyOf, codePoints, editAnswer, isObject, isOk, recordOf, withJson } from '../edits';
import { laterTurn, type Answer, type FaultCase, type FaultSpec, type Seen } from '../faulty';

type WatchdogRecord = ReturnType<Sandbox['state']['watchdogs']['get']>;

/** The record a write's answer names (a create's new watchdog). */
function answered(sandbox: Sandbox, a: Answer): WatchdogRecord | undefined {
  try {
    return isObject(a.json) && typeof a.json.uuid === 'string' ? sandbox.state.watchdogs.get(a.json.uuid) : undefined;
  } catch {
    return undefined;
  }
}

/** The answer serialised again from the record (what a framework answers from the saved instance). */
const served = (a: Answer, sandbox: Sandbox, r: WatchdogRecord) => editAnswer(a, (b) => void Object.assign(b, sandbox.state.watchdogs.view(r)));

/** Event-loop turns between reading a row and writing it back: writes sent at once all read before any writes (no clock involved). */
const between = async () => {
  for (let i = 0; i < 8; i += 1) await laterTurn();
};

/** One value per deployment (each fault call is a fresh sandbox). */
function perSandbox<T>(make: () => T): (sandbox: Sandbox) => T {
  const values = new WeakMap<Sandbox, T>();
  return (sandbox) => {
    if (!values.has(sandbox)) values.set(sandbox, make());
    return values.get(sandbox)!;
  };
}

const lower = (values: unknown) => (Array.isArray(values) ? values.map((v) => String(v).toLowerCase()) : []);

/** `def create(..., companies=[])`: every watchdog created without companies holds the one default list, and subscribe and unsubscribe change it in place. */
function sharedDefaultList(): FaultSpec {
  const shared = perSandbox<string[]>(() => []);
  const inPlace = new WeakSet<Seen>();
  return {
    request: (s, sandbox) => {
      if ((s.op === 'watchdogsSubscribe' || s.op === 'watchdogsUnsubscribe') && recordOf(sandbox, s)?.companies === shared(sandbox)) inPlace.add(s);
      return s;
    },
    response: (s, a, sandbox) => {
      if (!isOk(a)) return a;
      const r = s.op === 'watchdogsCreate' && isObject(s.json) && !('companies' in s.json) ? answered(sandbox, a) : undefined;
      if (r) {
        r.companies = shared(sandbox);
        return served(a, sandbox, r);
      }
      const written = inPlace.has(s) ? recordOf(sandbox, s) : undefined;
      if (written) {
        const list = shared(sandbox);
        list.splice(0, list.length, ...written.companies);
        written.companies = list;
      }
      return a;
    },
  };
}

/** A write that reads the row when the request arrives and writes back what it read with its own change (no row lock, no atomic update). */
function readModifyWrite(op: 'watchdogsSubscribe' | 'watchdogsEventsPartialUpdate', write: (r: WatchdogRecord, read: WatchdogRecord, body: Record<string, unknown>) => void): FaultSpec {
  const reads = new WeakMap<Seen, WatchdogRecord>();
  return {
    request: async (s, sandbox) => {
      const r = s.op === op ? recordOf(sandbox, s) : undefined;
      if (!r) return s;
      reads.set(s, structuredClone(r));
      await between();
      return s;
    },
    response: (s, a, sandbox) => {
      const read = reads.get(s);
      const r = read && isOk(a) ? recordOf(sandbox, s) : undefined;
      if (!r) return a;
      write(r, read!, bodyOf(s));
      return served(a, sandbox, r);
    },
  };
}

/** An idempotency layer that answers a PATCH it has answered before, keyed by the request alone (the state since not in the key). */
function replayCache(): FaultSpec {
  const cache = perSandbox(() => new Map<string, Answer>());
  const keys = new WeakMap<Seen, string>();
  return {
    request: (s, sandbox) => {
      if (s.op !== 'watchdogsEventsPartialUpdate') return s;
      const key = [s.url.href, s.headers.get('authorization'), s.headers.get('cookie'), s.headers.get('content-type'), s.text].join('\n');
      const hit = cache(sandbox).get(key);
      if (hit) return hit;
      keys.set(s, key);
      return s;
    },
    response: (s, a, sandbox) => {
      const key = keys.get(s);
      if (key && isOk(a)) cache(sandbox).set(key, a);
      return a;
    },
  };
}

const FIELDS = { name: 'name', prompt: 'prompt', companies: 'companies', tags: 'tags', is_active: 'isActive' } as const;

export const BROKEN_WRITES: FaultCase[] = [
  { name: 'the prompt stored cut to 1000 characters while the write answers it whole (a VARCHAR(1000) under MySQL’s non-strict mode, the instance not read back)', expect: ['watchdog_write_holds', 'watchdogsCreate', 'fail'],
    spec: { response: (s, a, sandbox) => {
      const r = (s.op === 'watchdogsCreate' || s.op === 'watchdogsEventsPartialUpdate') && isOk(a) ? answered(sandbox, a) : undefined;
      if (r && codePoints(r.prompt) > 1000) r.prompt = [...r.prompt].slice(0, 1000).join('');
      return a;
    } } },
  { name: 'subscribe stores at most 20 companies and answers 200 (the list page size reused as a cap on the lookup)', expect: ['watchdog_subscribe_applied', 'watchdogsSubscribe', 'fail'],
    spec: { request: (s) => (s.op === 'watchdogsSubscribe' && lower(bodyOf(s).companies).length > 20 ? withJson(s, (b) => void (b.companies = (b.companies as unknown[]).slice(0, 20))) : s) } },
  { name: 'watchdogs created without companies share one list (a mutable default argument: def create(companies=[]))', expect: ['watchdog_others_unchanged', 'watchdogsSubscribe', 'fail'],
    spec: sharedDefaultList() },
  { name: 'concurrent subscribes lose all but the last (read, modify, write back without a row lock)', expect: ['watchdog_concurrent_writes_apply', 'watchdogsSubscribe', 'fail'],
    spec: readModifyWrite('watchdogsSubscribe', (r, read, body) => void (r.companies = [...new Set([...read.companies, ...lower(body.companies)])])) },
  { name: 'concurrent PATCHes of different fields lose each other’s (the instance read on arrival saved whole, as save() without update_fields)', expect: ['watchdog_concurrent_writes_apply', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: readModifyWrite('watchdogsEventsPartialUpdate', (r, read, body) => {
      const applied = Object.fromEntries(Object.entries(FIELDS).filter(([field]) => field in body).map(([, key]) => [key, r[key]]));
      Object.assign(r, { name: read.name, prompt: read.prompt, companies: read.companies, tags: read.tags, isActive: read.isActive }, applied);
    }) },
  { name: 'a PATCH answered from a replay cache keyed by its path and body, so one repeated after another is not applied', expect: ['watchdog_repeat_applied', 'watchdogsEventsPartialUpdate', 'fail'],
    spec: replayCache() },
];
