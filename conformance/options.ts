// Command line and environment → the run's configuration. Flags override variables.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AREAS, type AreaName, type RunConfig } from './engine/types';

export class UsageError extends Error {}

/** Requests a run may send unless told otherwise: Prism answers a few hundred a second, a deployment more. */
export const DEFAULT_BUDGET = { live: 2000, mock: 1000 } as const;

/** Seconds one request may wait out 429s: generous, a rate limit is not a verdict. */
export const DEFAULT_PATIENCE_S = 120;

export const HELP = `Usage: npx conformance [options]                      (or: npm run conformance -- [options])
       npx conformance replay <failures.json> [options]

Judges a deployment of the Company and Municipality Data Service API v1 against the published
contract. Without a target it starts the Prism mock on a free loopback port (mock mode); with
--base-url / CONFORMANCE_BASE_URL it checks that deployment (live mode). Cases are derived from
the contract: every bound from both sides, every enum value and one outside, wrong types, missing
fields, odd characters, every filter, random watchdog sequences against a model, then requests
generated from the schemas until the budget is spent. \`replay\` re-sends the failures of an
earlier run (its <report dir>/failures.json) to the target and judges them again. Exit status 0
only when no rule failed (warnings do not fail a run); 2 for a usage error or an unreachable target.

Options (each also as an environment variable):
  --base-url <url>        CONFORMANCE_BASE_URL       the published {base_url}; paths start /api/v1/
  --sandbox                                          start the sandbox (npm run sandbox) on a free port
                                                     and run live mode against it, writes on, with its
                                                     default credentials unless given
  --token <key>           CONFORMANCE_TOKEN          full-permission API key (required in live mode)
  --limited-token <key>   CONFORMANCE_LIMITED_TOKEN  a valid key without watchdog write permission
                                                     (enables the 403 scenarios)
  --session-id <id>       CONFORMANCE_SESSION_ID     enables the three session credential forms
  --writes                CONFORMANCE_WRITES=1       live mode may create and change watchdogs
                                                     (named conformance-<run id>-…, deactivated at the end)
  --only <area>[,<area>]  CONFORMANCE_ONLY           areas: ${AREAS.join(', ')}
  --report <dir>          CONFORMANCE_REPORT_DIR     report directory (default: reports)
  --timeout <ms>          CONFORMANCE_TIMEOUT_MS     per-request timeout (default 10000)
  --max-pages <n>         CONFORMANCE_MAX_PAGES      pages a list walk follows before it jumps
                                                     to the last page (default 5)
  --rate-limit <n>/s      CONFORMANCE_RATE_LIMIT     start at most n requests a second (also <n>/min); the run
                                                     slows down further on 429 (Retry-After, RateLimit-*)
  --patience <s>          CONFORMANCE_PATIENCE       seconds one request may wait out 429s before it is
                                                     reported as not checked (default ${DEFAULT_PATIENCE_S})
  --seed <n>              CONFORMANCE_SEED           seeds every generated case: the same seed against
                                                     the same data sends the same requests (default: random,
                                                     printed with the verdict)
  --budget <requests>     CONFORMANCE_BUDGET         requests the run may send (default ${DEFAULT_BUDGET.live}, ${DEFAULT_BUDGET.mock} against the mock); the
                                                     generated requests fill what the other areas leave
  -h, --help

Prefer the variables for secrets: command lines are visible to other users of the machine.
Reports: <dir>/junit.xml, summary.md, coverage.json, results.json, failures.json. No token or
session id is ever printed or written; requests in reports are curl commands with <redacted>
credentials, and failures.json refers to secrets by role (token, limited, session).`;

export interface Options {
  config: RunConfig;
  reportDir: string;
  /** Started by the CLI: the Prism mock (mock mode) or the sandbox (live mode); none for a URL. */
  start?: 'mock' | 'sandbox';
  /** `conformance replay <file>`: the failures file to re-send. */
  replay?: string;
}


/** The sandbox's default credentials (sandbox/core/auth.ts); SANDBOX_* variables override them there. */
export const SANDBOX_DEFAULTS = { token: 'sandbox-token', limitedToken: 'sandbox-readonly-token', sessionId: 'sandbox-session' };

const MOCK_TOKEN = 'conformance-mock-token';
const MOCK_SESSION = 'conformance-mock-session';

function positiveInt(raw: string, name: string, min: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new UsageError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

function parseAreas(values: string[]): AreaName[] {
  if (values.length === 0) return [...AREAS];
  const names = values.flatMap((value) => value.split(',')).map((name) => name.trim()).filter(Boolean);
  for (const name of names) if (!AREAS.includes(name as AreaName)) throw new UsageError(`unknown area "${name}" for --only; areas: ${AREAS.join(', ')}`);
  return AREAS.filter((area) => names.includes(area));
}

function parseBaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`--base-url must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url must be an http(s) URL, got "${raw}"`);
  if (url.search || url.hash) throw new UsageError('--base-url must not carry a query or fragment');
  return url.toString().replace(/\/+$/, '');
}

/** `5`, `5/s`, `300/min`, `0.5/s` → requests per second. */
function parseRate(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(?:\/\s*(s|sec|second|m|min|minute))?$/.exec(raw);
  const perSecond = match ? Number(match[1]) / (match[2]?.startsWith('m') ? 60 : 1) : NaN;
  if (!(perSecond > 0)) throw new UsageError(`--rate-limit must be a positive number of requests per second or minute, e.g. 5/s or 300/min, got "${raw}"`);
  return perSecond;
}

export const newRunId = () => randomBytes(4).toString('hex');

/** A given seed (any integer that fits 32 bits), or a random one. */
function seedOf(raw: string | undefined): number {
  if (raw === undefined) return randomBytes(4).readUInt32LE(0) >>> 1;
  if (!/^-?\d+$/.test(raw) || Math.abs(Number(raw)) > 2 ** 31 - 1) throw new UsageError(`--seed must be an integer between -2147483647 and 2147483647, got "${raw}"`);
  return Number(raw);
}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Options | 'help' {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        'base-url': { type: 'string' },
        token: { type: 'string' },
        'limited-token': { type: 'string' },
        'session-id': { type: 'string' },
        writes: { type: 'boolean' },
        sandbox: { type: 'boolean' },
        only: { type: 'string', multiple: true },
        report: { type: 'string' },
        timeout: { type: 'string' },
        'max-pages': { type: 'string' },
        seed: { type: 'string' },
        budget: { type: 'string' },
        'rate-limit': { type: 'string' },
        patience: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // parseArgs names the option; the rest of its message is noise here.
    throw new UsageError(`${(error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, '')}; try --help`);
  }
  if (values.help) return 'help';
  const [command, file, ...extra] = positionals;
  if (command !== undefined && command !== 'replay') throw new UsageError(`unknown command "${command}"; the only command is \`replay <failures.json>\`; try --help`);
  if (command === 'replay' && file === undefined) throw new UsageError('replay needs the failures file of a run, e.g. `npx conformance replay reports/failures.json`');
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"; try --help`);
  const pick = (flag: string | undefined, name: string) => (flag ?? env[name])?.trim() || undefined;
  const baseUrlRaw = pick(values['base-url'], 'CONFORMANCE_BASE_URL');
  const sandbox = Boolean(values.sandbox);
  if (sandbox && baseUrlRaw) throw new UsageError('--sandbox starts its own target: drop --base-url / CONFORMANCE_BASE_URL');
  const mode = baseUrlRaw || sandbox ? 'live' : 'mock';
  const token = pick(values.token, 'CONFORMANCE_TOKEN') ?? (sandbox ? SANDBOX_DEFAULTS.token : undefined);
  if (mode === 'live' && !token) {
    throw new UsageError('live mode needs an API key: set CONFORMANCE_TOKEN (or --token) to a full-permission key');
  }
  const writesEnv = env.CONFORMANCE_WRITES?.trim();
  if (writesEnv && !['1', '0', 'true', 'false'].includes(writesEnv)) throw new UsageError(`CONFORMANCE_WRITES must be 1 or 0, got "${writesEnv}"`);
  const rateRaw = pick(values['rate-limit'], 'CONFORMANCE_RATE_LIMIT');
  const only = values.only ?? (env.CONFORMANCE_ONLY ? [env.CONFORMANCE_ONLY] : []);
  const config: RunConfig = {
    mode,
    baseUrl: baseUrlRaw ? parseBaseUrl(baseUrlRaw) : '',
    token: token ?? MOCK_TOKEN,
    limitedToken: pick(values['limited-token'], 'CONFORMANCE_LIMITED_TOKEN') ?? (sandbox ? SANDBOX_DEFAULTS.limitedToken : undefined),
    sessionId: pick(values['session-id'], 'CONFORMANCE_SESSION_ID') ?? (mode === 'mock' ? MOCK_SESSION : sandbox ? SANDBOX_DEFAULTS.sessionId : undefined),
    writes: mode === 'mock' || sandbox || Boolean(values.writes) || writesEnv === '1' || writesEnv === 'true',
    areas: parseAreas(only),
    timeoutMs: positiveInt(pick(values.timeout, 'CONFORMANCE_TIMEOUT_MS') ?? '10000', '--timeout', 1),
    maxPages: positiveInt(pick(values['max-pages'], 'CONFORMANCE_MAX_PAGES') ?? '5', '--max-pages', 2),
    runId: newRunId(),
    seed: seedOf(pick(values.seed, 'CONFORMANCE_SEED')),
    budget: positiveInt(pick(values.budget, 'CONFORMANCE_BUDGET') ?? String(DEFAULT_BUDGET[mode]), '--budget', 1),
    rate: {
      ...(rateRaw !== undefined && { perSecond: parseRate(rateRaw) }),
      patienceMs: positiveInt(pick(values.patience, 'CONFORMANCE_PATIENCE') ?? String(DEFAULT_PATIENCE_S), '--patience', 0) * 1000,
    },
    concurrency: 8,
  };
  const reportDir = path.resolve(cwd, pick(values.report, 'CONFORMANCE_REPORT_DIR') ?? 'reports');
  return {
    config,
    reportDir,
    start: sandbox ? 'sandbox' : mode === 'mock' ? 'mock' : undefined,
    ...(file !== undefined && { replay: path.resolve(cwd, file) }),
  };
}
