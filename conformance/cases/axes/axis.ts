// An axis of a request beyond its values: cases derived per operation from the contract and from
// HTTP, each varying the operation's complete valid base alone. What HTTP, JSON or URLs make
// equivalent is not an axis but a row of the equivalence catalogue (cases/equivalence/).
import type { OperationId } from '../../../generated';
import type { RequestSpec } from '../../engine/request';
import type { CaseContext } from '../requests';

export interface Axis {
  /** In words, for the README and messages. */
  name: string;
  /** Whether its cases tell anything against the Prism mock (it keeps no resources, never reads values). */
  mock: boolean;
  /** The cases of this axis for an operation, varied from its complete valid base. */
  cases(op: OperationId, base: RequestSpec, ctx: CaseContext): RequestSpec[];
}
