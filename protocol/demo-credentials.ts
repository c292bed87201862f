// The kit's one set of demo credentials: the mock, the sandbox (server and MSW handlers) and
// their banners all use these, so a frontend moves between them without changing its token.
// They are public demo values, not secrets; a sandbox may be given others (SANDBOX_TOKEN, …).

export interface DemoCredentials {
  /** API key with every right (Bearer or Token). */
  token: string;
  /** API key that may read and search but not write watchdogs (403 on the sandbox; the mock does not check rights). */
  readonlyToken: string;
  /** Session id with every right (Session header, `?sessionid=` or cookie). */
  sessionId: string;
}

export const DEMO_CREDENTIALS: Readonly<DemoCredentials> = Object.freeze({
  token: 'demo-key',
  readonlyToken: 'demo-limited-key',
  sessionId: 'demo-session',
});
