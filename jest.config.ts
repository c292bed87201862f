/** @jest-config-loader esbuild-register */
import os from 'node:os';
import type { Config } from 'jest';

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
  testTimeout: 30_000,
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
