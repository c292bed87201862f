// Lookups over generated/'s operations table that the mock's coverage gate and the suite's
// report share.
import { operations, type OperationId } from '../generated';

/** The statuses an operation declares, as numbers. */
export function declaredStatuses(operationId: OperationId): number[] {
  return Object.keys(operations[operationId].responses).map(Number);
}
