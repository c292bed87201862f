// `npm run sandbox`: starts the sandbox and prints one ready line
// `Sandbox listening on http://<host>:<port>` (tools parse it; with --port 0 it carries the
// real port), then the credential names and a first request to try.
import { banner } from './banner';
import { staleProblem } from './freshness';
import { startSandbox, SandboxStartError } from './node';
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
  const stale = staleProblem();
  if (stale) {
    process.stderr.write(`sandbox: ${stale}\n`);
    process.exit(1);
  }
  try {
    const sandbox = await startSandbox({
      host: options.host,
      port: options.port,
      strict: options.strict,
      credentials: options.credentials,
      accessLog: options.accessLog,
      limits: options.limits,
      latency: options.latency,
      faults: options.faults,
    });
    process.stdout.write(`${banner(options, sandbox.url).join('\n')}\n`);
    const stop = () => {
      void sandbox.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    if (error instanceof SandboxStartError) {
      process.stderr.write(`sandbox: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

void main();
