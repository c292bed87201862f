// How long the kit waits for a server it starts to be ready: Prism behind the mock (30 s), the
// mock or the sandbox a conformance run starts (60 s). A machine that is slower than those
// defaults allow (a loaded CI runner; the kit's own tests beside busy processes, which set it past
// their watchdog) sets CMDS_START_TIMEOUT_MS. Node only.

export const START_TIMEOUT_VARIABLE = 'CMDS_START_TIMEOUT_MS';

/** The start timeout in milliseconds: CMDS_START_TIMEOUT_MS when set, else `fallback`; a value that is no whole number ≥ 1 throws one line naming it. */
export function startTimeoutMs(fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[START_TIMEOUT_VARIABLE];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${START_TIMEOUT_VARIABLE} must be a whole number of milliseconds, at least 1 (got ${JSON.stringify(raw)})`);
  }
  return value;
}
