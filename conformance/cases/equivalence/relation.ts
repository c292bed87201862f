// A meaning-preserving transformation of a request, as the catalogue lists it (catalogue.ts): the
// clause that makes the two requests one, which requests it applies to, the transformed request,
// and how the two answers must compare.
import type { RequestSpec } from '../../engine/request';

/** What a row transforms, for the README and messages. */
export type Family = 'framing' | 'JSON text' | 'media type' | 'Accept' | 'query' | 'credential' | 'method' | 'condition';

/**
 * How the answers compare. alike: the same status, and a success with the same content modulo
 * what the contract leaves free (a list's item order and links; a write's server-made fields).
 * head: GET's status and Content-Type, and no body. unconditional: a condition that cannot be
 * met changes nothing: the full answer, never a 304 the plain answer's validators do not explain.
 */
export type Comparison = 'alike' | 'head' | 'unconditional';

export interface Equivalence {
  /** What is sent differently, in a few words: "Transfer-Encoding: chunked". */
  name: string;
  family: Family;
  /** The clause that makes the two requests one, and what it says. */
  clause: string;
  compare: Comparison;
  /**
   * Where a reasonable deployment may refuse the transformed request although it means the same:
   * with these statuses (any 4xx when absent), and why. A refusal then warns; a success must still
   * answer alike.
   */
  mayRefuse?: { statuses?: number[]; why: string };
  /** Its pairs tell something against the Prism mock (stateless, unfiltered, credentials by presence). */
  mock: boolean;
  /** The request transformed, or undefined where the row does not apply to it. */
  apply(plain: RequestSpec, ctx: RowContext): RequestSpec | undefined;
}

export interface RowContext {
  /** The run's tag (`conformance-<run id>`): values the deployment never saw before (an entity tag it never issued). */
  tag: string;
}
