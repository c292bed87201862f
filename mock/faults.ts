// Faults and latency on the mock, where Prism cannot: Prism serves `Prefer: code=<status>` only
// for statuses the operation declares (with the contract's example) and knows no delay. The front
// reads the same Prefer preferences as the sandbox (protocol/faults.ts): it waits for `delay=`,
// answers an undeclared error status itself (429, 5xx, …) in the contract's `{error, code}`
// body, and leaves a declared status to Prism.
import { faultReply, preferredFault } from '../protocol/faults';
import { declaredStatuses, operationAt } from '../protocol/operations';
import type { Reply } from '../protocol/reply';

/** Our preferences, which Prism must not see (it would refuse `delay=` and undeclared statuses). */
const OURS = /^\s*(?:delay|retry-after)\s*=/i;

export type MockFault =
  | { kind: 'none' }
  | { kind: 'invalid'; message: string }
  /** Wait `delay` ms; then answer `reply`, or forward with `prefer` (what is left for Prism). */
  | { kind: 'fault'; delay: number; reply?: Reply; prefer: string | undefined };

export function mockFault(method: string, pathname: string, prefer: string | undefined): MockFault {
  // The mock serves the contract's paths at its root.
  const at = operationAt(method, pathname);
  const operationId = at?.prefix === '' ? at.id : undefined;
  if (!operationId || !prefer) return { kind: 'none' };
  const declared = declaredStatuses(operationId);
  let asked;
  try {
    // An error status the operation does not declare is ours; a declared one, or a success, is Prism's.
    asked = preferredFault(prefer, (status) => status >= 400 && !declared.includes(status));
  } catch (error) {
    return { kind: 'invalid', message: (error as Error).message };
  }
  if (!asked) return { kind: 'none' };
  const { status, delay = 0 } = asked.fault;
  if (status !== undefined) return { kind: 'fault', delay, reply: faultReply({ ...asked.fault, status }), prefer: undefined };
  const left = prefer.split(',').filter((part) => !OURS.test(part)).join(',').trim();
  return { kind: 'fault', delay, prefer: left || undefined };
}
