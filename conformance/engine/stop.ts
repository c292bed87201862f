// Why a run sends nothing more: not a finding about the deployment. The phase that meets it stops
// and is recorded as skipped, with the reason.
export class RunStopped extends Error {}

/** SIGINT, SIGTERM or --deadline: requests in flight are abandoned and nothing more is sent. */
export class Interrupted extends RunStopped {}

/** The reason a stop signal carries, as an Interrupted. */
export const interruption = (signal: AbortSignal) => (signal.reason instanceof Interrupted ? signal.reason : new Interrupted(String(signal.reason ?? 'interrupted')));

/**
 * A run that did not do the work it planned: a signal or --deadline stopped it, or a phase was
 * stopped by a target that stopped answering, by requests still rate limited when their patience
 * was spent, or by a defect of the suite. The budget running out is not this: the budget is the
 * plan (the phases it stopped say so), and neither is an operation the config excludes.
 */
export interface Incomplete {
  /** Why, in words: the signal or deadline, else the first phase stopped. */
  reason: string;
  /** Phases that ran to their end: what was judged. */
  finished: string[];
  /** Phases that did not, and why: what was not (or not wholly) judged. */
  stopped: Array<{ phase: string; why: string }>;
}
