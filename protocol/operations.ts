// Lookups over generated/'s operations table that the mock, the coverage gate and the suite share.
import { operations, type OperationId } from '../generated';

/** The statuses an operation declares, as numbers. */
export function declaredStatuses(operationId: OperationId): number[] {
  return Object.keys(operations[operationId].responses).map(Number);
}

/** Each operation's method and path template as a pattern; what stands before the path is the base URL's path. */
const PATTERNS = (Object.keys(operations) as OperationId[]).map((id) => ({
  id,
  method: operations[id].method.toUpperCase(),
  pattern: new RegExp(`^(.*?)${operations[id].path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/**
 * The operation a method and path address, and the path before the contract's (`''` when the
 * API is served at the origin's root, `/svc` for `/svc/api/v1/…`); undefined off the contract.
 */
export function operationAt(method: string, pathname: string): { id: OperationId; prefix: string } | undefined {
  const upper = method.toUpperCase();
  for (const p of PATTERNS) {
    const match = p.method === upper ? p.pattern.exec(pathname) : null;
    if (match) return { id: p.id, prefix: match[1]! };
  }
  return undefined;
}
