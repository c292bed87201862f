/** @jest-config-loader esbuild-register */
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
  // Conformance scenarios (*.scenario.ts) are run by conformance/cli.ts through jest's runCLI, not by this config.
  modulePathIgnorePatterns: ['<rootDir>/reports/'],
  testTimeout: 30_000,
};

export default config;
