// The run the strength command makes against each faulty sandbox: live mode with the sandbox's
// credentials, in-process (no socket), as QA would run the suite against a staging deployment,
// narrowed only by what selects and sizes a run (areas, operations, budget, pages, writes).
import { AREAS, DEFAULT_BUDGET, type AreaName, type RunConfig } from '../conformance';
import { SANDBOX_CREDENTIALS } from './faulty';

/** The origin in-process requests are addressed to (nothing listens there). */
export const IN_PROCESS = 'http://sandbox.test';

/** The seed every fault is judged with unless --seed says otherwise: the fault sweep's first. */
export const DEFAULT_SEED = 3000;

/** A live run with every credential and writes on against the sandbox, changed by `overrides`. */
export function sandboxRunConfig(overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    mode: 'live',
    baseUrl: IN_PROCESS,
    ...SANDBOX_CREDENTIALS,
    writes: true,
    areas: [...AREAS] as AreaName[],
    timeoutMs: 5000,
    maxPages: 5,
    runId: 'strength',
    seed: DEFAULT_SEED,
    budget: DEFAULT_BUDGET.live,
    rate: { patienceMs: 30_000 },
    concurrency: 8,
    ...overrides,
  };
}
