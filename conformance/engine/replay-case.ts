// What a failure needs to be reproduced: the requests (secrets as references, never values) and
// what the run knew when it judged them. failures.json holds these; `conformance replay` runs them.
import type { OperationId } from '../../generated';
import type { RequestSpec } from './request';

/** One watchdog step of a lifecycle sequence (phases/lifecycle); `target` indexes the sequence's creates. */
export interface Step {
  op: OperationId;
  target?: number;
  body: Record<string, unknown>;
  /** The body holds a value past any published bound (none is published): a refusal passes, an answer must hold it intact. */
  mayRefuse?: true;
  /**
   * Sent to see the watchdog, not to change it (a write that changes nothing the model compares):
   * its answer judges the write before it by the rule of this check (rules/writes.ts).
   */
  observes?: ObservedCheck;
  /** Sent at once with the steps beside it that are marked so (one write each, to one watchdog). */
  together?: true;
  /** Made-up path parameters are drawn from this key, not from the step's place: steps with one key share a path. */
  pathKey?: string;
}

/**
 * What an observation judges: a write's values held (`holds`), the other watchdogs unchanged by a
 * write (`frame`), a write repeated after another applied again (`repeat`), writes sent at once
 * each applied (`concurrent`).
 */
export type ObservedCheck = 'holds' | 'frame' | 'repeat' | 'concurrent';

/** How a list is filtered: by a query parameter or a body field, with the values sent. */
export interface FilterRef {
  where: 'query' | 'body';
  name: string;
  values: string[];
}

export type ReplayCase =
  /** One request, judged by every exchange rule. */
  | { kind: 'exchange'; spec: RequestSpec }
  /** A list walked from its first page, judged by the list rules (and the filters' rules). */
  | { kind: 'walk'; spec: RequestSpec; filters: FilterRef[] }
  /**
   * Watchdog steps from fresh creates, judged against the model of the expected state; `goOn`:
   * past an answer that departs from it, judged from what the deployment showed (the writes-that-hold sequences).
   */
  | { kind: 'sequence'; steps: Step[]; goOn?: true }
  /**
   * A request sent plainly (`base`), then transformed by the row of the equivalence catalogue it
   * names (`spec`): judged by every exchange rule and against each other.
   */
  | { kind: 'equivalent'; row: string; base: RequestSpec; spec: RequestSpec };

/** Where a generated case came from, so `--seed` reruns it. */
export interface CaseOrigin {
  phase: string;
  seed: number;
  /** fast-check's path to the shrunk counterexample. */
  path?: string;
}

export interface FailureCase {
  rule: string;
  operationId: OperationId | '-';
  message: string;
  /** What the deployment answered, against what the contract declares (when the check says). */
  received?: unknown;
  expected?: unknown;
  origin?: CaseOrigin;
  replay: ReplayCase;
}
