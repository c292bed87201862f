// Bounds that keep the sandbox from being exhausted by a client. None is published; each is
// the sandbox's choice (sandbox/README.md) and answers with a clear 4xx when reached.

export interface Limits {
  /** Largest request body accepted, in bytes (413 above). */
  bodyBytes: number;
  /** Bytes of an oversized body read and discarded before answering 413, then the connection closes (node:http adapter only). */
  discardBytes: number;
  /** Most watchdogs stored at once (409 `limit_reached` on create above). */
  watchdogs: number;
  /** Most items in a `companies` or `tags` array, in a body and on a watchdog (400 above). */
  listItems: number;
  /** Items per page of every paginated list. */
  pageSize: number;
  /** Milliseconds a client may take to send one whole request, 408 after (node:http adapter only). */
  requestMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 64 * 1024,
  discardBytes: 1024 * 1024,
  watchdogs: 10_000,
  listItems: 500,
  pageSize: 20,
  requestMs: 15_000,
};
