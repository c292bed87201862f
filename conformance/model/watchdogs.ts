// The model of the expected state of watchdogs under a sequence of writes. Each field holds its
// candidates: one where the contract fixes the effect, several where it leaves it open (what
// activate and deactivate do, the default of is_active). After a judged answer the model takes
// the observed value, which then must persist.
import type { OperationId } from '../../generated';
import { read, type Reading } from '../cases/coerce';
import { isObject } from '../engine/request';

/** What the model allows: each field's candidates. */
export interface Expected {
  name: string[];
  prompt: string[];
  /** Candidate sets of company UUIDs (lower case, sorted). */
  companies: string[][];
  tags: string[][];
  isActive: boolean[];
}

export interface Observed {
  name?: unknown;
  prompt?: unknown;
  /** From `companies`, or `monitored_companies` when `companies` is absent (it is optional). */
  companies?: string[];
  companiesFrom: 'companies' | 'monitored_companies' | 'none';
  tags?: string[];
  isActive?: unknown;
  monitored?: string[];
  monitoredCount?: unknown;
}

/** A watchdog answer read into the model's terms: UUID sets lower-cased and sorted. */
const uuids = (value: unknown): string[] | undefined =>
  Array.isArray(value) ? [...new Set(value.map((v) => (isObject(v) ? String(v.uuid) : String(v)).toLowerCase()))].sort() : undefined;

export function observe(body: unknown): Observed {
  const w = isObject(body) ? body : {};
  const companies = uuids(w.companies);
  const monitored = uuids(w.monitored_companies);
  return {
    name: w.name,
    prompt: w.prompt,
    companies: companies ?? monitored,
    companiesFrom: companies ? 'companies' : monitored ? 'monitored_companies' : 'none',
    tags: uuids(w.tags),
    isActive: w.is_active,
    monitored,
    monitoredCount: w.monitored_company_count,
  };
}

/** Text as a server may store it: as sent, or without surrounding whitespace (a serializer that trims, as DRF's CharField does). */
const text = (value: unknown): string[] => {
  const sent = String(value);
  return sent.trim() === sent ? [sent] : [sent, sent.trim()];
};
/** The reading of a server that takes text for a boolean: it must store what the text says ("false" is false). */
const TEXT_AS_TYPES: Reading = { trim: false, empty: false, types: true, fold: false, last: false };
/** A boolean as the body gives it (text a lenient server takes, as it reads it); undefined when it gives none. */
const boolean = (value: unknown): boolean[] | undefined => {
  const taken = read(value, { type: 'boolean' }, TEXT_AS_TYPES);
  return typeof taken === 'boolean' ? [taken] : undefined;
};

const setOf = (values: unknown): string[] => (Array.isArray(values) ? [...new Set(values.map((v) => String(v).toLowerCase()))].sort() : []);
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])].sort();
const minus = (a: string[], b: string[]) => a.filter((v) => !b.includes(v));
const distinct = <T>(values: T[]) => values.filter((v, i) => values.findIndex((w) => JSON.stringify(w) === JSON.stringify(v)) === i);

/** The watchdog as the create body describes it; is_active unknown unless sent (its default is not published). */
export function created(body: Record<string, unknown>): Expected {
  return {
    name: text(body.name),
    prompt: text(body.prompt),
    companies: [setOf(body.companies)],
    tags: [setOf(body.tags)],
    isActive: boolean(body.is_active) ?? [true, false],
  };
}

/** What the model expects after a write with this body. */
export function expectAfter(op: OperationId, before: Expected, body: Record<string, unknown>): Expected {
  const has = (field: string) => field in body;
  switch (op) {
    case 'watchdogsEventsPartialUpdate':
      // Every field sent is applied; every field omitted keeps its value.
      return {
        name: has('name') ? text(body.name) : before.name,
        prompt: has('prompt') ? text(body.prompt) : before.prompt,
        companies: has('companies') ? [setOf(body.companies)] : before.companies,
        tags: has('tags') ? [setOf(body.tags)] : before.tags,
        isActive: has('is_active') ? (boolean(body.is_active) ?? [true, false]) : before.isActive,
      };
    case 'watchdogsSubscribe':
      return { ...before, companies: before.companies.map((set) => union(set, setOf(body.companies))), tags: before.tags.map((set) => union(set, setOf(body.tags))) };
    case 'watchdogsUnsubscribe':
      return { ...before, companies: before.companies.map((set) => minus(set, setOf(body.companies))), tags: before.tags.map((set) => minus(set, setOf(body.tags))) };
    case 'watchdogsActivate':
    case 'watchdogsDeactivate':
      // Not published: whether the body's fields are applied, and the effect on is_active.
      return {
        name: has('name') ? distinct([...before.name, ...text(body.name)]) : before.name,
        prompt: has('prompt') ? distinct([...before.prompt, ...text(body.prompt)]) : before.prompt,
        companies: has('companies') ? distinct([...before.companies, setOf(body.companies)]) : before.companies,
        tags: has('tags') ? distinct([...before.tags, setOf(body.tags)]) : before.tags,
        isActive: [true, false],
      };
    default:
      return before;
  }
}

/** The model after an answer that met it: each field takes the observed value. */
export function narrow(expected: Expected, observed: Observed): Expected {
  const pick = <T>(candidates: T[], value: T | undefined) => (value !== undefined && candidates.some((c) => JSON.stringify(c) === JSON.stringify(value)) ? [value] : candidates);
  return {
    name: pick(expected.name, observed.name as string | undefined),
    prompt: pick(expected.prompt, observed.prompt as string | undefined),
    companies: pick(expected.companies, observed.companies),
    tags: pick(expected.tags, observed.tags),
    isActive: pick(expected.isActive, typeof observed.isActive === 'boolean' ? observed.isActive : undefined),
  };
}

/** The model after an answer whose effect is not published: each field takes what was observed, where it was. */
export function adopt(expected: Expected, observed: Observed): Expected {
  return {
    name: typeof observed.name === 'string' ? [observed.name] : expected.name,
    prompt: typeof observed.prompt === 'string' ? [observed.prompt] : expected.prompt,
    companies: observed.companies ? [observed.companies] : expected.companies,
    tags: observed.tags ? [observed.tags] : expected.tags,
    isActive: typeof observed.isActive === 'boolean' ? [observed.isActive] : expected.isActive,
  };
}

/** Either state: each field may show a candidate of one or the other (a write that may or may not have been applied). */
export function either(a: Expected, b: Expected): Expected {
  return {
    name: distinct([...a.name, ...b.name]),
    prompt: distinct([...a.prompt, ...b.prompt]),
    companies: distinct([...a.companies, ...b.companies]),
    tags: distinct([...a.tags, ...b.tags]),
    isActive: distinct([...a.isActive, ...b.isActive]),
  };
}
