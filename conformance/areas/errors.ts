// errors: published bounds and required fields refused with a 4xx, values at the bound
// accepted, malformed JSON never a 5xx. The {error, code} shape of every 4xx is a response rule.
import type { OperationId } from '../../generated';
import { acceptedAtBound, malformedRefused, refusedWith4xx } from '../checks/errors';
import type { Run } from '../engine/run';
import { JSON_BODIES, ruleSpec, UUID_OPERATIONS } from '../engine/rules';
import { pass, warn } from '../engine/types';
import type { Area } from '../engine/scenario';
import { fixtureWatchdog, mayWrite, PROMPT, unknownWatchdog, validRequest, watchdogName, type WatchdogTarget } from '../engine/watchdogs';

interface BoundCase {
  op: OperationId;
  what: string;
  body?(target: WatchdogTarget, run: Run): Record<string, unknown>;
  query?: Array<[string, string]>;
}

const chars = (n: number) => 'x'.repeat(n);
const NOT_UUID = ['not-a-uuid'];

/** One row per published bound or required field; the exact 4xx is not published. */
const REFUSED: BoundCase[] = [
  { op: 'watchdogsCreate', what: 'create with a name of 201 characters (max 200)', body: (t, run) => ({ name: `${watchdogName(run, 'long-')}${chars(201)}`.slice(0, 201), prompt: PROMPT }) },
  { op: 'watchdogsCreate', what: 'create without prompt (required)', body: (t, run) => ({ name: watchdogName(run, 'no-prompt') }) },
  { op: 'watchdogsCreate', what: 'create without name (required)', body: () => ({ prompt: PROMPT }) },
  { op: 'watchdogsCreate', what: 'create with a non-UUID in companies', body: (t, run) => ({ name: watchdogName(run, 'bad-company'), prompt: PROMPT, companies: NOT_UUID }) },
  { op: 'companiesSearch', what: 'search with a name of 513 characters (max 512)', body: () => ({ name: chars(513) }) },
  { op: 'companiesSearch', what: 'search with a registration_number of 101 characters (max 100)', body: () => ({ registration_number: chars(101) }) },
  { op: 'watchdogsDeactivate', what: 'deactivate without name (required)', body: (t) => ({ prompt: t.prompt }) },
  { op: 'watchdogsDeactivate', what: 'deactivate without prompt (required)', body: (t) => ({ name: t.name }) },
  { op: 'watchdogsEventsPartialUpdate', what: 'PATCH with a name of 201 characters (max 200)', body: () => ({ name: chars(201) }) },
  { op: 'watchdogsActivate', what: 'activate with a name of 201 characters (max 200)', body: (t) => ({ name: chars(201), prompt: t.prompt }) },
  { op: 'watchdogsSubscribe', what: 'subscribe with a non-UUID in companies', body: () => ({ companies: NOT_UUID }) },
  { op: 'watchdogsUnsubscribe', what: 'unsubscribe with a non-UUID in companies', body: () => ({ companies: NOT_UUID }) },
  { op: 'municipalitiesList', what: 'municipalities with a non-UUID in the uuid filter', query: [['uuid', 'not-a-uuid']] },
  { op: 'municipalitiesList', what: 'municipalities with an official_role outside the published enum', query: [['official_role', 'emperor']] },
];

/** Values exactly at a published bound; `write` rows create a watchdog. */
const ACCEPTED: Array<BoundCase & { write?: boolean }> = [
  { op: 'companiesSearch', what: 'search with a name of exactly 512 characters', body: () => ({ name: chars(512) }) },
  { op: 'companiesSearch', what: 'search with a registration_number of exactly 100 characters', body: () => ({ registration_number: chars(100) }) },
  { op: 'watchdogsCreate', what: 'create with a name of exactly 200 characters', write: true, body: (t, run) => ({ name: `${watchdogName(run, 'max-')}${chars(200)}`.slice(0, 200), prompt: PROMPT }) },
];

const onUnknown = (target: WatchdogTarget, op: OperationId) =>
  !target.real && op !== 'watchdogsCreate' && op !== 'companiesSearch' ? ' (on a random watchdog UUID: a 404 also passes)' : '';

function send(run: Run, row: BoundCase, target: WatchdogTarget, expectSuccess: boolean) {
  const base = validRequest(row.op, target, run);
  const body = row.body ? { kind: 'json' as const, value: row.body(target, run) } : base.body;
  return run.send({ ...base, body, query: row.query, purpose: row.what, expectSuccess });
}

async function boundsRefused(run: Run): Promise<void> {
  const target = await fixtureWatchdog(run);
  await Promise.all(
    REFUSED.map(async (row) => {
      const x = await send(run, row, target, false);
      run.judge('bound_refused', x, refusedWith4xx(x, `${row.what}${onUnknown(target, row.op)}`));
    }),
  );
}

async function boundsAccepted(run: Run): Promise<void> {
  await Promise.all(
    ACCEPTED.map(async (row) => {
      if (row.write && !mayWrite(run)) {
        run.recorder.skippedWrite(row.what);
        return run.skip('bound_accepted', [row.op], `${row.what}: a write (CONFORMANCE_WRITES not set)`);
      }
      const x = await send(run, row, await fixtureWatchdog(run), true);
      run.judge('bound_accepted', x, acceptedAtBound(x, row.what));
    }),
  );
}

async function malformedJson(run: Run): Promise<void> {
  const target = await fixtureWatchdog(run);
  await Promise.all(
    JSON_BODIES.map(async (op) => {
      const x = await run.send({
        ...validRequest(op, target, run),
        body: { kind: 'raw', contentType: 'application/json', text: '{"name": "conformance' },
        purpose: 'malformed JSON body',
      });
      run.judge('malformed_json_no_5xx', x, malformedRefused(x));
    }),
  );
}

/**
 * Watchdog operations on a UUID no watchdog has. Missing resources are not published (the 404 is
 * a modelling choice), so anything but a 4xx only warns; a 5xx still fails (no_server_error).
 */
async function unknownWatchdogs(run: Run): Promise<void> {
  if (run.config.mode === 'mock') return run.skip('unknown_watchdog_refused', UUID_OPERATIONS, `mock mode: ${ruleSpec('unknown_watchdog_refused').mock.note}`);
  const target = unknownWatchdog(run, 'unknown');
  await Promise.all(
    UUID_OPERATIONS.map(async (op) => {
      const x = await run.send({ ...validRequest(op, target, run), purpose: 'a watchdog operation on a random UUID' });
      run.judge('unknown_watchdog_refused', x, x.status >= 400 && x.status < 500 ? pass(`refused with ${x.status}`) : warn(`answered ${x.status} for a watchdog that does not exist`));
    }),
  );
}

export const errors: Area = {
  name: 'errors',
  scenarios: [
    { name: 'published bounds and required fields are refused', run: boundsRefused },
    { name: 'values at a published bound are accepted', run: boundsAccepted },
    { name: 'malformed JSON gets a 4xx', run: malformedJson },
    { name: 'an unknown watchdog is refused', run: unknownWatchdogs },
  ],
};
