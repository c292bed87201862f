// Watchdog lifecycle rules: each looks at one answer of the create → patch → subscribe →
// unsubscribe → activate → deactivate sequence.
import { isObject, type Exchange } from '../engine/request';
import { fail, pass, warn, type Verdict } from '../engine/types';

type Watchdog = Record<string, unknown>;

const body = (x: Exchange): Watchdog | undefined => (isObject(x.json) ? x.json : undefined);
const uuidList = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? value.map((entry) => (isObject(entry) ? String(entry.uuid) : String(entry))) : undefined;
const list = (ids: Iterable<string>) => [...ids].sort().join(', ') || '(none)';

/** Status only: what the mock can honour. */
export function answered(x: Exchange, status: number, what: string): Verdict {
  return x.status === status ? pass(`${what}: ${status}`) : fail(`${what}: answered ${x.status}, expected ${status}`);
}

/** The answer has the status and each given field has the value sent. */
export function appliedWith(x: Exchange, status: number, what: string, fields: Record<string, unknown>): Verdict {
  if (x.status !== status) return answered(x, status, what);
  const watchdog = body(x);
  if (!watchdog || typeof watchdog.uuid !== 'string') return fail(`${what}: the ${status} body has no watchdog uuid`);
  const wrong = Object.entries(fields).filter(([field, value]) => watchdog[field] !== value);
  if (wrong.length === 0) return pass(`${what}: ${status}, ${Object.keys(fields).join(' and ')} as sent`);
  return fail(`${what}: ${wrong.map(([field, value]) => `${field} is ${JSON.stringify(watchdog[field])}, sent ${JSON.stringify(value)}`).join('; ')}`);
}

/** The companies (seen in `companies`, else `monitored_companies`) and tags hold `present` and not `absent`. */
export function membership(
  x: Exchange,
  what: string,
  expected: { companiesIn: string[]; companiesOut: string[]; tagsIn: string[]; tagsOut: string[] },
): Verdict {
  if (x.status !== 200) return answered(x, 200, what);
  const watchdog = body(x) ?? {};
  const companies = new Set(uuidList(watchdog.companies) ?? uuidList(watchdog.monitored_companies) ?? []);
  const problems: string[] = [];
  const missing = expected.companiesIn.filter((id) => !companies.has(id));
  const kept = expected.companiesOut.filter((id) => companies.has(id));
  if (missing.length) problems.push(`companies lack ${list(missing)}`);
  if (kept.length) problems.push(`companies still hold ${list(kept)}`);
  const tags = uuidList(watchdog.tags);
  if (tags === undefined && (expected.tagsIn.length || expected.tagsOut.length)) {
    return problems.length ? fail(`${what}: ${problems.join('; ')}`) : warn(`${what}: companies right; the answer has no tags field (optional), tags not checked`);
  }
  const tagSet = new Set(tags ?? []);
  const tagsMissing = expected.tagsIn.filter((id) => !tagSet.has(id));
  const tagsKept = expected.tagsOut.filter((id) => tagSet.has(id));
  if (tagsMissing.length) problems.push(`tags lack ${list(tagsMissing)}`);
  if (tagsKept.length) problems.push(`tags still hold ${list(tagsKept)}`);
  return problems.length ? fail(`${what}: ${problems.join('; ')}`) : pass(`${what}: companies ${list(companies)}`);
}

/** monitored_companies is derived from the subscriptions: the same UUIDs as `companies` (or as expected). */
export function monitoredMatches(x: Exchange, what: string, expected: string[]): Verdict {
  if (x.status !== 200) return answered(x, 200, what);
  const watchdog = body(x) ?? {};
  const monitored = uuidList(watchdog.monitored_companies);
  if (!monitored) return fail(`${what}: monitored_companies is missing`);
  const reference = uuidList(watchdog.companies) ?? expected;
  const source = watchdog.companies === undefined ? 'the subscribed companies' : 'companies';
  return list(monitored) === list(new Set(reference)) && list(monitored) === list(new Set(expected))
    ? pass(`${what}: monitored_companies = ${list(monitored)}`)
    : fail(`${what}: monitored_companies holds ${list(monitored)}, ${source} ${list(reference)}${source === 'companies' ? `, subscribed ${list(expected)}` : ''}`);
}

export function countMatches(x: Exchange, what: string): Verdict {
  const watchdog = body(x) ?? {};
  const monitored = Array.isArray(watchdog.monitored_companies) ? watchdog.monitored_companies.length : undefined;
  return watchdog.monitored_company_count === monitored
    ? pass(`${what}: ${monitored}`)
    : warn(`${what}: monitored_company_count is ${JSON.stringify(watchdog.monitored_company_count)}, monitored_companies holds ${monitored}`);
}

/** The effect of activate/deactivate on is_active is not published: a warning at most. */
export function isActive(x: Exchange, what: string, expected: boolean): Verdict {
  const value = body(x)?.is_active;
  return value === expected ? pass(`${what}: is_active ${expected}`) : warn(`${what}: is_active is ${JSON.stringify(value)} after ${what} (the effect is not published)`);
}
