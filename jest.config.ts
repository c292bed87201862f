/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// @swc/jest only strips types (about 7x faster than ts-jest); `npm run typecheck` runs tsc.
const config: Config = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', {}] },
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/reports/', '/docs/'],
  // Conformance scenarios (*.scenario.ts) are run by conformance/cli.ts through jest's runCLI, not by this config.
  modulePathIgnorePatterns: ['<rootDir>/reports/'],
  testTimeout: 30_000,
};

export default config;
