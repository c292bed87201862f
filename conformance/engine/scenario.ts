// Scenarios are plain async functions grouped by area. The jest scenario files and the in-process
// runner (used by the suite's own tests) both run them through runScenario.
import { NoResponse } from './request';
import { createRun, type Run } from './run';
import type { RecordedResults } from './recorder';
import { fail, type AreaName, type RunConfig } from './types';

export interface Scenario {
  name: string;
  run(run: Run): Promise<void>;
}

export interface Area {
  name: AreaName;
  scenarios: Scenario[];
}

/** Runs one scenario; a crash becomes a `scenario_completed` failure instead of stopping the run. */
export async function runScenario(scenario: Scenario, run: Run): Promise<void> {
  try {
    await scenario.run(run);
  } catch (error) {
    // No response: already recorded as a response_received failure; the scenario cannot go on.
    if (error instanceof NoResponse) return;
    const message = error instanceof Error ? (error.stack ?? error.message).split('\n').slice(0, 3).join(' | ') : String(error);
    run.record('scenario_completed', '-', fail(`scenario "${scenario.name}" stopped: ${message}`));
  }
}

export async function runArea(area: Area, run: Run): Promise<void> {
  await Promise.all(area.scenarios.map((scenario) => runScenario(scenario, run)));
}

/** All selected areas in one process, without jest (the suite's own tests use this). */
export async function runAreas(config: RunConfig, areas: Area[]): Promise<RecordedResults> {
  const run = createRun(config);
  try {
    await Promise.all(areas.filter((area) => config.areas.includes(area.name)).map((area) => runArea(area, run)));
  } finally {
    await run.cleanup();
  }
  return run.recorder.results();
}
