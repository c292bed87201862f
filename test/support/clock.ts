// The tests' one clock. No test fails because the machine is slow: Jest's testTimeout is a
// watchdog against a hang, never a measure of speed, and every wait is on an event (a line, an
// exit, a port, a request that arrives) or polls a condition without a deadline. Where a test
// goes through a timeout of the kit itself on a path that must succeed (the suite's --timeout
// against a deployment that answers, a child's start), it sets that timeout past the watchdog,
// so only a hang trips it, and the watchdog names the test first. A timeout that is the subject
// of a test (a target that never answers) stays short: no load makes a silent server answer.
// README.md, "Tests and the clock".

/** Jest's testTimeout (jest.config.ts): a test or hook still running after this has hung. */
export const WATCHDOG_MS = 30 * 60_000;

/** A timeout of the kit that must never fire in a test on a slow machine: past the watchdog. */
export const PAST_WATCHDOG_MS = 2 * WATCHDOG_MS;
