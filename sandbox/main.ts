// `npm run sandbox`: starts the sandbox and prints one ready line
// `Sandbox listening on http://<host>:<port>` (tools parse it; with --port 0 it carries the
// real port), then the credential names and a first request to try.
import type { Credentials } from './core';
import { staleProblem } from './freshness';
import { startSandbox, SandboxStartError } from './node';
import { CREDENTIAL_ENV, CREDENTIAL_USE, parseOptions, HELP, UsageError, type CliOptions } from './options';

function banner(options: CliOptions, url: string): string[] {
  const names = Object.keys(CREDENTIAL_ENV) as (keyof Credentials)[];
  const width = Math.max(...names.map((k) => CREDENTIAL_ENV[k].length));
  return [
    `Sandbox listening on ${url}`,
    `Credentials (${options.customCredentials.length ? 'some set from the environment' : 'sandbox defaults, see sandbox/README.md'}):`,
    ...names.map((k) => `  ${CREDENTIAL_ENV[k].padEnd(width)}  ${CREDENTIAL_USE[k]}${options.customCredentials.includes(k) ? ' (from environment)' : ''}`),
    `Strict contract checks: ${options.strict ? 'on' : 'off (--strict to enable)'}`,
    ...Object.entries(options.limits).map(([key, value]) => `Limit set: ${key} = ${value}`),
    `Try: curl -H "Authorization: Bearer <${CREDENTIAL_ENV.token}>" '${url}/api/v1/municipalities/?country_code=AT'`,
    'Stop with Ctrl+C.',
  ];
}

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

/** The process entry (also `contract-kit sandbox`): reads process.argv and the environment. */
export function cli(): void {
  void main();
}

if (require.main === module) cli();
