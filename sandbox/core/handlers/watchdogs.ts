// The six watchdog operations over the in-memory store. What the contract leaves open
// (the effect of activate/deactivate, what the event path does with `event_uuid`) is the
// sandbox's choice, listed in sandbox/README.md.
import { errors } from '../errors';
import type { SandboxState } from '../state';
import type { NewWatchdog, WatchdogRecord } from '../store';
import { json, type Handler, type HandlerContext } from './context';

/** Lower-cased and without duplicates, first occurrence kept. */
function uniqueUuids(values: unknown): string[] | undefined {
  if (!Array.isArray(values)) return undefined;
  return [...new Set(values.map((v) => String(v).toLowerCase()))];
}

/** Company UUIDs must name companies of the seed; tags may be any UUID. */
function knownCompanies(state: SandboxState, values: unknown): string[] | undefined {
  const uuids = uniqueUuids(values);
  const unknown = uuids?.filter((uuid) => !state.companiesByUuid.has(uuid)) ?? [];
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
    throw errors.invalid(`companies: unknown company UUID${unknown.length > 1 ? 's' : ''}: ${shown}`);
  }
  return uuids;
}

function capped(field: 'companies' | 'tags', values: string[], max: number): string[] {
  if (values.length > max) throw errors.invalid(`${field}: a watchdog holds at most ${max} ${field} (sandbox limit)`);
  return values;
}

/** The fields a body sets, as a store change (only fields present in the body). */
function changeFrom(state: SandboxState, body: Record<string, unknown>): Partial<NewWatchdog> {
  const change: Partial<NewWatchdog> = {};
  if (typeof body.name === 'string') change.name = body.name;
  if (typeof body.prompt === 'string') change.prompt = body.prompt;
  const companies = knownCompanies(state, body.companies);
  if (companies) change.companies = companies;
  const tags = uniqueUuids(body.tags);
  if (tags) change.tags = tags;
  if (typeof body.is_active === 'boolean') change.isActive = body.is_active;
  return change;
}

function ok(state: SandboxState, record: WatchdogRecord) {
  return json(200, state.watchdogs.view(record));
}

function target({ state, params }: HandlerContext): WatchdogRecord {
  return state.watchdogs.get(params.uuid ?? '');
}

export const watchdogsCreate: Handler = async ({ state, body }) => {
  const change = changeFrom(state, await body());
  const record = state.watchdogs.create({
    name: change.name ?? '',
    prompt: change.prompt ?? '',
    companies: change.companies ?? [],
    tags: change.tags ?? [],
    isActive: change.isActive ?? true,
  });
  return json(201, state.watchdogs.view(record));
};

/** Applies the given fields; `event_uuid` is accepted whatever it is (events are not published). */
export const watchdogsEventsPartialUpdate: Handler = async (context) => {
  const record = target(context);
  const change = changeFrom(context.state, await context.body());
  return ok(context.state, context.state.watchdogs.update(record, change));
};

/** Validates the body (same fields as create) and sets is_active to true; other fields are not applied. */
export const watchdogsActivate: Handler = async (context) => {
  const record = target(context);
  changeFrom(context.state, await context.body());
  return ok(context.state, context.state.watchdogs.update(record, { isActive: true }));
};

/** Validates the body (name and prompt required, as published) and sets is_active to false. */
export const watchdogsDeactivate: Handler = async (context) => {
  const record = target(context);
  changeFrom(context.state, await context.body());
  return ok(context.state, context.state.watchdogs.update(record, { isActive: false }));
};

export const watchdogsSubscribe: Handler = async (context) => {
  const { state } = context;
  const record = target(context);
  const change = changeFrom(state, await context.body());
  const max = state.limits.listItems;
  return ok(
    state,
    state.watchdogs.update(record, {
      companies: capped('companies', [...new Set([...record.companies, ...(change.companies ?? [])])], max),
      tags: capped('tags', [...new Set([...record.tags, ...(change.tags ?? [])])], max),
    }),
  );
};

/** Removes the given UUIDs; UUIDs that are not subscribed are ignored. */
export const watchdogsUnsubscribe: Handler = async (context) => {
  const record = target(context);
  const body = await context.body();
  const companies = new Set(uniqueUuids(body.companies) ?? []);
  const tags = new Set(uniqueUuids(body.tags) ?? []);
  return ok(
    context.state,
    context.state.watchdogs.update(record, {
      companies: record.companies.filter((uuid) => !companies.has(uuid)),
      tags: record.tags.filter((uuid) => !tags.has(uuid)),
    }),
  );
};
