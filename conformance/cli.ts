// `npm run conformance` / `npx conformance`: mock mode without a target (starts the Prism mock
// on a free loopback port), live mode with --base-url / CONFORMANCE_BASE_URL. See --help.
import { runScenarios } from './jest/run-jest';
import { createRedactor, type Redactor } from './engine/redact';
import { renderConsole, describeTarget } from './report/console';
import { buildReport } from './report/model';
import { writeReports } from './report/write';
import { HELP, parseOptions, UsageError, type Options } from './options';
import { probe, startMock, startSandbox, TargetError, type RunningServer } from './targets';
import path from 'node:path';

const EXIT = { pass: 0, fail: 1, usage: 2 } as const;

function fail(redact: Redactor, message: string, code: number): never {
  console.error(redact(`conformance: ${message}`));
  process.exit(code);
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  let parsed: Options | 'help';
  const early = createRedactor([process.env.CONFORMANCE_TOKEN, process.env.CONFORMANCE_LIMITED_TOKEN, process.env.CONFORMANCE_SESSION_ID]);
  try {
    parsed = parseOptions(argv, process.env);
  } catch (error) {
    if (error instanceof UsageError) fail(early, error.message, EXIT.usage);
    throw error;
  }
  if (parsed === 'help') {
    console.log(HELP);
    return;
  }
  const { config, reportDir, start } = parsed;
  const redact = createRedactor([config.token, config.limitedToken, config.sessionId, ...early.secrets]);
  const print = (text: string) => console.log(redact(text));
  const startedAt = Date.now();

  let target: RunningServer | undefined;
  const stopAndExit = (code: number) => void (target?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
  process.once('SIGINT', () => stopAndExit(130));
  process.once('SIGTERM', () => stopAndExit(143));

  try {
    if (start) {
      target = start === 'mock' ? await startMock() : await startSandbox(config);
      config.baseUrl = target.url;
    }
    await probe(config.baseUrl, config.runId, config.timeoutMs);
    print(`Conformance: ${describeTarget(config)}`);
    const results = await runScenarios(config, redact);
    const report = buildReport(config, results, Date.now() - startedAt);
    const files = writeReports(reportDir, report, redact).map((file) => {
      const relative = path.relative(process.cwd(), file);
      return relative.startsWith('..') ? file : relative;
    });
    print('');
    print(renderConsole(report, files));
    process.exitCode = report.verdict === 'pass' ? EXIT.pass : EXIT.fail;
  } catch (error) {
    if (error instanceof TargetError) {
      await target?.stop();
      fail(redact, error.message, EXIT.usage);
    }
    throw error;
  } finally {
    await target?.stop();
  }
}

/** The process entry: runs main, prints an unexpected error as one redacted line, and exits. */
export function cli(): void {
  main()
    .then(() => process.exit(process.exitCode ?? 0))
    .catch((error: unknown) => {
      const redact = createRedactor([process.env.CONFORMANCE_TOKEN, process.env.CONFORMANCE_LIMITED_TOKEN, process.env.CONFORMANCE_SESSION_ID]);
      console.error(redact(`conformance: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
      process.exit(EXIT.fail);
    });
}

if (require.main === module) cli();
