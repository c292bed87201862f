// Command line and environment of `npm run sandbox`. Flags win over environment variables.
import { credentialForms, formUsage, type CredentialForm } from '../protocol/credentials';
import { operations, type OperationId } from '../generated';
import { credentialProblem, DEFAULT_CREDENTIALS, type Credentials } from './core/auth';
import { faultProblem, latencyProblem } from '../protocol/faults';
import type { OperationFaults } from './core/faults';
import { DEFAULT_LIMITS, type Limits } from './core/limits';
import { DEFAULT_HOST, DEFAULT_PORT } from './node';
import { readAddress, splitFlag, UsageError } from '../protocol/server-address';

export { UsageError };

/** The environment variable that overrides each credential. */
export const CREDENTIAL_ENV: Record<keyof Credentials, string> = {
  token: 'SANDBOX_TOKEN',
  readonlyToken: 'SANDBOX_READONLY_TOKEN',
  sessionId: 'SANDBOX_SESSION_ID',
};

/** The published forms that carry a kind of secret, as a person writes them (from the contract). */
export function formsFor(secret: CredentialForm['secret']): string {
  return credentialForms.filter((form) => form.secret === secret).map(formUsage).join(', ');
}

/** What each credential is for (the banner and --help). */
export const CREDENTIAL_USE: Record<keyof Credentials, string> = {
  token: `API key (${formsFor('API_KEY')}), every operation`,
  readonlyToken: 'API key, reads and searches only; 403 on watchdog writes',
  sessionId: `session id (${formsFor('SESSION_ID')}), every operation`,
};

export interface CliOptions {
  help: boolean;
  host: string;
  port: number;
  strict: boolean;
  accessLog: boolean;
  credentials: Credentials;
  /** Which credentials come from the environment (for the banner; never their values). */
  customCredentials: (keyof Credentials)[];
  /** Limits set by flag or environment; the rest keep DEFAULT_LIMITS. */
  limits: Partial<Limits>;
  /** Milliseconds every request waits (--latency). */
  latency?: number;
  /** Forced statuses and delays by operationId (--fault, --delay). */
  faults: OperationFaults;
  /** A JSON file of the team's own seed data (--data, SANDBOX_DATA), read by main. */
  dataFile?: string;
}

/** Limits a user may set: a small page to exercise pagination, a higher cap for load tests. */
const LIMIT_OPTIONS = [
  { flag: '--page-size', env: 'SANDBOX_PAGE_SIZE', key: 'pageSize', max: 1000, help: 'items per page of both lists' },
  { flag: '--max-watchdogs', env: 'SANDBOX_MAX_WATCHDOGS', key: 'watchdogs', max: 10_000_000, help: 'watchdogs stored at once (409 limit_reached above)' },
] as const satisfies ReadonlyArray<{ flag: string; env: string; key: keyof Limits; max: number; help: string }>;

export const HELP = `Usage: npx contract-kit sandbox [options]     (in the kit's repository: npm run sandbox -- [options])

A stateful in-memory deployment of the Company and Municipality Data Service API v1 with
deterministic seed data (AT, DE, CH). Watchdogs live until the process exits.

Options:
  --port <n>           port to listen on (env PORT, default ${DEFAULT_PORT}; 0 picks a free port)
  --host <addr>        address to bind (env HOST, default ${DEFAULT_HOST})
  --strict             check every response against the contract before sending it; a violation
                       is logged and answered 500 contract_violation (env SANDBOX_STRICT=1)
  --log                one line per request on stderr (credentials redacted)
  --latency <ms>       every request waits this long (env SANDBOX_LATENCY)
  --fault <id>=<status>
                       one operation always answers this error status, e.g.
                       --fault municipalitiesList=503 (repeatable; Retry-After on 429 and 503)
  --delay <id>=<ms>    one operation waits this long, e.g. --delay companiesSearch=300 (repeatable)
  --data <file.json>   start from your own seed data: {"municipalities": […], "companies": […],
                       "watchdogs": […]} in the contract's shapes, each list given replacing the
                       built-in one; checked by the contract's schemas (env SANDBOX_DATA)
${LIMIT_OPTIONS.map((o) => `  ${`${o.flag} <n>`.padEnd(20)} ${o.help} (env ${o.env}, default ${DEFAULT_LIMITS[o.key]})`).join('\n')}
  -h, --help           show this help

Credentials (any of the five published forms):
${(Object.keys(CREDENTIAL_ENV) as (keyof Credentials)[]).map((key) => `  ${CREDENTIAL_ENV[key].padEnd(22)} ${CREDENTIAL_USE[key]}`).join('\n')}
Defaults are listed in sandbox/README.md.
A single request can ask for a fault itself: Prefer: code=503, Prefer: delay=300,
Prefer: code=429, retry-after=30.

Operation ids: ${Object.keys(operations).join(', ')}`;

function parseLimit(option: (typeof LIMIT_OPTIONS)[number], raw: string, source: string): number {
  if (!/^\d{1,8}$/.test(raw) || Number(raw) < 1 || Number(raw) > option.max) {
    throw new UsageError(`invalid ${option.flag.slice(2)} ${JSON.stringify(raw)} (from ${source}): expected an integer from 1 to ${option.max}`);
  }
  return Number(raw);
}

function parseLatency(raw: string, source: string): number {
  if (!/^\d{1,9}$/.test(raw)) throw new UsageError(`invalid latency ${JSON.stringify(raw.slice(0, 60))} (from ${source}): expected milliseconds, e.g. 300`);
  const problem = latencyProblem(Number(raw));
  if (problem) throw new UsageError(`${source}: ${problem}`);
  return Number(raw);
}

/** `municipalitiesList=503` -> the operation and the number. */
function parseOperationValue(flag: string, raw: string): [OperationId, number] {
  const match = /^([A-Za-z]+)=(\d{1,9})$/.exec(raw);
  if (!match) throw new UsageError(`${flag} expects <operationId>=<number>, e.g. ${flag} municipalitiesList=${flag === '--fault' ? 503 : 300} (got ${JSON.stringify(raw.slice(0, 60))})`);
  if (!(match[1]! in operations)) throw new UsageError(`${flag}: unknown operationId ${JSON.stringify(match[1])}; use one of: ${Object.keys(operations).join(', ')}`);
  return [match[1] as OperationId, Number(match[2])];
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const { address, rest } = readAddress(argv, env, { host: DEFAULT_HOST, port: DEFAULT_PORT });
  let strict = env.SANDBOX_STRICT === '1' || env.SANDBOX_STRICT === 'true';
  let accessLog = false;
  let help = false;
  let latency = env.SANDBOX_LATENCY ? parseLatency(env.SANDBOX_LATENCY, 'SANDBOX_LATENCY') : undefined;
  let dataFile = env.SANDBOX_DATA || undefined;
  const faults: OperationFaults = {};
  const limits: Partial<Limits> = {};
  for (const option of LIMIT_OPTIONS) {
    const raw = env[option.env];
    if (raw !== undefined && raw !== '') limits[option.key] = parseLimit(option, raw, option.env);
  }
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const [flag, inline] = splitFlag(arg);
    const value = () => {
      const next = inline ?? rest[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '-h':
      case '--help':
        help = true;
        break;
      case '--strict':
        strict = true;
        break;
      case '--log':
        accessLog = true;
        break;
      case '--latency':
        latency = parseLatency(value(), '--latency');
        break;
      case '--data':
        dataFile = value();
        break;
      case '--fault':
      case '--delay': {
        const [id, number] = parseOperationValue(flag, value());
        const fault = flag === '--fault' ? { status: number } : { delay: number };
        const problem = faultProblem(fault);
        if (problem) throw new UsageError(`${flag} ${id}: ${problem}`);
        faults[id] = { ...faults[id], ...fault };
        break;
      }
      default: {
        const limit = LIMIT_OPTIONS.find((option) => option.flag === flag);
        if (limit) {
          limits[limit.key] = parseLimit(limit, value(), limit.flag);
          break;
        }
        throw new UsageError(`unknown option ${JSON.stringify(arg.slice(0, 60))}; see --help`);
      }
    }
  }
  const credentials = { ...DEFAULT_CREDENTIALS };
  const customCredentials: (keyof Credentials)[] = [];
  for (const key of Object.keys(CREDENTIAL_ENV) as (keyof Credentials)[]) {
    const value = env[CREDENTIAL_ENV[key]];
    if (value !== undefined) {
      credentials[key] = value;
      customCredentials.push(key);
    }
  }
  const problem = credentialProblem(credentials, (key) => CREDENTIAL_ENV[key]);
  if (problem) throw new UsageError(problem);
  return { help, ...address, strict, accessLog, credentials, customCredentials, limits, latency, faults, dataFile };
}
