// The sandbox (mock issue #5) as the correct deployment, and the live configuration QA would use.
import { SANDBOX_DEFAULTS } from '../../options';
import { AREAS, type AreaName, type RunConfig } from '../../engine/types';

export { startSandbox } from '../../targets';
export const SANDBOX_CREDENTIALS = SANDBOX_DEFAULTS;

/** A live run with every credential and writes on, as QA would run it against a staging deployment. */
export function liveConfig(baseUrl: string, areas: readonly AreaName[] = AREAS, runId = 'test'): RunConfig {
  return {
    mode: 'live',
    baseUrl,
    ...SANDBOX_CREDENTIALS,
    writes: true,
    areas: [...areas],
    timeoutMs: 5000,
    // Two pages, then the jump to the last: the sandbox's lists have four pages.
    maxPages: 2,
    runId,
    retry: { maxRetries: 3, maxWaitMs: 2000 },
    concurrency: 8,
  };
}
