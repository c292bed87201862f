// Correct deployments that read what the published document leaves to words as real frameworks
// do (support/variants.ts registers them): filter values that are not what the document
// describes found nothing instead of refused (django-filter's CharFilter, a SQL WHERE, an
// Elasticsearch term query); every text filter — state, district, q, the search name and
// registration_number — compared exact, iexact, icontains, istartswith or by word prefix, each
// with and without accent folding (Postgres unaccent + ILIKE, Elasticsearch asciifolding);
// strings trimmed before they are stored; booleans given as "true"/"false" strings taken;
// answers chunked and gzip-compressed over HTTP. Each is a row of data; the lists are served
// from the sandbox's own data (support/served.ts).
import type { FetchLike } from '../../engine/transport';
import type { Item } from '../../engine/walk';
import { isJsonType, opOf } from '../../../strength/faulty';
import { overHttp } from './over-http';
import { sandboxFetch } from './sandbox';
import { servedWith, type OwnFilter, type OwnFilters } from './served';
import type { Variant } from './variants';

/** How a text filter compares, by the name Django gives each lookup. */
export type Lookup = 'exact' | 'iexact' | 'icontains' | 'istartswith' | 'word prefix';

/** Postgres `unaccent` and Elasticsearch's ASCII folding: marks dropped, ß as ss. */
const unaccent = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/ß/g, 'ss').normalize('NFC');
/** Words as Elasticsearch's standard tokenizer splits them. */
const tokens = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether a field holds the wanted text under a lookup (a phrase prefix by words for `word prefix`). */
export function looksUp(lookup: Lookup, fold: boolean, wanted: string, field: unknown): boolean {
  if (typeof field !== 'string') return false;
  const [f, w] = fold ? [unaccent(field), unaccent(wanted)] : [field, wanted];
  switch (lookup) {
    case 'exact':
      return f === w;
    case 'iexact':
      return f.toLowerCase() === w.toLowerCase();
    case 'icontains':
      return f.toLowerCase().includes(w.toLowerCase());
    case 'istartswith':
      return f.toLowerCase().startsWith(w.toLowerCase());
    case 'word prefix': {
      const [fs, ws] = [tokens(f), tokens(w)];
      if (ws.length === 0) return false;
      return fs.some((_, i) => ws.every((word, k) => (k === ws.length - 1 ? fs[i + k]?.startsWith(word) : fs[i + k] === word)));
    }
  }
}

const officials = (m: Item) => (Array.isArray(m.officials) ? (m.officials as Item[]) : []);
/** The fields each text filter reads, as the deployment stores them. */
const TEXT_FIELDS = {
  municipalitiesList: {
    state: (m: Item) => [m.state_code, m.state_name],
    district: (m: Item) => [m.district_code, m.district_name],
    q: (m: Item) => [m.official_code, m.name, m.district_code, m.district_name, m.state_code, m.state_name, ...officials(m).map((o) => o.full_name)],
  },
  companiesSearch: {
    name: (c: Item) => [c.name],
    registration_number: (c: Item) => [c.registration_number],
  },
};

/** Every text filter read by one lookup, the last value of a filter given twice (as Django's QueryDict.get). */
function textLookups(lookup: Lookup, fold: boolean): OwnFilters {
  const reading = (fields: (item: Item) => unknown[]): OwnFilter => (values) => (item) => fields(item).some((field) => looksUp(lookup, fold, values[values.length - 1]!, field));
  return Object.fromEntries(Object.entries(TEXT_FIELDS).map(([op, byName]) => [op, Object.fromEntries(Object.entries(byName).map(([name, fields]) => [name, reading(fields)]))]));
}

const ALPHA_2 = /^[A-Z]{2}$/;
/**
 * Filter values refused only where a refusal rule says so: a country code that is no alpha-2 code
 * finds nothing (beside real ones, those are found), a search text past its published bound
 * finds what it finds. Enums, UUIDs and pages are still refused by the sandbox.
 */
const LENIENT: OwnFilters = {
  municipalitiesList: { country_code: (values) => (m) => values.some((v) => ALPHA_2.test(v) && v === m.country_code) },
  companiesSearch: {
    name: (values) => (c) => looksUp('icontains', false, values[0]!, c.name),
    registration_number: (values) => (c) => looksUp('icontains', false, values[0]!, c.registration_number),
  },
};

/** The filters of both readings, the second's read after the first's. */
const both = (a: OwnFilters, b: OwnFilters): OwnFilters => ({
  municipalitiesList: { ...a.municipalitiesList, ...b.municipalitiesList },
  companiesSearch: { ...a.companiesSearch, ...b.companiesSearch },
});

type Wrapper = (next: FetchLike) => FetchLike;
const isWatchdogWrite = (request: Request) => opOf(request.method, new URL(request.url))?.startsWith('watchdogs') === true;

/** A watchdog write's JSON body changed before the deployment reads it. */
const editBody = (edit: (body: Record<string, unknown>) => void): Wrapper => (next) => async (request) => {
  if (!isWatchdogWrite(request) || !isJsonType(request.headers.get('content-type'))) return next(request);
  let body: unknown;
  try {
    body = JSON.parse(await request.clone().text());
  } catch {
    return next(request);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return next(request);
  edit(body as Record<string, unknown>);
  return next(new Request(request, { body: JSON.stringify(body) }));
};

/** Name and prompt trimmed before they are stored (a serializer's CharField, trim_whitespace=True by default). */
const trimmed = editBody((body) => {
  for (const field of ['name', 'prompt']) if (typeof body[field] === 'string') body[field] = (body[field] as string).trim();
});
/** is_active given as the string "true" or "false" taken as the boolean (a form's or a lenient JSON parser's reading). */
const booleanStrings = editBody((body) => {
  if (body.is_active === 'true' || body.is_active === 'false') body.is_active = body.is_active === 'true';
});

const wrapped = (deployment: FetchLike, ...wrappers: Wrapper[]) => wrappers.reduceRight((next, wrap) => wrap(next), deployment);

const LOOKUPS: Lookup[] = ['exact', 'iexact', 'icontains', 'istartswith', 'word prefix'];

/**
 * The variants, one axis each (judged in the long sweep, `npm run test:seeds`), and two
 * combinations as real stacks make them (npm test's sample runs those).
 */
export const READING_VARIANTS: Variant[] = [
  ...LOOKUPS.flatMap((lookup) =>
    [false, true].map((fold): Variant => ({
      axis: 'text matching',
      name: `state, district, q, search name and registration_number by ${lookup}${fold ? ', accents folded' : ''}`,
      make: () => servedWith(textLookups(lookup, fold)),
      sweepOnly: true,
    })),
  ),
  { axis: 'lenient filters', name: 'a country code that is none and a search text past its bound find nothing instead of a refusal', make: () => servedWith(LENIENT, { lenient: true }), sweepOnly: true },
  { axis: 'stored strings', name: 'name and prompt trimmed before they are stored', make: () => wrapped(sandboxFetch(), trimmed), sweepOnly: true },
  { axis: 'boolean strings', name: 'is_active "true" and "false" as strings taken', make: () => wrapped(sandboxFetch(), booleanStrings), sweepOnly: true },
  { axis: 'transfer', name: 'answers chunked over HTTP', make: () => overHttp(sandboxFetch(), { gzip: false }), sweepOnly: true },
  { axis: 'transfer', name: 'requests over a socket as sent (a chunked body chunked, node:http decoding it)', make: () => sandboxFetch(), overHttp: true, sweepOnly: true },
  { axis: 'transfer', name: 'answers chunked and gzip-compressed over HTTP', make: () => overHttp(sandboxFetch(), { gzip: true }), sweepOnly: true },
  {
    axis: 'combined',
    name: 'Postgres-style: unaccent + ILIKE on every text filter, lenient filter values, trimmed strings, boolean strings',
    make: () => wrapped(servedWith(both(LENIENT, textLookups('icontains', true)), { lenient: true }), trimmed, booleanStrings),
  },
  {
    axis: 'combined',
    name: 'Elasticsearch-style: word prefixes with ASCII folding, lenient filter values, answers chunked and gzip-compressed over HTTP',
    make: () => overHttp(servedWith(both(LENIENT, textLookups('word prefix', true)), { lenient: true }), { gzip: true }),
  },
];
