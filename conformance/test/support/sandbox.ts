// The sandbox as the correct deployment, in-process through its fetch-style core (no socket),
// and the live configuration QA would use against it.
import { createSandbox, DEFAULT_CREDENTIALS, type SandboxOptions } from '../../../sandbox/core';
import type { FetchLike } from '../../engine/transport';
import { AREAS, type AreaName, type RunConfig } from '../../engine/types';
import { DEFAULT_BUDGET, SANDBOX_DEFAULTS } from '../../options';
import { PAST_WATCHDOG_MS } from '../../../test/support/clock';

export { startSandbox } from '../../targets';
export const SANDBOX_CREDENTIALS = SANDBOX_DEFAULTS;
/** The origin in-process requests are addressed to (nothing listens there). */
export const IN_PROCESS = 'http://sandbox.test';

/**
 * A turn of the event loop, as an answer over a socket takes: an in-process deployment that
 * answered in microtasks alone would hold the loop for a whole run, and runs side by side in one
 * process (the sweep's waiting variants, one over loopback HTTP) would get no answer meanwhile.
 */
export const laterTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A fresh sandbox core as a fetch function. */
export function sandboxFetch(options: SandboxOptions = {}): FetchLike {
  const sandbox = createSandbox({ credentials: DEFAULT_CREDENTIALS, log: () => undefined, ...options });
  return async (request) => {
    await laterTurn();
    return sandbox.fetch(request);
  };
}

/** A live run with every credential and writes on, as QA would run it against a staging deployment. */
export function liveConfig(baseUrl = IN_PROCESS, overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    mode: 'live',
    baseUrl,
    ...SANDBOX_CREDENTIALS,
    writes: true,
    areas: [...AREAS] as AreaName[],
    // A correct deployment's answer is never late on a slow machine: only a hang trips the timeout
    // (test/support/clock.ts); tests of the timeout itself set their own.
    timeoutMs: PAST_WATCHDOG_MS,
    maxPages: 5,
    runId: 'test',
    seed: 1,
    budget: DEFAULT_BUDGET.live,
    // 429s of a limiter are waited out however slowly the machine gets through them; tests of the patience give their own.
    rate: { patienceMs: PAST_WATCHDOG_MS },
    concurrency: 8,
    ...overrides,
  };
}
