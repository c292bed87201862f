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
import { parseFailures, type FailuresFile } from './report/failures';
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

/**
 * 0 PASS, 1 FAIL (a rule failed, however far the run got), 2 a usage error or set-up mistake
 * (nothing judged), 3 INCOMPLETE (cut short by --deadline or a phase stopped before its end, and
 * nothing failed in what was judged), 130/143 stopped by SIGINT/SIGTERM (the reports say what was
 * judged, INCOMPLETE or FAIL).
 */
export const EXIT = { pass: 0, fail: 1, usage: 2, incomplete: 3, sigint: 130, sigterm: 143 } as const;
/** How long the phases of a stopped run may take to end before the process exits without reports: a bound on a phase that hangs, not a wait (they end in moments, seconds on a loaded machine; a second signal exits at once). */
const STOP_GRACE_MS = 10_000;
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
  if (parsed.traffic) return judgeTraffic(parsed, parsed.traffic);
  const failures = parsed.replay ? readFailures(parsed.replay, early) : undefined;
  if (failures && parsed.replayTarget === 'recorded') {
    // Where the failures happened: the recorded base URL, or a fresh mock or sandbox as the run started.
    const recorded = failures.started === 'sandbox' ? ['--sandbox'] : failures.started === 'mock' || failures.mode === 'mock' ? ['--mock'] : ['--base-url', failures.baseUrl, ...(failures.writes ? ['--writes'] : [])];
    try {
      parsed = { ...(parseOptions([...argv, ...recorded], process.env) as Options), replayTarget: 'recorded' };
    } catch (error) {
      if (error instanceof UsageError) fail(early, `${failures.mode === 'live' && !failures.started ? `the failures were recorded against ${failures.baseUrl}, where the replay goes: ` : ''}${error.message}`, EXIT.usage);
      throw error;
    }
  }
  const { config, reportDir, start, quiet } = parsed;
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
  // The replay reports under the seed of the run it replays, so its hint names that run's seed.
  if (failures) config.seed = failures.seed;

  let target: RunningServer | undefined;
  const exitNow = (code: number) => void (target?.stop() ?? Promise.resolve()).finally(() => process.exit(code));
  // Once the phases run, a signal or the deadline stops them at once; what the run created is
  // deactivated, then the reports of what was judged follow. Before that (a target starting, the
  // preflight) there is nothing to report.
  const stop = new AbortController();
  let running = false;
  let stopped: { reason: string; code?: number } | undefined;
  let grace: NodeJS.Timeout | undefined;
  const stopRun = (reason: string, code?: number) => {
    if (!running) {
      console.error(`conformance: ${reason} before any case was sent`);
      return exitNow(code ?? EXIT.usage);
    }
    console.error(`conformance: ${reason}: stopping; the reports will hold what was judged so far`);
    stopped = { reason, code };
    stop.abort(new Interrupted(reason));
    // The run ends within moments; if it has not stopped by then, exit without reports.
    grace = setTimeout(() => {
      console.error(`conformance: ${reason}; the run did not stop within ${STOP_GRACE_MS / 1000} s, exiting without reports`);
      exitNow(code ?? EXIT.incomplete);
    }, STOP_GRACE_MS);
    grace.unref();
  };
  /** The phases have ended: the clean-up may take as long as it needs, a second signal ends it. */
  const onCleanup = (pending: number) => {
    if (!stopped) return;
    clearTimeout(grace);
    if (pending > 0) console.error(`conformance: deactivating the ${pending} watchdog(s) this run created (a second ${stopped.code === EXIT.sigterm ? 'SIGTERM' : stopped.code === EXIT.sigint ? 'Ctrl-C' : 'signal'} exits at once and leaves them)`);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    const code = signal === 'SIGINT' ? EXIT.sigint : EXIT.sigterm;
    // A second signal: at once.
    if (stop.signal.aborted) return exitNow(code);
    stopRun(`interrupted by ${signal}`, code);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  if (parsed.deadlineS) setTimeout(() => stopRun(`the deadline of ${parsed.deadlineS} s (--deadline) passed`), parsed.deadlineS * 1000).unref();

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
    if (failures) print(`  ${replayTarget(parsed, failures, config.baseUrl)}`);
    const display = quiet || failures ? undefined : showProgress(config.budget, process.stderr);
    const recorder = parsed.har ? recordHar((request) => fetch(request), redact) : undefined;
    const fetchOption = { ...(recorder && { fetch: recorder.fetch }), stop: stop.signal, onCleanup };
    running = true;
    const { results, durationMs, leftBehind, incomplete } = failures ? await replayFailures(config, failures, fetchOption) : await runSuite(config, { progress: display?.tracker, ...fetchOption });
    // Stopped: the grace bounded the wait on the deployment; writing the reports takes what it takes.
    clearTimeout(grace);
    display?.stop();
    if (recorder && parsed.har) {
      fs.mkdirSync(path.dirname(parsed.har), { recursive: true });
      fs.writeFileSync(parsed.har, recorder.har());
    }
    const full = { ...buildReport(config, results, durationMs, incomplete), ...(start && { started: start }) };
    const judged = failures ? judgedOnly(full) : full;
    const report = baseline ? applyBaseline(judged, baseline, path.relative(process.cwd(), parsed.baseline!)) : judged;
    const written = parsed.writeBaseline ? baselineOf(report, baseline) : undefined;
    if (parsed.writeBaseline) {
      fs.mkdirSync(path.dirname(parsed.writeBaseline), { recursive: true });
      fs.writeFileSync(parsed.writeBaseline, redact(`${JSON.stringify(written, null, 2)}\n`));
    }
    const files = writeReports(reportDir, report, redact).map((file) => {
      const relative = path.relative(process.cwd(), file);
      return relative.startsWith('..') ? file : relative;
    });
    print('');
    print(renderConsole(report, files));
    if (parsed.writeBaseline) {
      print(`Baseline written: ${path.relative(process.cwd(), parsed.writeBaseline)} (${written!.entries.length} failure(s); add a reason, an owner and an expiry date to each as you ticket them)`);
      if (report.incomplete) print('  The run was INCOMPLETE: the baseline lists only the failures of what was judged; write it from a whole run.');
    }
    // A failure found is a failure however the run ended; a run cut short is never a PASS.
    process.exitCode = { pass: EXIT.pass, fail: EXIT.fail, incomplete: EXIT.incomplete }[report.verdict];
    if (stopped) {
      const left = leftBehind ? `; ${leftBehind} watchdog(s) it created could not be deactivated (named conformance-${config.runId}-…)` : '';
      console.error(`conformance: ${stopped.reason}: the run stopped before its end; the reports hold what was judged (INCOMPLETE)${left}`);
      // A signal exits as signals do.
      if (stopped.code !== undefined) process.exitCode = stopped.code;
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

/** The failures file a replay re-sends, or one line naming what is wrong with it (exit 2). */
function readFailures(file: string, redact: Redactor): FailuresFile {
  try {
    const readBody = (name: string) => {
      if (!/^bodies\/[\w.-]+$/.test(name)) throw new Error(`not a body file: ${name}`);
      return readStored(name, fs.readFileSync(path.join(path.dirname(file), name)));
    };
    return parseFailures(fs.readFileSync(file, 'utf8'), path.relative(process.cwd(), file), readBody);
  } catch (error) {
    fail(redact, (error as NodeJS.ErrnoException).code === 'ENOENT' ? `${file} does not exist` : (error as Error).message, EXIT.usage);
  }
}

/** Where a replay goes, said in its header: where the failures happened, or what the command line chose instead. */
function replayTarget(options: Options, failures: FailuresFile, url: string): string {
  const recorded = failures.started ? `a ${failures.started === 'sandbox' ? 'sandbox' : 'Prism mock'} the run started` : failures.mode === 'mock' ? 'the Prism mock' : failures.baseUrl;
  switch (options.replayTarget) {
    case 'mock':
      return `against a fresh Prism mock (--mock), not where the failures happened (${recorded}): it says nothing of that deployment`;
    case 'sandbox':
      return `against a fresh sandbox (--sandbox)${failures.started === 'sandbox' ? ', as the run started one' : `, not where the failures happened (${recorded})`}`;
    case 'given':
      return url === failures.baseUrl ? `against ${url}, where the failures happened` : `against ${url} (--base-url / CONFORMANCE_BASE_URL), not where the failures happened (${recorded})`;
    default:
      return failures.started ? `against a fresh ${failures.started === 'sandbox' ? 'sandbox' : 'Prism mock'}, as the run started one` : failures.mode === 'mock' ? 'against the Prism mock, as the run' : `against ${url}, where the failures happened (as recorded in the file; --base-url sends them elsewhere)`;
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
