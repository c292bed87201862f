// `cmds-contract-kit/sandbox`: the stateful sandbox in your own process. startSandbox serves
// it over node:http (port 0 picks a free port); createSandbox is the fetch-style core that the
// MSW handlers (`cmds-contract-kit/msw`) wrap.
export { startSandbox, createSandboxServer, SandboxStartError, DEFAULT_HOST, DEFAULT_PORT, type NodeSandboxOptions, type RunningSandbox, type SandboxServer } from './node';
export { createSandbox, DEFAULT_CREDENTIALS, DEFAULT_LIMITS, type Credentials, type Limits, type Sandbox, type SandboxOptions, type SeedData } from './core';
