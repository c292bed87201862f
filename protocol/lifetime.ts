// A server process of the kit (the mock, the sandbox) stops when whatever started it is gone:
// on SIGINT (Ctrl+C), SIGTERM, SIGHUP (its terminal closed), and when its parent exits without
// passing a signal on. `npx contract-kit mock` is npm, then a shell, then the server: npm passes
// SIGTERM to the shell, which dies without passing it further, and a parent killed with SIGKILL
// passes nothing at all. Node has no parent-death signal, so the parent is watched: once this
// process is re-parented (its ppid changes), it stops as on SIGTERM. Node only.

export type StopReason = NodeJS.Signals | 'parent exited';

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** How often the parent is looked at: a leftover server lives at most this much longer than it. */
const PARENT_POLL_MS = 500;

/**
 * Calls `stop` once, on the first of those events. Later signals get Node's default action (a
 * second Ctrl+C ends a slow stop at once).
 */
export function stopWithParent(stop: (reason: StopReason) => void): void {
  const parent = process.ppid;
  const listeners = new Map<NodeJS.Signals, () => void>();
  let watch: NodeJS.Timeout | undefined;
  const once = (reason: StopReason) => {
    clearInterval(watch);
    for (const [signal, listener] of listeners) process.removeListener(signal, listener);
    stop(reason);
  };
  for (const signal of SIGNALS) {
    const listener = () => once(signal);
    listeners.set(signal, listener);
    process.once(signal, listener);
  }
  // Started by init (ppid 1), a process has no parent to outlive.
  if (parent > 1) watch = setInterval(() => process.ppid !== parent && once('parent exited'), PARENT_POLL_MS).unref();
}
