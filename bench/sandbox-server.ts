// The sandbox as the throughput benchmarks run it: the same server as `npm run sandbox`
// (startSandbox, same flags and SANDBOX_* variables), except that the cap on stored watchdogs
// is lifted. The CLI has no option for the cap (mock/sandbox/limits.ts, default 1000), and a
// create benchmark stores one watchdog per request: with the cap it would measure 409s.
// Usage: npx tsx bench/sandbox-server.ts [sandbox options]; prints the sandbox's ready line.
import { parseOptions } from '../mock/sandbox/options';
import { startSandbox } from '../mock/sandbox/server';

/** Far above what a bounded run creates (~10^4–10^5 watchdogs, a few hundred bytes each). */
const WATCHDOG_CAP = 10_000_000;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const sandbox = await startSandbox({
    host: options.host,
    port: options.port,
    strict: options.strict,
    credentials: options.credentials,
    limits: { watchdogs: WATCHDOG_CAP },
  });
  process.stdout.write(`Sandbox listening on ${sandbox.url}\n`);
  process.once('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  process.stderr.write(`bench sandbox: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
