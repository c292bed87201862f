// Why a run sends nothing more: not a finding about the deployment. The phase that meets it stops
// and is recorded as skipped, with the reason.
export class RunStopped extends Error {}

/** SIGINT, SIGTERM or --deadline: requests in flight are abandoned and nothing more is sent. */
export class Interrupted extends RunStopped {}

/** The reason a stop signal carries, as an Interrupted. */
export const interruption = (signal: AbortSignal) => (signal.reason instanceof Interrupted ? signal.reason : new Interrupted(String(signal.reason ?? 'interrupted')));
