// Which fault a request gets: its own `Prefer` (code=, delay=, retry-after=) wins over the faults
// the sandbox was configured with for its operation, which win over the set-wide latency. The
// fault itself (its body, Retry-After, the Prefer syntax) is protocol/faults.ts, shared with the mock.
import { operations, type OperationId } from '../../generated';
import { faultProblem, latencyProblem, preferredFault, type Fault } from '../../protocol/faults';
import { errors } from './errors';

export type { Fault };

/** Faults per operation, keyed by the contract's operationId: `{ municipalitiesList: { status: 503 } }`. */
export type OperationFaults = Partial<Record<OperationId, Fault>>;

export interface FaultOptions {
  /** Milliseconds every request waits before it is answered (preflights do not). */
  latency?: number;
  /** Faults by operation. */
  faults?: OperationFaults;
}

export interface PlannedFault {
  fault: Fault;
  /** The Prefer values honoured (sent back as `Preference-Applied`). */
  applied: string[];
}

export type FaultPlan = (operationId: OperationId | undefined, prefer: string | null) => PlannedFault | undefined;

/** Throws an Error naming the problem when a configured fault cannot be served; `caller` starts the message. */
export function checkFaultOptions(options: FaultOptions, caller = 'sandbox'): void {
  const latency = latencyProblem(options.latency);
  if (latency) throw new Error(`${caller}: ${latency}`);
  for (const [id, fault] of Object.entries(options.faults ?? {})) {
    if (!(id in operations)) throw new Error(`${caller}: unknown operationId ${JSON.stringify(id)} in faults; use one of: ${Object.keys(operations).join(', ')}`);
    const problem = faultProblem(fault ?? {});
    if (problem) throw new Error(`${caller}: ${id}: ${problem}`);
  }
}

export function createFaultPlan(options: FaultOptions): FaultPlan {
  checkFaultOptions(options);
  const latency = options.latency ?? 0;
  const configured = options.faults ?? {};
  return (operationId, prefer) => {
    let asked;
    try {
      asked = preferredFault(prefer);
    } catch (error) {
      throw errors.preferInvalid((error as Error).message);
    }
    const set = (operationId && configured[operationId]) || {};
    // A status asked for by the request replaces the configured one with its body and Retry-After.
    const fromSet: Fault = asked?.fault.status !== undefined ? {} : { ...set };
    const fault: Fault = { ...fromSet, ...asked?.fault, delay: asked?.fault.delay ?? set.delay ?? latency };
    if (!fault.delay && fault.status === undefined) return undefined;
    return { fault, applied: asked?.applied ?? [] };
  };
}
