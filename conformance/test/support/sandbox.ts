// The sandbox as the correct deployment, in-process through its fetch-style core (no socket),
// and the live configuration QA would use against it (the one `conformance strength` runs).
import { createSandbox, DEFAULT_CREDENTIALS, type SandboxOptions } from '../../../sandbox/core';
import { IN_PROCESS, sandboxRunConfig } from '../../../strength/config';
import { laterTurn } from '../../../strength/faulty';
import type { FetchLike } from '../../engine/transport';
import type { RunConfig } from '../../engine/types';
import { SANDBOX_DEFAULTS } from '../../options';
import { PAST_WATCHDOG_MS } from '../../../test/support/clock';

export { startSandbox } from '../../targets';
export { IN_PROCESS, laterTurn };
export const SANDBOX_CREDENTIALS = SANDBOX_DEFAULTS;

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
  // A correct deployment's answer is never late on a slow machine: only a hang trips the timeout,
  // and 429s of a limiter are waited out however slowly the machine gets through them
  // (test/support/clock.ts); tests of the timeout or the patience give their own.
  return sandboxRunConfig({ baseUrl, runId: 'test', seed: 1, timeoutMs: PAST_WATCHDOG_MS, rate: { patienceMs: PAST_WATCHDOG_MS }, ...overrides });
}
