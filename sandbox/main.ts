// `npm run sandbox`: starts the sandbox and prints one ready line
// `Sandbox listening on http://<host>:<port>` (tools parse it; with --port 0 it carries the
// real port), then the credential names and a first request to try.
import { stopWithParent } from '../protocol/lifetime';
import { banner } from './banner';
import { readDataFile } from './data-file';
import { staleProblem } from './freshness';
import { startSandbox, SandboxStartError, type RunningSandbox } from './node';
import { parseOptions, HELP, UsageError, type CliOptions } from './options';

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`sandbox: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  if (options.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  let data;
  try {
    data = options.dataFile === undefined ? undefined : readDataFile(options.dataFile);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`sandbox: ${error.message}\n`);
    process.exit(2);
  }
  const stale = staleProblem();
  if (stale) {
    process.stderr.write(`sandbox: ${stale}\n`);
    process.exit(1);
  }
  let sandbox: RunningSandbox | undefined;
  // Before the banner: whoever reads it may stop the sandbox (or exit) the moment it is printed.
  stopWithParent(() => void (sandbox?.close() ?? Promise.resolve()).then(() => process.exit(0)));
  try {
    sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      strict: options.strict,
      credentials: options.credentials,
      accessLog: options.accessLog,
      limits: options.limits,
      latency: options.latency,
      faults: options.faults,
      data,
    });
    process.stdout.write(`${banner(options, sandbox.url).join('\n')}\n`);
  } catch (error) {
    if (error instanceof SandboxStartError) {
      process.stderr.write(`sandbox: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The process entry (also `contract-kit sandbox`): reads process.argv and the environment. */
export function cli(): void {
  void main();
}

if (require.main === module) cli();
