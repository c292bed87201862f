/** @jest-config-loader esbuild-register */
import os from 'node:os';
import type { Config } from 'jest';
import { START_TIMEOUT_VARIABLE } from './protocol/start-timeout';
import { PAST_WATCHDOG_MS, WATCHDOG_MS } from './test/support/clock';

// Servers the tests start (Prism behind the mock, the targets of a conformance run) are waited
// for until they are ready or exit: a slow start is no failure, only a hang, the watchdog's. Set
// here, in jest's own process, so every worker, and every child a test starts, inherits it.
process.env[START_TIMEOUT_VARIABLE] ??= String(PAST_WATCHDOG_MS);

// @swc/jest only strips types (about 7x faster than ts-jest); `npm run typecheck` runs tsc.
const config: Config = {
  testEnvironment: 'node',
  // .mjs too: msw 2.11+ depends on ESM-only packages (rettime, until-async, @open-draft/deferred-promise)
  // that Jest's CommonJS runtime on Node < 24.9 loads only once they are transformed to CommonJS.
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', {}], '^.+\\.mjs$': ['@swc/jest', {}] },
  transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/reports/', '/docs/'],
  modulePathIgnorePatterns: ['<rootDir>/reports/', '<rootDir>/dist/'],
  // A watchdog against a hang, not a measure of speed: no test waits on the clock
  // (test/support/clock.ts; README.md, "Tests and the clock"), so a loaded machine only makes a run longer.
  testTimeout: WATCHDOG_MS,
  // Jest's default (cores - 1) is one worker on a 2-core CI machine; many test files mostly wait
  // on child processes (the mock, Prism, Redocly, Chromium), so two share the cores well.
  maxWorkers: Math.max(2, os.availableParallelism() - 1),
  // A worker that has run many files holds a large heap, and the in-process conformance runs that
  // follow it spend their time in GC: faults-state took 111 s instead of 30 s on a fresh clone.
  // Replacing a worker past this size after a file brought jest from 268 s to 219 s there.
  workerIdleMemoryLimit: '300MB',
  // Files marked `@slow` start first, also on a fresh machine without jest's timings.
  testSequencer: '<rootDir>/test/support/slow-first.cjs',
};

export default config;
