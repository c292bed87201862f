// Used by the *.scenario.ts files: turns an area's scenarios into concurrent jest tests against
// the target the CLI configured, and hands the findings back through a results file.
import fs from 'node:fs';
import path from 'node:path';
import { createRun } from '../engine/run';
import { runScenario, type Area } from '../engine/scenario';
import type { RunConfig } from '../engine/types';

/** Set by the CLI for the jest run only (kept in memory: the environment of this process). */
export const CONFIG_ENV = 'CONFORMANCE_RUN_CONFIG';
export const RESULTS_ENV = 'CONFORMANCE_RESULTS_DIR';

function readConfig(): { config: RunConfig; resultsDir: string } {
  const raw = process.env[CONFIG_ENV];
  const resultsDir = process.env[RESULTS_ENV];
  if (!raw || !resultsDir) throw new Error('conformance scenarios run through `npm run conformance` (conformance/cli.ts), not directly');
  return { config: JSON.parse(raw) as RunConfig, resultsDir };
}

export function defineArea(area: Area): void {
  const { config, resultsDir } = readConfig();
  const run = createRun(config);
  describe(`${area.name} (${config.mode} mode)`, () => {
    // A scenario's verdicts are findings, not assertions: the test fails only if the scenario
    // itself could not run, which runScenario records as scenario_completed.
    for (const scenario of area.scenarios) test.concurrent(scenario.name, () => runScenario(scenario, run));
  });
  afterAll(async () => {
    await run.cleanup();
    fs.writeFileSync(path.join(resultsDir, `${area.name}.json`), JSON.stringify(run.recorder.results()));
  });
}
