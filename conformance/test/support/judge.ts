// Runs the suite against a deployment as the CLI does, then replays its failures.json against
// the same deployment: what the faults tests and the seed test assert on.
import { parseFailures, failuresFile } from '../../report/failures';
import { buildReport, type Report } from '../../report/model';
import { replayFailures } from '../../replay';
import { runSuite } from '../../suite';
import type { FetchLike } from '../../engine/transport';
import type { RunConfig } from '../../engine/types';
import { liveConfig } from './sandbox';

export { outcomeOf } from '../../../strength/measure';

export async function judge(fetch: FetchLike, overrides: Partial<RunConfig> = {}): Promise<Report> {
  const config = liveConfig(undefined, overrides);
  const { results, durationMs } = await runSuite(config, { fetch });
  return buildReport(config, results, durationMs);
}

/** The failures of a report, written and read back as failures.json, replayed against the deployment. */
export async function replay(fetch: FetchLike, report: Report, overrides: Partial<RunConfig> = {}): Promise<Report> {
  const config = liveConfig(undefined, { ...overrides, runId: 'replay' });
  const file = parseFailures(JSON.stringify(failuresFile(report)), 'failures.json');
  const { results, durationMs } = await replayFailures(config, file, { fetch });
  return buildReport(config, results, durationMs);
}

export const failing = (report: Report) => report.lines.filter((line) => line.outcome === 'fail').map((line) => `${line.rule} ${line.operationId}: ${line.message}`);
