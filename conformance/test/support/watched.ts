// A deployment watched from outside: which operations were asked, and what every successful
// watchdog answer held (companies monitored, tags) — what a test asserts the run really did.
import type { OperationId } from '../../../generated';
import type { FetchLike } from '../../engine/transport';
import { opOf } from '../../../strength/faulty';

export interface Seen {
  operations: Set<OperationId>;
  /** Lower-case UUIDs in `companies` of a successful watchdog answer. */
  companies: Set<string>;
  /** Lower-case UUIDs in `tags` of a successful watchdog answer. */
  tags: Set<string>;
}

export function watched(deployment: FetchLike): { fetch: FetchLike; seen: Seen } {
  const seen: Seen = { operations: new Set(), companies: new Set(), tags: new Set() };
  const fetch: FetchLike = async (request) => {
    const op = opOf(request.method, new URL(request.url));
    if (op) seen.operations.add(op);
    const response = await deployment(request);
    if (op?.startsWith('watchdogs') && response.ok && response.status !== 204) {
      const body = (await response.clone().json().catch(() => ({}))) as { companies?: unknown[]; tags?: unknown[] };
      for (const uuid of body.companies ?? []) seen.companies.add(String(uuid).toLowerCase());
      for (const uuid of body.tags ?? []) seen.tags.add(String(uuid).toLowerCase());
    }
    return response;
  };
  return { fetch, seen };
}
