// The targets the figures are held to, as a table: each names its figure, its threshold and
// how to read it from the run.
import type { BenchFigures } from './figures';
import { fixed } from './markdown';
import type { StartFigures } from './start-time';
import { RATIO_TARGET as VALIDATION_RATIO } from './validate';
import { TARGET_RATIO as SANDBOX_RATIO } from './mock';

export interface GoalResult {
  goal: string;
  measured: string;
  target: string;
  met: boolean;
}

const SUITE_AGAINST_MOCK_MS = 15_000;
const SUITE_AGAINST_SANDBOX_MS = 30_000;
const SUITE_MIN_REQUESTS = 1500;
/** `npm start` to its first answer, against Prism alone: the front, tsx and the checks may add 15 %. */
const MOCK_START_TO_PRISM = 1.15;

/** The start-time goals, which a run of the start times alone (`npm run bench -- --starts`) can judge. */
export function evaluateStartGoals(starts: StartFigures[]): GoalResult[] {
  const mock = starts.find((start) => start.name === 'mock');
  const prism = starts.find((start) => start.name === 'prism');
  if (!mock || !prism) return [];
  const ratio = mock.medianFirstOkMs / prism.medianFirstOkMs;
  return [
    {
      goal: 'mock start / Prism alone, launch to first 200 (medians)',
      measured: `${fixed(ratio, 2)} (${fixed(mock.medianFirstOkMs, 0)} / ${fixed(prism.medianFirstOkMs, 0)} ms)`,
      target: `≤ ${MOCK_START_TO_PRISM}`,
      met: ratio <= MOCK_START_TO_PRISM,
    },
  ];
}

export function evaluateGoals(figures: BenchFigures): GoalResult[] {
  const results: GoalResult[] = [...evaluateStartGoals(figures.starts)];
  const suite = figures.conformance.find((suiteFigures) => suiteFigures.mode === 'mock');
  if (suite) {
    results.push({
      goal: 'conformance suite against the mock, wall time incl. mock start (median)',
      measured: `${fixed(suite.median.wallMs / 1000, 1)} s`,
      target: `≤ ${SUITE_AGAINST_MOCK_MS / 1000} s`,
      met: suite.median.wallMs <= SUITE_AGAINST_MOCK_MS,
    });
  }
  const sandbox = figures.conformance.find((suiteFigures) => suiteFigures.mode === 'sandbox');
  if (sandbox) {
    results.push({
      goal: 'conformance suite against the sandbox, default run: wall time incl. the sandbox start (median)',
      measured: `${fixed(sandbox.median.wallMs / 1000, 1)} s`,
      target: `≤ ${SUITE_AGAINST_SANDBOX_MS / 1000} s`,
      met: sandbox.median.wallMs <= SUITE_AGAINST_SANDBOX_MS,
    });
    results.push({
      goal: 'conformance suite against the sandbox, default run: requests (median)',
      measured: `${sandbox.median.requests}`,
      target: `≥ ${SUITE_MIN_REQUESTS}`,
      met: sandbox.median.requests >= SUITE_MIN_REQUESTS,
    });
  }
  const deployment = figures.conformance.find((suiteFigures) => suiteFigures.mode === 'deployment');
  if (deployment?.median.targetCpuMs !== undefined) {
    const targetUs = (deployment.median.targetCpuMs * 1000) / deployment.median.requests;
    results.push({
      goal: "suite's own CPU per exchange (checks, median) / the sandbox's CPU per request",
      measured: `${fixed(deployment.median.checksMedianUs, 1)} / ${fixed(targetUs, 0)} µs = ${fixed(deployment.median.checksMedianUs / targetUs, 2)}`,
      target: '≤ 1',
      met: deployment.median.checksMedianUs <= targetUs,
    });
  }
  for (const row of figures.throughput.rows.filter((r) => r.target === 'sandbox')) {
    const clean = Object.keys(row.server.non2xx).length === 0 && row.server.errors === 0;
    results.push({
      goal: `sandbox throughput / bare node:http, ${row.method} ${row.path}`,
      measured: `${fixed(row.ratio, 2)}${clean ? '' : ' (with non-2xx or errors: not valid)'}`,
      target: `≥ ${SANDBOX_RATIO}`,
      met: clean && row.ratio >= SANDBOX_RATIO,
    });
  }
  results.push({
    goal: 'validation of a municipality page / its JSON.parse',
    measured: fixed(figures.validation.ratio, 2),
    target: `≤ ${VALIDATION_RATIO}`,
    met: figures.validation.ratio <= VALIDATION_RATIO,
  });
  return results;
}
