// The two ways the gate ends without a verdict. Both carry a one-line message for the user.

/** The gate cannot run (exit 2): unknown ref, missing file, a contract that does not bundle. */
export class GateError extends Error {
  override name = 'GateError';
}

/**
 * There is no history to compare with (no git repository, shallow clone, no HEAD~1, no
 * origin/main). `--if-history` turns this into "not run" (exit 0); otherwise it is exit 2.
 */
export class HistoryUnavailable extends Error {
  override name = 'HistoryUnavailable';
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
