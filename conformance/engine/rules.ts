// The rule catalog: every rule the suite knows, the operations it judges, and whether it can run
// against the Prism mock. The report lists every rule × operation from here, so a rule that
// recorded nothing still shows up (as SKIP, with the reason).
import { operations, type OperationId } from '../../generated';
import type { AreaName, Mode } from './types';

export const ALL_OPERATIONS = Object.keys(operations) as OperationId[];
export const LISTS: OperationId[] = ['companiesSearch', 'municipalitiesList'];
export const WATCHDOG_WRITES: OperationId[] = [
  'watchdogsCreate',
  'watchdogsEventsPartialUpdate',
  'watchdogsActivate',
  'watchdogsDeactivate',
  'watchdogsSubscribe',
  'watchdogsUnsubscribe',
];
/** Operations on one watchdog ({uuid} in the path). */
export const UUID_OPERATIONS = WATCHDOG_WRITES.filter((id) => id !== 'watchdogsCreate');
/** Operations with a JSON request body (malformed JSON can be sent to them). */
export const JSON_BODIES = ALL_OPERATIONS.filter((id) => 'application/json' in operations[id].requestBodies);

export interface RuleSpec {
  name: string;
  area: AreaName;
  /** One line: what the rule holds a deployment to. */
  summary: string;
  operations: OperationId[];
  /** Against the mock: whether it runs, and what it can (not) check there. */
  mock: { runs: boolean; note?: string };
  /** Live-mode preconditions, for the report. */
  live?: string;
  /** Judges something the contract leaves open: at most a warning, never a failure. */
  warnOnly?: boolean;
}

const NO_STATE = 'Prism keeps no state and serves examples';
const NO_FILTER = 'Prism does not filter: every query gets the same example';
const NO_KEYS = 'Prism checks that a credential is present, never its value';

const rule = (
  name: string,
  area: AreaName,
  ops: OperationId[],
  summary: string,
  mock: RuleSpec['mock'] = { runs: true },
  extra: Partial<RuleSpec> = {},
): RuleSpec => ({ name, area, operations: ops, summary, mock, ...extra });

const liveOnly = (reason: string) => ({ runs: false, note: reason });
const filter = (param: string, summary: string) =>
  rule(`filter_${param}`, 'filters', ['municipalitiesList'], summary, liveOnly(NO_FILTER));

export const RULES: RuleSpec[] = [
  // Every response, whatever scenario sent the request.
  rule('response_received', 'responses', ALL_OPERATIONS, 'every request gets an HTTP response within the timeout'),
  rule('status_declared', 'responses', ALL_OPERATIONS, 'the status is one the contract declares (an undeclared 4xx is only a warning)'),
  rule('no_server_error', 'responses', ALL_OPERATIONS, 'no request is answered with a 5xx'),
  rule('content_type_json', 'responses', ALL_OPERATIONS, 'responses with a body have Content-Type application/json'),
  rule('body_matches_schema', 'responses', ALL_OPERATIONS, 'the body validates against the generated validator for operation and status'),
  rule('success_status_as_published', 'responses', ALL_OPERATIONS, 'a valid request gets the published success status (create 201, others 200; company search: any 2xx, 200 expected)'),
  rule('declared_status_served', 'responses', ALL_OPERATIONS, 'Prefer: code=<status> is answered with that declared status (mock coverage)', { runs: true }, {
    live: 'mock only: a deployment is not steered by Prefer',
  }),
  rule('example_served', 'responses', ALL_OPERATIONS, 'Prefer: example=<name> serves the named example of the contract (mock)', { runs: true }, {
    live: 'mock only',
  }),

  rule('envelope_fields', 'lists', LISTS, 'count (integer), next and previous (URI or null), results (array)'),
  rule('count_is_total', 'lists', LISTS, 'count is the same on every page and equals the items the pages hold', liveOnly(NO_STATE)),
  rule('next_previous_links', 'lists', LISTS, 'previous is null exactly on the first page, next exactly on the last; both lead to the neighbouring page', liveOnly(NO_STATE)),
  rule('pages_disjoint', 'lists', LISTS, 'no item appears on two pages (or twice on one)', liveOnly(NO_STATE)),
  rule('page_size_consistent', 'lists', LISTS, 'every page but the last has the same size (page size is not published)', liveOnly(NO_STATE), { warnOnly: true }),

  filter('country_code', 'country_code=<code>: every item has that country_code'),
  filter('country_code_repeated', 'country_code repeated: every item has one of the codes; together as many as each alone'),
  filter('country_code_exclude', 'country_code_exclude=<code>: no item has that country_code'),
  filter('district', 'district=<code or name>: every item is in that district'),
  filter('state', 'state=<code or name>: every item is in that state or region'),
  filter('official_code', 'official_code repeated: every item has one of the codes'),
  filter('official_role', 'official_role=<role>: every item has an official with that relationship_type'),
  filter('q', 'q=<text>: every item matches in code, name, district, state or an official name (case-insensitive)'),
  filter('status', 'status=<type code>: every item has that status'),
  filter('uuid', 'uuid repeated: exactly the municipalities with those UUIDs'),
  rule('search_by_name', 'filters', ['companiesSearch'], 'search by name: every result name contains the text (case-insensitive)', liveOnly(NO_FILTER)),
  rule('search_by_registration_number', 'filters', ['companiesSearch'], 'search by registration_number: every result has that number', liveOnly(NO_FILTER)),
  rule('search_by_status', 'filters', ['companiesSearch'], 'search by status: every result has that status', liveOnly(NO_FILTER)),
  rule('media_type_accepted', 'filters', ['companiesSearch'], 'company search accepts JSON, form-urlencoded and multipart bodies'),
  rule('media_types_agree', 'filters', ['companiesSearch'], 'the same search in the three media types finds the same companies', liveOnly(NO_FILTER)),

  rule('error_body_shape', 'errors', ALL_OPERATIONS, 'every 4xx body is {error: string, code: string}'),
  rule('bound_refused', 'errors', ['watchdogsCreate', 'companiesSearch', 'municipalitiesList', 'watchdogsEventsPartialUpdate', 'watchdogsActivate', 'watchdogsDeactivate', 'watchdogsSubscribe', 'watchdogsUnsubscribe'],
    'a request breaking a published bound or required field is refused with a 4xx (any 4xx)'),
  rule('bound_accepted', 'errors', ['watchdogsCreate', 'companiesSearch'], 'a value exactly at a published bound is accepted', { runs: true }, {
    live: 'create: needs CONFORMANCE_WRITES=1',
  }),
  rule('malformed_json_no_5xx', 'errors', JSON_BODIES, 'malformed JSON gets a 4xx, never a 2xx or 5xx'),
  rule('unknown_watchdog_refused', 'errors', UUID_OPERATIONS, 'an operation on a watchdog UUID that does not exist is refused (missing resources are not published)', liveOnly(NO_STATE), { warnOnly: true }),

  rule('unauthorized_without_credentials', 'auth', ALL_OPERATIONS, 'no credentials: 401 with code "unauthorized"'),
  rule('unauthorized_invalid_credentials', 'auth', ALL_OPERATIONS, 'an invalid key: 401 with code "unauthorized"', liveOnly(NO_KEYS)),
  rule('forbidden_limited_key', 'auth', WATCHDOG_WRITES, 'a valid key without write permission: 403 with code "forbidden" on every watchdog write', liveOnly(NO_KEYS), {
    live: 'needs CONFORMANCE_LIMITED_TOKEN (and CONFORMANCE_WRITES=1 for a real watchdog; otherwise a 404 is only a warning)',
  }),
  rule('credential_form_accepted', 'auth', ['municipalitiesList'], 'each of the five published credential forms is accepted', { runs: true }, {
    live: 'session forms need CONFORMANCE_SESSION_ID',
  }),

  rule('watchdog_lifecycle_create', 'lifecycle', ['watchdogsCreate'], 'create answers 201 with the Watchdog it created (name and prompt as sent)', { runs: true, note: 'status and shape only' }, { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_lifecycle_patch', 'lifecycle', ['watchdogsEventsPartialUpdate'], 'PATCH through the event path answers 200 and applies the change', { runs: true, note: 'status and shape only' }, { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_lifecycle_subscribe', 'lifecycle', ['watchdogsSubscribe'], 'subscribe answers 200 and adds the companies and tags', { runs: true, note: 'status and shape only' }, { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_lifecycle_unsubscribe', 'lifecycle', ['watchdogsUnsubscribe'], 'unsubscribe answers 200 and removes the companies and tags', { runs: true, note: 'status and shape only' }, { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_lifecycle_monitored_companies', 'lifecycle', ['watchdogsSubscribe', 'watchdogsUnsubscribe'], 'monitored_companies holds exactly the subscribed companies', liveOnly(NO_STATE), { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_lifecycle_persisted', 'lifecycle', ['watchdogsEventsPartialUpdate'], 'a later request sees the name and subscriptions set before', liveOnly(NO_STATE), { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_lifecycle_activate', 'lifecycle', ['watchdogsActivate'], 'activate answers 200 with the Watchdog', { runs: true, note: 'status and shape only' }, { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_lifecycle_deactivate', 'lifecycle', ['watchdogsDeactivate'], 'deactivate answers 200 with the Watchdog', { runs: true, note: 'status and shape only' }, { live: 'needs CONFORMANCE_WRITES=1' }),
  rule('watchdog_is_active_effect', 'lifecycle', ['watchdogsActivate', 'watchdogsDeactivate'], 'activate sets is_active true, deactivate false (the effect is not published)', liveOnly(NO_STATE), { warnOnly: true, live: 'needs CONFORMANCE_WRITES=1' }),
  rule('monitored_company_count_matches', 'lifecycle', ['watchdogsSubscribe', 'watchdogsUnsubscribe'], 'monitored_company_count equals the number of monitored_companies (its meaning is not published)', liveOnly(NO_STATE), { warnOnly: true, live: 'needs CONFORMANCE_WRITES=1' }),
];

/** Run-level rule for a scenario that could not finish (a bug in the suite or a target that went away). */
export const SCENARIO_RULE: RuleSpec = rule('scenario_completed', 'responses', [], 'every scenario runs to its end');

const BY_NAME = new Map([...RULES, SCENARIO_RULE].map((spec) => [spec.name, spec]));

export function ruleSpec(name: string): RuleSpec {
  const spec = BY_NAME.get(name);
  if (!spec) throw new Error(`unknown conformance rule ${name}`);
  return spec;
}

/** Whether a rule runs in a mode, and the reason when it does not. */
export function runsIn(spec: RuleSpec, mode: Mode): true | string {
  if (mode === 'live') return spec.live?.startsWith('mock only') ? spec.live : true;
  return spec.mock.runs ? true : (spec.mock.note ?? 'not run against the mock');
}
