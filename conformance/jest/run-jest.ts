// Runs the selected areas' scenario files with jest (programmatically, in this process) and
// collects their findings. The scenario files are named *.scenario.ts so the root jest config,
// which matches *.test.ts, never runs them against nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runCLI } from 'jest';
import { mergeResults, type RecordedResults } from '../engine/recorder';
import type { Redactor } from '../engine/redact';
import type { RunConfig } from '../engine/types';
import { CONFIG_ENV, RESULTS_ENV } from './define-area';

const ROOT = path.resolve(__dirname, '..', '..');

export function jestConfig(config: RunConfig) {
  return {
    rootDir: ROOT,
    roots: ['<rootDir>/conformance/scenarios'],
    testMatch: config.areas.map((area) => `**/${area}.scenario.ts`),
    transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', {}] },
    testEnvironment: 'node',
    // Scenarios of one area run side by side; the transport caps requests in flight.
    maxConcurrency: 32,
    // Per-request timeouts bound each request; this bounds a scenario (walks, 429 waits).
    testTimeout: Math.max(120_000, config.timeoutMs * 40),
    watchman: false,
  };
}

export async function runScenarios(config: RunConfig, redact: Redactor): Promise<RecordedResults> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'conformance-'));
  process.env[CONFIG_ENV] = JSON.stringify(config);
  process.env[RESULTS_ENV] = dir;
  try {
    const { results } = await runCLI(
      { _: [], $0: 'conformance', config: JSON.stringify(jestConfig(config)), runInBand: true, silent: true, reporters: [], ci: true, cache: true } as never,
      [ROOT],
    );
    const parts = fs.readdirSync(dir).map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as RecordedResults);
    // A scenario file that could not load (or a jest-level failure) must not pass silently.
    const crashes: RecordedResults['findings'] = results.testResults
      .filter((file) => file.testExecError || file.failureMessage)
      .map((file) => ({
        rule: 'scenario_completed',
        operationId: '-',
        outcome: 'fail',
        message: redact(`${path.basename(file.testFilePath)}: ${(file.testExecError?.message ?? file.failureMessage ?? '').split('\n').slice(0, 4).join(' ')}`),
      }));
    if (results.numTotalTestSuites === 0) {
      crashes.push({ rule: 'scenario_completed', operationId: '-', outcome: 'fail', message: 'jest found no scenario files to run' });
    }
    return mergeResults([...parts, { findings: crashes, observed: {}, skippedWrites: [] }]);
  } finally {
    delete process.env[CONFIG_ENV];
    delete process.env[RESULTS_ENV];
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
