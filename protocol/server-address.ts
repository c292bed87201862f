// Where a server of the kit listens, read the same way by `contract-kit mock` and `contract-kit
// sandbox`: `--port` and `--host` on the command line (also `--port=4011`), with the environment's
// PORT and HOST as fallbacks. A mistake is a UsageError with one line (the CLIs exit 2 on it).

export class UsageError extends Error {}

/** How to change the address when listening fails (protocol/node-server.ts's one-line failures). */
export const ADDRESS_HINTS = {
  port: 'pass --port (or PORT) with another port',
  host: 'pass --host (or HOST) with a local address such as 127.0.0.1',
} as const;

export interface ServerAddress {
  host: string;
  port: number;
}

/** An integer port from 0 (the OS picks one) to 65535; `source` names where it came from. */
export function parsePort(raw: string, source: string): number {
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    throw new UsageError(`invalid port ${JSON.stringify(raw.slice(0, 60))} (from ${source}): expected an integer from 0 to 65535`);
  }
  return Number(raw);
}

/** A flag and its value, whether written `--flag value` or `--flag=value`: [flag, value or undefined]. */
export function splitFlag(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return arg.startsWith('--') && equals !== -1 ? [arg.slice(0, equals), arg.slice(equals + 1)] : [arg, undefined];
}

/**
 * Takes `--port` and `--host` out of `argv`, falling back to PORT and HOST, then to the
 * defaults; returns the address and the arguments left for the server's own options.
 */
export function readAddress(argv: readonly string[], env: NodeJS.ProcessEnv, defaults: ServerAddress): { address: ServerAddress; rest: string[] } {
  let port = env.PORT !== undefined && env.PORT !== '' ? parsePort(env.PORT, 'PORT') : defaults.port;
  let host = env.HOST?.trim() || defaults.host;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = splitFlag(argv[i]!);
    if (flag !== '--port' && flag !== '--host') {
      rest.push(argv[i]!);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    if (flag === '--port') port = parsePort(value, '--port');
    else host = value.trim() || defaults.host;
  }
  return { address: { host, port }, rest };
}
