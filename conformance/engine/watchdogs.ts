// Watchdogs the run works on: named with the run's prefix, deactivated when the run ends.
import { randomUUID } from 'node:crypto';
import type { OperationId } from '../../generated';
import type { Body, Exchange, RequestSpec } from './request';
import { isObject } from './request';
import type { Run } from './run';

export const PROMPT = 'Conformance check: report insolvencies and changes of managing directors.';

export interface WatchdogTarget {
  uuid: string;
  name: string;
  prompt: string;
  /** False for a random UUID (mock mode, or a read-only live run): the deployment has no such watchdog. */
  real: boolean;
}

export const watchdogName = (run: Run, label: string) => `conformance-${run.config.runId}-${label}`;

/** Live runs may create watchdogs only with CONFORMANCE_WRITES=1; the mock stores nothing. */
export const mayWrite = (run: Run) => run.config.mode === 'mock' || run.config.writes;

/** The event segment of the PATCH path: its meaning is not published beyond "UUID of the event". */
export const eventUuid = () => randomUUID();

export function unknownWatchdog(run: Run, label: string): WatchdogTarget {
  return { uuid: randomUUID(), name: watchdogName(run, label), prompt: PROMPT, real: false };
}

const tracked = new WeakMap<Run, Map<string, WatchdogTarget>>();

/**
 * If a create answered 2xx (rightly, or wrongly under a refusal probe), the run deactivates that
 * watchdog when it ends. Called for every create response (engine/run.ts); returns the target.
 */
export function trackCreated(run: Run, x: Exchange): WatchdogTarget | undefined {
  if (x.spec.operationId !== 'watchdogsCreate' || x.status < 200 || x.status >= 300 || !isObject(x.json) || typeof x.json.uuid !== 'string') return undefined;
  const known = tracked.get(run) ?? new Map<string, WatchdogTarget>();
  tracked.set(run, known);
  const existing = known.get(x.json.uuid);
  if (existing) return existing;
  const sent = x.spec.body?.kind === 'json' && isObject(x.spec.body.value) ? x.spec.body.value : {};
  // Deactivate needs a valid name and prompt: what was sent, else the run's defaults.
  const name = typeof sent.name === 'string' && sent.name.length <= 200 ? sent.name : watchdogName(run, 'cleanup');
  const target: WatchdogTarget = { uuid: x.json.uuid, name, prompt: typeof sent.prompt === 'string' ? sent.prompt : PROMPT, real: true };
  known.set(target.uuid, target);
  if (run.config.mode === 'live') {
    run.onCleanup(async () => {
      await run.send({
        operationId: 'watchdogsDeactivate',
        purpose: 'deactivate a watchdog this run created (cleanup)',
        params: { uuid: target.uuid },
        body: { kind: 'json', value: { name: target.name, prompt: target.prompt } },
      });
    });
  }
  return target;
}

/**
 * A real watchdog to aim watchdog operations at, created once per run with the full token when
 * writes are allowed; otherwise a random UUID.
 */
export function fixtureWatchdog(run: Run): Promise<WatchdogTarget> {
  return run.memo('fixture-watchdog', async () => {
    if (run.config.mode === 'mock' || !run.config.writes) return unknownWatchdog(run, 'fixture');
    const name = watchdogName(run, 'fixture');
    const x = await run.send({
      operationId: 'watchdogsCreate',
      purpose: 'create a watchdog for the other scenarios',
      body: { kind: 'json', value: { name, prompt: PROMPT } },
      expectSuccess: true,
    });
    return trackCreated(run, x) ?? unknownWatchdog(run, 'fixture');
  });
}

/** A request of each operation that a correct deployment accepts (given a real watchdog). */
export function validRequest(op: OperationId, target: WatchdogTarget, run: Run): Omit<RequestSpec, 'purpose'> {
  const json = (value: unknown): Body => ({ kind: 'json', value });
  const ids = { uuid: target.uuid };
  switch (op) {
    case 'companiesSearch':
      return { operationId: op, body: json({}) };
    case 'municipalitiesList':
      return { operationId: op };
    case 'watchdogsCreate':
      return { operationId: op, body: json({ name: watchdogName(run, 'created'), prompt: PROMPT }) };
    case 'watchdogsEventsPartialUpdate':
      return { operationId: op, params: { ...ids, event_uuid: eventUuid() }, body: json({ prompt: target.prompt }) };
    case 'watchdogsActivate':
    case 'watchdogsDeactivate':
      return { operationId: op, params: ids, body: json({ name: target.name, prompt: target.prompt }) };
    case 'watchdogsSubscribe':
    case 'watchdogsUnsubscribe':
      return { operationId: op, params: ids, body: json({ companies: [], tags: [] }) };
  }
}
