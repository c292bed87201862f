// The base of a list that will not list without filters (a search that needs a criterion, or a
// name or a registration number): filters a client may send that the deployment's data answers.
// Tried in order until one answers with items: the user's own search (conformance.config.json),
// each other value of a required query parameter, each listed value of an enum filter, then fragments for each text filter — single characters
// and pairs of letters most common in the contract's examples of the field, the first letters of
// each example (a register's prefix: `HRB`, `FN`, `CHE`), and words of the deployment's other
// lists (the municipality list's names). Which fragments, and in which order, follows the seed.
import type { OperationId } from '../../generated';
import type { JsonSchema } from '../contract/document';
import { responseExamples } from '../contract/document';
import { FACTS } from '../contract/facts';
import type { FilterSemantics } from '../contract/filter-semantics';
import { requiredAlternatives } from '../cases/required';
import type { FilterRef } from '../engine/replay-case';
import type { Item } from '../engine/walk';
import { FILTERS, type FilterSpec } from '../rules/filters';
import { seededShuffle } from './seeded';
import type { Run } from './run';

/** Fragments asked at once; the first round with an answer holding items gives the base. */
export const FRAGMENTS_PER_ROUND = 4;
/** Fragment requests a base search sends at most (besides the user's search and the listed values). */
export const MAX_FRAGMENTS = 16;
/** Characters, pairs of letters, first letters and words each text filter contributes at most. */
const PER_SOURCE = 4;
/** Words are taken at least this long (shorter ones are the characters' and pairs' job). */
const MIN_WORD = 4;

/** Finds how many items a list answers under these filters (0 for a refusal). */
export type Probe = (filters: FilterRef[], why: string) => Promise<number>;

/** The items of the deployment's other lists, by list. */
export type OtherLists = () => Promise<Array<[OperationId, Item[]]>>;

export interface FoundBase {
  /** The base: the filters every list request of the run carries; none found: undefined. */
  filters?: FilterRef[];
  /** Requests the search sent. */
  tried: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const byCount = <T>(counts: Map<T, number>) => [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0]))).map(([key]) => key);

/** The most common of what `parts` finds in the values, most common first. */
function mostCommon(values: string[], parts: (value: string) => string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) for (const part of parts(value)) counts.set(part, (counts.get(part) ?? 0) + 1);
  return byCount(counts).slice(0, PER_SOURCE);
}

/** A text filter's values in the contract's examples of the list's answer. */
function exampleValues(op: OperationId, semantics: FilterSemantics): string[] {
  const items = responseExamples(op, FACTS[op].success.status).flatMap(({ value }) => {
    const results = (value as { results?: unknown } | undefined)?.results;
    return Array.isArray(results) ? (results as Item[]) : [];
  });
  return items.flatMap((item) => semantics.fields(item).map(text)).filter(Boolean);
}

const characters = (value: string) => [...new Set([...value.toLowerCase()].filter((c) => /[\p{L}\p{N}]/u.test(c)))];
const letterPairs = (value: string) => [...new Set((value.toLowerCase().match(/\p{L}+/gu) ?? []).flatMap((word) => [...word].slice(1).map((c, i) => `${word[i]}${c}`)))];
/** The first letters of a value, at most three: a register's prefix (`HRB 148213`), a name's first syllable. */
const firstLetters = (value: string) => [/^\p{L}{1,3}/u.exec(value)?.[0] ?? ''].filter(Boolean);
const words = (value: string) => (value.match(/\p{L}+/gu) ?? []).filter((word) => word.length >= MIN_WORD);

/** The values of other lists' text filters (a municipality's name, district, state, officials): names a deployment holds. */
function namesIn(others: Array<[OperationId, Item[]]>): string[] {
  return others.flatMap(([other, items]) => FILTERS.filter((f) => f.op === other && f.semantics?.kind === 'text').flatMap((f) => items.flatMap((item) => f.semantics!.fields(item).map(text))));
}

/** Fragments of each kind for one text filter, each kind in the seed's order. */
function fragmentsOf(run: Run, op: OperationId, filter: FilterSpec, otherNames: string[]): string[][] {
  const examples = exampleValues(op, filter.semantics!);
  const label = `base:${op}:${filter.ref.name}`;
  return [
    mostCommon(examples, characters),
    mostCommon(examples, letterPairs),
    mostCommon(examples, firstLetters),
    seededShuffle(run, `${label}:words`, [...new Set(otherNames.flatMap(words))].sort()).slice(0, PER_SOURCE),
  ].map((fragments, kind) => seededShuffle(run, `${label}:${kind}`, fragments));
}

/** Each other value of each required query parameter, then each listed value of each enum filter (names the contract chose last), one candidate each. */
function listedValues(op: OperationId): FilterRef[][] {
  return [...requiredAlternatives(op), ...enumValues(op)];
}

function enumValues(op: OperationId): FilterRef[][] {
  return FILTERS.filter((f) => f.op === op)
    .sort((a, b) => Number(a.choice) - Number(b.choice))
    .flatMap((f) => {
      const facts = FACTS[op];
      const schema: JsonSchema | undefined = f.ref.where === 'query'
        ? facts.parameters.find((p) => p.in === 'query' && p.name === f.ref.name)?.schema
        : ((facts.bodies[0]?.schema.properties ?? {}) as Record<string, JsonSchema>)[f.ref.name];
      const values = (schema?.enum ?? (schema?.items as JsonSchema | undefined)?.enum) as unknown[] | undefined;
      return (values ?? []).map((v) => [{ ...f.ref, values: [String(v)] }]);
    });
}

/**
 * The fragments to try, interleaved so each round asks every kind of fragment of every text
 * filter in turn (a deployment that needs a registration number answers its first round too).
 */
export function fragmentCandidates(run: Run, op: OperationId, otherNames: string[]): FilterRef[][] {
  const textFilters = FILTERS.filter((f) => f.op === op && !f.choice && f.semantics?.kind === 'text');
  const queues = textFilters.map((f) => fragmentsOf(run, op, f, otherNames).map((values) => values.map((v) => [{ ...f.ref, values: [v] }])));
  const kinds = Math.max(0, ...queues.map((q) => q.length));
  const depth = Math.max(0, ...queues.flatMap((q) => q.map((fragments) => fragments.length)));
  const out: FilterRef[][] = [];
  for (let i = 0; i < depth; i++) for (let kind = 0; kind < kinds; kind++) for (const queue of queues) if (queue[kind]?.[i]) out.push(queue[kind]![i]!);
  return out.slice(0, MAX_FRAGMENTS);
}

const describe = (filters: FilterRef[]) => filters.map((f) => `${f.name}=${f.values.join('|')}`).join(' & ');

/** The candidate of a round with the most items; none when no candidate answered with items. */
async function best(candidates: FilterRef[][], probe: Probe, why: string): Promise<FilterRef[] | undefined> {
  const counts = await Promise.all(candidates.map((filters) => probe(filters, why)));
  const top = Math.max(0, ...counts);
  return top > 0 ? candidates[counts.indexOf(top)] : undefined;
}

/**
 * Finds a base: the user's search, then every listed value at once (the one with the most items
 * wins), then fragments FRAGMENTS_PER_ROUND at a time, MAX_FRAGMENTS at most.
 */
export async function findBase(run: Run, op: OperationId, probe: Probe, otherLists: OtherLists): Promise<FoundBase> {
  let tried = 0;
  const round = async (candidates: FilterRef[][], why: string) => {
    tried += candidates.length;
    return candidates.length ? best(candidates, probe, why) : undefined;
  };
  const search = run.config.known?.search;
  const own = search && FACTS[op].bodies.length ? Object.entries(search).map(([name, value]): FilterRef => ({ where: 'body', name, values: [value] })) : undefined;
  const found = (own && (await round([own], 'the search given in the config'))) ?? (await round(listedValues(op), 'each listed value of its filters'));
  if (found) return { filters: found, tried };
  const fragments = fragmentCandidates(run, op, namesIn(await otherLists()));
  for (let from = 0; from < fragments.length; from += FRAGMENTS_PER_ROUND) {
    const chunk = fragments.slice(from, from + FRAGMENTS_PER_ROUND);
    const hit = await round(chunk, `fragments ${chunk.map(describe).join(', ')}`);
    if (hit) return { filters: hit, tried };
  }
  return { tried };
}
