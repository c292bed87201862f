// A paginated list as the suite reads it: the pages of one query, how each was reached, the walk
// over them and the reference read of a whole list. The vocabulary the list and filter rules
// judge, below the runner that sends the requests (runner/walk.ts).
import type { FilterRef } from './replay-case';
import { isObject, type Exchange, type RequestSpec } from './request';

export type Item = Record<string, unknown>;

/** The query parameter a list's page number goes in, as its links and the walk's jump write it. */
export const PAGE = 'page';

export interface Page {
  /** The page number this page should be (1-based). */
  number: number;
  /** How the page was reached. */
  via: 'first' | 'next' | 'jump' | 'previous';
  x: Exchange;
  count?: number;
  next?: string | null;
  previous?: string | null;
  items: Item[];
}

export interface Walk {
  /** The request of the first page; links are followed with its method, body and credentials. */
  base: RequestSpec;
  /** Pages 1..k in order, then possibly the last page reached by a jump. */
  pages: Page[];
  /** For page k+1 reached through next: its `previous`, fetched to see it lead back to page k. */
  backs: Array<{ from: Page; to: Page }>;
  /** The page before the jumped-to last page, reached through the last page's `previous`. */
  backFromLast?: Page;
  /** True when `next` was followed to the end: every item of the query was seen. */
  complete: boolean;
  /** Page size as observed on the first page. */
  pageSize: number;
  /**
   * Links that pointed elsewhere than the base URL (followed on the base URL): with a public base
   * URL given, links not under it.
   */
  foreignLinks: string[];
  /** The published {base_url} links must carry, when the user gave it (publicBaseUrl): then a foreign link fails. */
  publicBaseUrl?: string;
  /** Pages reached through a served link (next, previous) that did not answer a page. */
  broken: Page[];
}

export function toPage(x: Exchange, number: number, via: Page['via']): Page {
  const body = isObject(x.json) ? x.json : {};
  const items = Array.isArray(body.results) ? body.results.filter(isObject) : [];
  return {
    number,
    via,
    x,
    count: typeof body.count === 'number' ? body.count : undefined,
    next: typeof body.next === 'string' || body.next === null ? body.next : undefined,
    previous: typeof body.previous === 'string' || body.previous === null ? body.previous : undefined,
    items,
  };
}

/** Every distinct item a walk saw (by uuid). */
export function itemsOf(walk: Walk): Item[] {
  const seen = new Map<string, Item>();
  for (const page of [...walk.pages, ...walk.backs.map((b) => b.to), walk.backFromLast]) for (const item of page?.items ?? []) seen.set(String(item.uuid), item);
  return [...seen.values()];
}

/** One unfiltered walk of a list, shared by the list rules, the filters and the value samples. */
export interface Reference {
  walk: Walk;
  items: Item[];
  /** Every item of the list was seen: filtered results can be computed and compared. */
  complete: boolean;
  count?: number;
  /**
   * The filters every list request of the run carries: none when the list answers unfiltered;
   * when it refuses that (a search that needs a criterion), a filter the deployment's data
   * answers, and the reference is everything that filter keeps.
   */
  base: FilterRef[];
  /** Requests spent looking for a base (runner/bases.ts); absent when the list answered items without filters. */
  tried?: number;
}
