// `npm run conformance` / `npx conformance`: mock mode without a target (starts the Prism mock
// on a free loopback port), live mode with --base-url / CONFORMANCE_BASE_URL, and `replay
// <failures.json>`. See --help.
import fs from 'node:fs';
import path from 'node:path';
import { applyBaseline, baselineOf, parseBaseline, type BaselineFile } from './baseline/baseline';
import { readStored } from './engine/bodies';
import { createRedactor, redactorFor, type Redactor } from './engine/redact';
import { Interrupted } from './engine/stop';
import { HELP, parseOptions, UsageError, type Options } from './options';
import { renderConsole, describeTarget } from './report/console';
import { parseFailures } from './report/failures';
import { buildReport, judgedOnly } from './report/model';
import { writeReports } from './report/write';
import { showProgress } from './progress/render';
import { recordHar } from './traffic/har';
import { judgeTraffic as judgeEntries } from './traffic/judge';
import { startProxy } from './traffic/proxy';
import { readTraffic, type TrafficEntry } from './traffic/read';
import { reportTraffic } from './traffic/report';
import { replayFailures } from './replay';
import { runSuite } from './suite';
import { preflight } from './preflight';
import { startMock, startSandbox, TargetError, type RunningServer } from './targets';

const EXIT = { pass: 0, fail: 1, usage: 2, sigint: 130, sigterm: 143 } as const;
/** How long a stopped run may take to write its reports before the process exits without them. */
const STOP_GRACE_MS = 1500;
const SECRETS = ['CONFORMANCE_TOKEN', 'CONFORMANCE_LIMITED_TOKEN', 'CONFORMANCE_SESSION_ID'];

function fail(redact: Redactor, message: string, code: number): never {
  console.error(redact(`conformance: ${message}`));
  process.exit(code);
}


export async function main(argv = process.argv.slice(2)): Promise<void> {
  let parsed: Options | 'help';
  const early = createRedactor(SECRETS.map((name) => process.env[name]));
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
  const { config, reportDir, start, replay, quiet } = parsed;
  if (parsed.traffic) return judgeTraffic(parsed, parsed.traffic);
  let baseline: BaselineFile | undefined;
  if (parsed.baseline) {
    try {
      baseline = parseBaseline(fs.readFileSync(parsed.baseline, 'utf8'), path.relative(process.cwd(), parsed.baseline));
    } catch (error) {
      fail(early, (error as NodeJS.ErrnoException).code === 'ENOENT' ? `the baseline ${parsed.baseline} does not exist (write one with --write-baseline)` : (error as Error).message, EXIT.usage);
    }
  }
  const redact = redactorFor(config, early.secrets);
  const print = (text: string) => console.log(redact(text));
  let failures;
  if (replay) {
    try {
      const readBody = (file: string) => {
        if (!/^bodies\/[\w.-]+$/.test(file)) throw new Error(`not a body file: ${file}`);
        return readStored(file, fs.readFileSync(path.join(path.dirname(replay), file)));
      };
      failures = parseFailures(fs.readFileSync(replay, 'utf8'), path.relative(process.cwd(), replay), readBody);
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${replay} does not exist` : (error as Error).message;
      fail(redact, reason, EXIT.usage);
    }
    // The replay reports under the seed of the run it replays, so its hint names that run's seed.
    config.seed = failures.seed;
  }

  let target: RunningServer | undefined;
  const exitNow = (code: number) => void (target?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
  // Once the phases run, a signal or the deadline stops them at once and the reports of what was
  // judged follow; before that (a target starting, the preflight) there is nothing to report.
  const stop = new AbortController();
  let running = false;
  let stopped: { reason: string; code: number } | undefined;
  let grace: NodeJS.Timeout | undefined;
  const stopRun = (reason: string, code: number) => {
    if (!running) {
      console.error(`conformance: ${reason} before any case was sent`);
      return exitNow(code);
    }
    console.error(`conformance: ${reason}: stopping; the reports will hold what was judged so far`);
    stopped = { reason, code };
    stop.abort(new Interrupted(reason));
    // The run ends within moments; if it has not stopped by then, exit without reports.
    grace = setTimeout(() => {
      console.error(`conformance: ${reason}; the run did not stop within ${STOP_GRACE_MS / 1000} s, exiting without reports`);
      exitNow(code);
    }, STOP_GRACE_MS).unref();
  };
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGINT' ? EXIT.sigint : EXIT.sigterm;
    // A second signal: at once.
    if (stop.signal.aborted) return exitNow(code);
    stopRun(`interrupted by ${signal}`, code);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (parsed.deadlineS) setTimeout(() => stopRun(`the deadline of ${parsed.deadlineS} s (--deadline) passed`, EXIT.usage), parsed.deadlineS * 1000).unref();

  try {
    if (start) {
      target = start === 'mock' ? await startMock() : await startSandbox(config);
      config.baseUrl = target.url;
    }
    const problems = await preflight(config);
    if (problems.length) {
      await target?.stop();
      for (const problem of problems) console.error(redact(`conformance: ${problem}`));
      process.exit(EXIT.usage);
    }
    const what = failures ? `replay of ${failures.failures.length} failure(s) from run ${failures.runId} · ` : '';
    print(`Conformance: ${what}${describeTarget({ ...config })}`);
    const display = quiet || failures ? undefined : showProgress(config.budget, process.stderr);
    const recorder = parsed.har ? recordHar((request) => fetch(request), redact) : undefined;
    const fetchOption = { ...(recorder && { fetch: recorder.fetch }), stop: stop.signal };
    running = true;
    const { results, durationMs, leftBehind } = failures ? await replayFailures(config, failures, fetchOption) : await runSuite(config, { progress: display?.tracker, ...fetchOption });
    // Stopped: the grace bounded the wait on the deployment; writing the reports takes what it takes.
    clearTimeout(grace);
    display?.stop();
    if (recorder && parsed.har) {
      fs.mkdirSync(path.dirname(parsed.har), { recursive: true });
      fs.writeFileSync(parsed.har, recorder.har());
    }
    const full = buildReport(config, results, durationMs);
    const judged = failures ? judgedOnly(full) : full;
    const report = baseline ? applyBaseline(judged, baseline, path.relative(process.cwd(), parsed.baseline!)) : judged;
    if (parsed.writeBaseline) {
      fs.mkdirSync(path.dirname(parsed.writeBaseline), { recursive: true });
      fs.writeFileSync(parsed.writeBaseline, redact(`${JSON.stringify(baselineOf(report), null, 2)}\n`));
    }
    const files = writeReports(reportDir, report, redact).map((file) => {
      const relative = path.relative(process.cwd(), file);
      return relative.startsWith('..') ? file : relative;
    });
    print('');
    print(renderConsole(report, files));
    if (parsed.writeBaseline) print(`Baseline written: ${path.relative(process.cwd(), parsed.writeBaseline)} (${baselineOf(report).entries.length} failure case(s))`);
    process.exitCode = report.verdict === 'pass' ? EXIT.pass : EXIT.fail;
    if (stopped) {
      const left = leftBehind ? `; ${leftBehind} watchdog(s) it created were not deactivated (named conformance-${config.runId}-…)` : '';
      console.error(`conformance: ${stopped.reason}: the run stopped before its end; the reports hold what was judged${left}`);
      // A signal exits as signals do; the deadline as a target too slow to judge, unless a rule already failed.
      process.exitCode = stopped.code !== EXIT.usage ? stopped.code : report.verdict === 'pass' ? EXIT.usage : EXIT.fail;
    }
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

/** `judge <files…>` and `proxy --upstream <url>`: traffic the suite did not send, judged by its rules. */
async function judgeTraffic(options: Options, traffic: NonNullable<Options['traffic']>): Promise<void> {
  const redact = createRedactor(SECRETS.map((name) => process.env[name]));
  const started = performance.now();
  if (traffic.kind === 'judge') {
    const entries: TrafficEntry[] = [];
    for (const file of traffic.files) {
      const name = path.relative(process.cwd(), file);
      try {
        entries.push(...readTraffic(fs.readFileSync(file, 'utf8'), name));
      } catch (error) {
        fail(redact, (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${name} does not exist` : (error as Error).message, EXIT.usage);
      }
    }
    const outcome = reportTraffic(judgeEntries(entries, redact), `traffic from ${traffic.files.map((f) => path.relative(process.cwd(), f)).join(', ')}`, options.reportDir, redact, options.minCoverage, performance.now() - started);
    console.log(outcome.text);
    process.exitCode = outcome.exitCode;
    return;
  }
  let proxy;
  try {
    proxy = await startProxy(traffic.upstream, traffic.port, redact);
  } catch (error) {
    fail(redact, `cannot listen on port ${traffic.port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, EXIT.usage);
  }
  console.log(`Conformance proxy listening on ${proxy.url} → ${traffic.upstream}; Ctrl-C (or SIGTERM) stops it and writes the reports`);
  const running = proxy;
  await new Promise<void>((resolve) => {
    const stop = () => void running.stop().then((judgement) => {
      const outcome = reportTraffic(judgement, `proxy in front of ${traffic.upstream}`, options.reportDir, redact, options.minCoverage, performance.now() - started);
      console.log(outcome.text);
      process.exitCode = outcome.exitCode;
      resolve();
    });
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/** The process entry: runs main, prints an unexpected error as one redacted line, and exits. */
export function cli(): void {
  main()
    .then(() => process.exit(process.exitCode ?? 0))
    .catch((error: unknown) => {
      const redact = createRedactor(SECRETS.map((name) => process.env[name]));
      console.error(redact(`conformance: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
      process.exit(EXIT.fail);
    });
}

if (require.main === module) cli();
