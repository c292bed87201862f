// `npm test`: every check of the project, in order, with one closing line `N passed, N failed`.
// Jest steps count their test cases (from jest's JSON report); every other step counts as one.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { START_TIMEOUT_VARIABLE } from '../protocol/start-timeout';
import { PAST_WATCHDOG_MS } from '../test/support/clock';
import { canScan, reapLeftovers, RUN_MARKER } from './leftovers';

interface Step {
  name: string;
  command: string[];
  /** Set for jest runs: the JSON report whose test counts replace the step's single verdict. */
  jestReport?: string;
}

const ROOT = path.resolve(__dirname, '..');
const REPORTS = path.join(ROOT, 'reports');
// `node --import tsx` loads TypeScript in the one process (the tsx CLI spawns a second Node).
const tsx = (script: string, ...args: string[]) => [process.execPath, '--import', 'tsx', script, ...args];
const jest = (report: string, ...args: string[]) => [
  process.execPath, require.resolve('jest/bin/jest'), '--json', `--outputFile=${report}`, ...args,
];

const jestReport = path.join(REPORTS, 'jest.json');
// Every process this run starts inherits the marker; the last check finds any that outlived it.
const RUN_ID = `${process.pid}-${randomBytes(6).toString('hex')}`;
// A server a step starts (Prism, the suite's target) may take what a loaded machine needs to
// start: the steps fail on a verdict, never on the clock (test/support/clock.ts).
const STEP_ENV = { [START_TIMEOUT_VARIABLE]: String(PAST_WATCHDOG_MS), ...process.env, [RUN_MARKER]: RUN_ID };

// Conformance runs write JUnit, summary.md and coverage.json under reports/ for CI to upload.
const STEPS: Step[] = [
  { name: 'lint:contract', command: tsx('scripts/lint-contract.ts') },
  { name: 'check:generated', command: tsx('scripts/generate/main.ts', '--check') },
  { name: 'check:docs', command: tsx('scripts/docs/build.ts', '--check') },
  { name: 'typecheck', command: [process.execPath, require.resolve('typescript/bin/tsc'), '--noEmit'] },
  { name: 'jest', command: jest(jestReport), jestReport },
  { name: 'conformance: Prism mock', command: tsx('conformance/cli.ts', '--report', 'reports/conformance-mock') },
  { name: 'coverage:gate', command: tsx('scripts/coverage/main.ts', '--coverage', 'reports/conformance-mock/coverage.json') },
  // The sandbox with its default credentials, live mode, writes on: issue 5's acceptance run.
  { name: 'conformance: sandbox', command: tsx('conformance/cli.ts', '--sandbox', '--report', 'reports/conformance-sandbox') },
  // Against BREAKING_BASE or the merge base with origin/main; says so and passes in a shallow clone.
  { name: 'breaking', command: tsx('scripts/breaking/main.ts', '--if-history') },
];

interface Tally { passed: number; failed: number; skipped: number }

function runStep(step: Step): Tally {
  console.log(`\n▶ ${step.name}`);
  if (step.jestReport) fs.rmSync(step.jestReport, { force: true });
  const started = performance.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), { cwd: ROOT, stdio: 'inherit', env: STEP_ENV });
  const ok = result.status === 0;
  // Where a slow CI spends its minutes, step by step.
  console.log(`${ok ? '✓' : '✗'} ${step.name} (${seconds(performance.now() - started)})`);
  if (step.jestReport && fs.existsSync(step.jestReport)) {
    const report = JSON.parse(fs.readFileSync(step.jestReport, 'utf8')) as {
      numPassedTests: number; numFailedTests: number; numPendingTests: number; numFailedTestSuites: number;
    };
    // A suite that fails to load has no failed tests; count it so it cannot pass silently.
    const failed = report.numFailedTests + (report.numFailedTests === 0 && !ok ? Math.max(1, report.numFailedTestSuites) : 0);
    return { passed: report.numPassedTests, failed, skipped: report.numPendingTests };
  }
  return ok ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The last check: no process this run started is still alive (each one found is named, then killed). */
async function noLeftovers(): Promise<Tally> {
  const name = 'no processes left';
  console.log(`\n▶ ${name}`);
  if (!canScan()) {
    console.log(`- ${name}: skipped, this system has no /proc to find processes by their environment`);
    return { passed: 0, failed: 0, skipped: 1 };
  }
  const left = await reapLeftovers(RUN_ID);
  for (const { pid, command } of left) console.log(`  still running, now killed: pid ${pid}: ${command.slice(0, 300)}`);
  console.log(`${left.length === 0 ? '✓' : '✗'} ${name}${left.length ? ` (${left.length} left behind)` : ''}`);
  return left.length === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

async function main(): Promise<void> {
  const started = performance.now();
  fs.mkdirSync(REPORTS, { recursive: true });
  const total: Tally = { passed: 0, failed: 0, skipped: 0 };
  const failedSteps: string[] = [];
  const record = (name: string, tally: Tally) => {
    total.passed += tally.passed;
    total.failed += tally.failed;
    total.skipped += tally.skipped;
    if (tally.failed > 0) failedSteps.push(name);
  };
  for (const step of STEPS) record(step.name, runStep(step));
  record('no processes left', await noLeftovers());
  console.log(`\nsteps: ${STEPS.length + 1}; failed steps: ${failedSteps.length ? failedSteps.join(', ') : 'none'}; ${seconds(performance.now() - started)}`);
  console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exit(total.failed > 0 ? 1 : 0);
}

void main();
