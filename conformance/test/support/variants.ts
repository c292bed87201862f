// Correct deployments built differently: the sandbox (the reference) behind wrappers that each
// make one choice the published document leaves open, one axis at a time and a few together.
// The suite must raise no failure on any of them, whatever the seed (test/seeds.ts sweeps many
// seeds over all of them; correct-deployment.test.ts runs a sample).
import { DEFAULT_CREDENTIALS } from '../../../sandbox/core';
import { FACTS } from '../../contract/facts';
import type { FetchLike } from '../../engine/transport';
import type { RunConfig } from '../../engine/types';
import { OPEN } from './open';
import { UUID } from '../../../strength/edits';
import { faulty, isJsonType, opOf } from '../../../strength/faulty';
import { rateLimited } from './rate-limit';
import { sandboxFetch } from './sandbox';
import { READING_VARIANTS } from './variants-readings';

export interface Variant {
  /** The axis the variant moves along, e.g. "page size". */
  axis: string;
  name: string;
  /** A fresh deployment. */
  make(): FetchLike;
  /** Mostly idle (waiting on a limit or a slow answer): the sweep runs its seeds side by side. */
  idle?: boolean;
  /** What QA knows of this deployment and gives the suite (conformance.config.json): the sweep runs with it. */
  config?: Partial<RunConfig>;
  /** Judged in the sweep only: npm test's sample runs a combination that holds it (below, and support/variants-readings.ts). */
  sweepOnly?: true;
  /** Reached over loopback HTTP with the global fetch, each request framed as the suite sends it (strength/serve.ts, reached). */
  overHttp?: true;
}

/** A change of one request or one answer; the deployment behind it is correct. */
type Wrapper = (next: FetchLike) => FetchLike;

const JSON_TYPE = { 'content-type': 'application/json' };
const refusal = (status: number, error: string, code = 'invalid') => new Response(JSON.stringify({ error, code }), { status, headers: JSON_TYPE });
const body = async (request: Request): Promise<unknown> => {
  if (!isJsonType(request.headers.get('content-type'))) return undefined;
  try {
    return JSON.parse(await request.clone().text());
  } catch {
    return undefined;
  }
};
const CRITERIA = ['name', 'registration_number', 'status', 'country'];

/** How many of these search criteria a body gives (unknown fields and empty values are none), in whichever media type it comes. */
async function criteria(request: Request, names = CRITERIA): Promise<number> {
  const type = request.headers.get('content-type') ?? '';
  const given = (name: string, value: unknown) => names.includes(name) && value !== '' && value !== null && value !== undefined;
  try {
    if (isJsonType(type)) {
      const json: unknown = JSON.parse(await request.clone().text());
      return isObject(json) ? Object.entries(json).filter(([name, value]) => given(name, value)).length : 1;
    }
    if (type.startsWith('multipart/form-data') || type.startsWith('application/x-www-form-urlencoded')) {
      let fields = 0;
      (await request.clone().formData()).forEach((value, name) => (fields += Number(given(name, value))));
      return fields;
    }
    return (await request.clone().text()).trim() === '' ? 0 : 1;
  } catch {
    return 1; // not readable: the deployment's own refusal follows
  }
}
/** A company search refused unless it gives one of these criteria (in the body, any media type). */
function searchNeeds(names: string[]): Wrapper {
  return (next) => async (request) => {
    if (opOfRequest(request) !== 'companiesSearch') return next(request);
    return (await criteria(request, names)) === 0 ? refusal(400, `Give at least one criterion: ${names.join(' or ')}.`) : next(request);
  };
}

/** The tags a deployment that refuses unknown tags knows (the contract's example tag among them); QA gives them in the config. */
export const KNOWN_TAGS = ['b8c9d0e1-f2a3-4b4c-9d5e-6f7a8b9c0d1e', '0c7a3a52-8a1e-4f0e-9b7d-3c2e1f0a9b8c', '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a', 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'];

const withJsonBody = (request: Request, value: unknown) => new Request(request.clone(), { body: JSON.stringify(value) });
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const opOfRequest = (request: Request) => opOf(request.method, new URL(request.url));

/** Answers with a JSON body edited; others as they are. */
const editJson = (edit: (json: Record<string, unknown>, request: Request, response: Response) => void): Wrapper => (next) => async (request) => {
  const response = await next(request.clone());
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return response;
  // A HEAD answer (and any other without a body) carries JSON's content type and nothing to edit.
  const text = await response.clone().text();
  if (request.method === 'HEAD' || text === '') return response;
  const json: unknown = JSON.parse(text);
  if (isObject(json)) edit(json, request, response);
  return new Response(JSON.stringify(json), { status: response.status, headers: response.headers });
};

/** Every link of a page envelope rewritten. */
const links = (rewrite: (url: URL) => void) => editJson((json) => {
  for (const key of ['next', 'previous'] as const) {
    if (typeof json[key] !== 'string') continue;
    const url = new URL(json[key]);
    rewrite(url);
    json[key] = url.toString();
  }
});

const WRAPPERS = {
  /** Express and FastAPI refuse invalid input with 422. */
  refuse422: ((next) => async (request) => {
    const response = await next(request);
    return response.status === 400 ? new Response(response.body, { status: 422, headers: response.headers }) : response;
  }) as Wrapper,
  /** Spring's and many others' answer to a page past the end: an empty page, not a 404. */
  emptyPastEnd: ((next) => async (request) => {
    const response = await next(request.clone());
    const url = new URL(request.url);
    const op = opOfRequest(request);
    if (response.status !== 404 || !op || !FACTS[op].paginated || !/^\d+$/.test(url.searchParams.get('page') ?? '')) return response;
    const first = new URL(url);
    first.searchParams.delete('page');
    const page1 = await next(new Request(first, request.clone()));
    if (page1.status !== 200) return response;
    const { count } = (await page1.json()) as { count: number };
    return new Response(JSON.stringify({ count, next: null, previous: null, results: [] }), { status: 200, headers: JSON_TYPE });
  }) as Wrapper,
  /** Links that always carry the page number, page 1 included. */
  explicitPageOne: links((url) => {
    if (!url.searchParams.has('page')) url.searchParams.set('page', '1');
  }),
  /** Links whose parameters come in another order (the page first, the rest reversed). */
  otherParameterOrder: links((url) => {
    const entries = [...url.searchParams].reverse();
    entries.sort(([a], [b]) => Number(b === 'page') - Number(a === 'page'));
    url.search = new URLSearchParams(entries).toString();
  }),
  /** A company search needs at least one criterion. */
  searchNeedsCriterion: searchNeeds(CRITERIA),
  /** A company search needs a name or a registration number ("searched by name and/or local registry number"): by status or country alone it is refused. */
  searchNeedsNameOrNumber: searchNeeds(['name', 'registration_number']),
  /** A registry lookup: the search needs a registration number (whether name alone is a search is not published: required-ness is not shown). */
  searchNeedsNumber: searchNeeds(['registration_number']),
  /** Tags must exist: a watchdog write naming a tag UUID the deployment does not know is refused with 400 (no published operation lists tags). */
  knownTagsOnly: ((next) => async (request) => {
    const json = opOfRequest(request)?.startsWith('watchdogs') ? await body(request) : undefined;
    const tags = isObject(json) && Array.isArray(json.tags) ? json.tags : [];
    const unknown = tags.find((tag) => typeof tag === 'string' && UUID.test(tag) && !KNOWN_TAGS.includes(tag.toLowerCase()));
    return unknown ? refusal(400, `tags: no tag ${unknown}`) : next(request);
  }) as Wrapper,
  /** The search's `country` is a list of codes: a single string is refused. */
  countryAsList: ((next) => async (request) => {
    if (opOfRequest(request) !== 'companiesSearch') return next(request);
    const json = await body(request);
    if (!isObject(json) || !('country' in json)) return next(request);
    const { country } = json;
    if (Array.isArray(country) && country.length === 1 && typeof country[0] === 'string') return next(withJsonBody(request, { ...json, country: country[0] }));
    return refusal(400, 'country: must be a list of country codes');
  }) as Wrapper,
  /** A watchdog created without is_active is inactive until activated. */
  inactiveByDefault: ((next) => async (request) => {
    const json = opOfRequest(request) === 'watchdogsCreate' ? await body(request) : undefined;
    return isObject(json) && !('is_active' in json) ? next(withJsonBody(request, { ...json, is_active: false })) : next(request);
  }) as Wrapper,
  /**
   * Any valid credential wins, whatever else the request carries (the sandbox, like Django REST
   * framework, answers 401 as soon as one presented credential is wrong).
   */
  anyValidCredentialWins: ((next) => async (request) => {
    const response = await next(request.clone());
    if (response.status !== 401) return response;
    for (const strip of [stripAuthorization, stripSessionQuery, stripCookie]) {
      const alone = strip(request.clone());
      if (!alone) continue;
      const again = await next(alone);
      if (again.status !== 401) return again;
    }
    return response;
  }) as Wrapper,
  /** Reads are validated before the credential is looked at: an invalid read without credentials is a 400. */
  validateBeforeAuth: ((next) => async (request) => {
    const op = opOfRequest(request);
    if (!op || FACTS[op].writes) return next(request);
    const withoutSession = stripSessionQuery(request.clone()) ?? request.clone();
    const authorised = stripCookie(withoutSession) ?? withoutSession;
    authorised.headers.set('authorization', `Bearer ${DEFAULT_CREDENTIALS.token}`);
    const validated = await next(authorised);
    return validated.status === 400 ? validated : next(request);
  }) as Wrapper,
  /** Country codes checked as the document describes them: ISO 3166-1 alpha-2, two upper-case letters (the excluded ones too). */
  alpha2: ((next) => async (request) => {
    const url = new URL(request.url);
    if (opOfRequest(request) !== 'municipalitiesList') return next(request);
    const bad = ['country_code', 'country_code_exclude'].flatMap((name) => url.searchParams.getAll(name).filter((v) => !/^[A-Z]{2}$/.test(v)).map((v) => `${name}=${v}`));
    return bad.length ? refusal(400, `${bad[0]}: not an ISO 3166-1 alpha-2 code`) : next(request);
  }) as Wrapper,
  /** Text without a published maximum bounded all the same: a watchdog prompt over 2000 characters refused. */
  promptBound: ((next) => async (request) => {
    const json = opOfRequest(request)?.startsWith('watchdogs') ? await body(request) : undefined;
    return isObject(json) && typeof json.prompt === 'string' && [...json.prompt].length > 2000 ? refusal(400, 'prompt: at most 2000 characters') : next(request);
  }) as Wrapper,
  slow: ((next) => async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    return next(request);
  }) as Wrapper,
};

// Each takes a request it may consume (pass a clone) and gives a copy without one credential form.
function stripAuthorization(request: Request): Request | undefined {
  if (!request.headers.has('authorization')) return undefined;
  const copy = new Request(request);
  copy.headers.delete('authorization');
  return copy;
}
function stripSessionQuery(request: Request): Request | undefined {
  const url = new URL(request.url);
  if (!url.searchParams.has('sessionid')) return undefined;
  url.searchParams.delete('sessionid');
  return new Request(url, request);
}
function stripCookie(request: Request): Request | undefined {
  if (!request.headers.has('cookie')) return undefined;
  const copy = new Request(request);
  copy.headers.delete('cookie');
  return copy;
}

const wrapped = (...wrappers: Wrapper[]) => (deployment: FetchLike) => wrappers.reduceRight((next, wrap) => wrap(next), deployment);
const onSandbox = (...wrappers: Wrapper[]) => () => wrapped(...wrappers)(sandboxFetch());

/** A variant the Express- or Spring-style combination holds: npm test's sample runs the combination. */
const COMBINED = { sweepOnly: true } as const;

export const VARIANTS: Variant[] = [
  { axis: 'reference', name: 'the sandbox', make: () => sandboxFetch() },
  { axis: 'check order', name: 'reads validated before the credential', make: onSandbox(WRAPPERS.validateBeforeAuth), ...COMBINED },
  { axis: 'refusal status', name: 'refusals answer 422', make: onSandbox(WRAPPERS.refuse422), ...COMBINED },
  // 20 is the sandbox's own; 1 and 7 are in the combinations.
  ...[1, 7, 20, 100].map((pageSize): Variant => ({ axis: 'page size', name: `${pageSize} per page`, make: () => sandboxFetch({ limits: { pageSize } }), ...(pageSize !== 100 && COMBINED) })),
  { axis: 'page past the end', name: 'an empty 200 instead of 404', make: onSandbox(WRAPPERS.emptyPastEnd), ...COMBINED },
  { axis: 'link form', name: 'links always carry page=1', make: onSandbox(WRAPPERS.explicitPageOne), ...COMBINED },
  { axis: 'link form', name: 'links with the page first and the rest reversed', make: onSandbox(WRAPPERS.otherParameterOrder), ...COMBINED },
  { axis: 'search criterion', name: 'a search needs a criterion', make: onSandbox(WRAPPERS.searchNeedsCriterion), ...COMBINED },
  { axis: 'search criterion', name: 'a search needs a name or a registration number', make: onSandbox(WRAPPERS.searchNeedsNameOrNumber) },
  { axis: 'search criterion', name: 'a search needs a registration number', make: onSandbox(WRAPPERS.searchNeedsNumber) },
  { axis: 'unknown tags', name: 'unknown tag UUIDs refused, the known ones given in the config', make: onSandbox(WRAPPERS.knownTagsOnly), config: { known: { tags: KNOWN_TAGS } } },
  { axis: 'unknown tags', name: 'unknown tag UUIDs refused, none given (made-up tags warn)', make: onSandbox(WRAPPERS.knownTagsOnly) },
  { axis: 'country type', name: 'country is a list of codes', make: onSandbox(WRAPPERS.countryAsList), ...COMBINED },
  { axis: 'country codes', name: 'country codes refused unless two upper-case letters', make: onSandbox(WRAPPERS.alpha2) },
  { axis: 'unpublished bound', name: 'a prompt over 2000 characters refused', make: onSandbox(WRAPPERS.promptBound) },
  { axis: 'unpublished bound', name: 'a watchdog holds at most 20 companies and 20 tags (400 above)', make: () => sandboxFetch({ limits: { listItems: 20 } }), sweepOnly: true },
  { axis: 'is_active default', name: 'inactive until activated', make: onSandbox(WRAPPERS.inactiveByDefault), ...COMBINED },
  { axis: 'credential precedence', name: 'any valid credential wins', make: onSandbox(WRAPPERS.anyValidCredentialWins), ...COMBINED },
  { axis: 'rate limit', name: '5 requests/s, Retry-After', make: () => rateLimited(sandboxFetch(), { perSecond: 5 }), idle: true },
  { axis: 'latency', name: 'every answer takes 200 ms', make: onSandbox(WRAPPERS.slow), idle: true },
  {
    axis: 'combined',
    name: 'Express-style: 422, 7 per page, a criterion needed, country a list, links with page=1 in another order',
    make: () => wrapped(WRAPPERS.refuse422, WRAPPERS.searchNeedsCriterion, WRAPPERS.countryAsList, WRAPPERS.explicitPageOne, WRAPPERS.otherParameterOrder)(sandboxFetch({ limits: { pageSize: 7 } })),
  },
  {
    axis: 'combined',
    name: 'Spring-style: empty pages past the end, inactive by default, reads validated first, any valid credential wins, 1 per page',
    make: () => wrapped(WRAPPERS.emptyPastEnd, WRAPPERS.inactiveByDefault, WRAPPERS.validateBeforeAuth, WRAPPERS.anyValidCredentialWins)(sandboxFetch({ limits: { pageSize: 1 } })),
  },
  // How real frameworks read what the document leaves to words: lenient values, text matching, trimmed strings, chunked answers.
  ...READING_VARIANTS,
  // The choices the contract leaves open that the fault table lists (each with the warning it must raise).
  ...OPEN.map((c): Variant => ({ axis: 'left open', name: c.name, make: () => faulty(c.spec), idle: c.name.startsWith('rate limited') })),
];
