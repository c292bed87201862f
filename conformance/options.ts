// Command line and environment → the run's configuration. Flags override variables.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AREAS, type AreaName, type RunConfig } from './engine/types';
import type { OperationId } from '../generated';
import { OPERATION_IDS } from './contract/facts';
import { bytesInWords, DEFAULT_MAX_BODY_BYTES } from './engine/read-body';
import { DEMO_CREDENTIALS } from '../protocol/demo-credentials';
import { loadConfigFile, type LoadedConfig } from './config-file';
import { ownHeaderProblem } from './engine/wire';
import { UsageError } from './usage-error';

export { UsageError };

/**
 * Requests a run may send unless told otherwise: the deterministic phases need about 2,000 live
 * (1,330 against the mock), and the random phase keeps a few hundred more.
 */
export const DEFAULT_BUDGET = { live: 2400, mock: 1600 } as const;

/** Seconds one request may wait out 429s: generous, a rate limit is not a verdict. */
export const DEFAULT_PATIENCE_S = 120;

export const HELP = `Usage: npx conformance [options]                      (or: npm run conformance -- [options])
       npx conformance replay <failures.json> [--base-url <url> | --mock] [options]
       npx conformance judge <file.har|file.ndjson>… [--report <dir>] [--min-coverage <percent>]
       npx conformance proxy --upstream <url> [--port <n>] [--report <dir>] [--min-coverage <percent>]
       npx conformance strength [options]    the suite's own strength against the kit's faulty sandboxes (--help)

Judges a deployment of the Company and Municipality Data Service API v1 against the published
contract. Without a target it starts the Prism mock on a free loopback port (mock mode); with
--base-url / CONFORMANCE_BASE_URL it checks that deployment (live mode). Cases are derived from
the contract: every bound from both sides, every enum value and one outside, wrong types, missing
fields, odd characters, every filter, random watchdog sequences against a model, then requests
generated from the schemas until the budget is spent. \`judge\` judges recorded traffic (HAR from
Playwright, Chrome DevTools or mitmproxy; NDJSON exchange logs) by the same rules, and \`proxy\`
judges live traffic on its way to --upstream, passing it on unchanged with an X-Conformance-Violations
header where a rule broke; both write the same reports (proxy when it stops: Ctrl-C / SIGTERM) and
the contract coverage of the traffic. \`replay\` re-sends the failures of an
earlier run (its <report dir>/failures.json) where they happened (the base URL the file records,
or a fresh mock or sandbox when the run started one; --base-url elsewhere, --mock to a fresh
Prism mock, said in its header), secrets from the variables as for a run, judges them again
under that run's seed, and writes its reports to their own folder (default
reports/replay-<time>/), never over the run it replays.

Exit status: 0 PASS (the planned work done, no rule failed; warnings do not fail a run); 1 FAIL
(a rule failed, however far the run got); 2 a usage error, an unreachable target or a set-up
mistake found before any case (a base URL ending in /api/v1, a key or session no published form
takes, a key that may not write with writes on, a mistake in the config file, a target that is
not the API), one line each; 3 INCOMPLETE (--deadline, or a phase cut short by a target that
stopped answering, requests still rate limited or a defect of the suite, and nothing failed);
130/143 when SIGINT/SIGTERM stopped the run. A run cut short is INCOMPLETE in every report, with
what was judged and what not, never PASS; what it created is deactivated first (a second signal
exits at once).

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
  --rate-limit <rate>     CONFORMANCE_RATE_LIMIT     the deployment's rate limit (5/s, 300/min, 20/10s): the run
                                                     sends just under it from the start, and a 429 early on
                                                     (a window spent before the run) only pauses it;
                                                     <operationId>=<rate> for one operation alone, repeatable
                                                     (the variable: comma-separated), the plain rate then
                                                     holds the others. Without it the run finds each limit
                                                     (its 429s, Retry-After, RateLimit-*): per operation,
                                                     one for all when every operation meets it
  --patience <s>          CONFORMANCE_PATIENCE       seconds one request may wait out 429s before it is
                                                     reported as not checked (default ${DEFAULT_PATIENCE_S})
  --max-body <size>       CONFORMANCE_MAX_BODY       the largest answer read (default ${bytesInWords(DEFAULT_MAX_BODY_BYTES)}; e.g. 64MB,
                                                     512KB): a larger one is abandoned at the cap and fails
                                                     response_received, naming the operation and the size
  --deadline <s>          CONFORMANCE_DEADLINE       end the whole run after this many seconds (also 10m):
                                                     what was judged by then is reported, INCOMPLETE (exit 1
                                                     if a rule failed, else 3). SIGINT/SIGTERM end a run the
                                                     same way at once; a second signal exits immediately
  --max-response-time <ms>                           an answer slower than this fails response_time_within
                          CONFORMANCE_MAX_RESPONSE_MS  (per operation, naming the slowest exchange); without
                                                     it times are reported (p50/p95/max), never judged
  --seed <n>              CONFORMANCE_SEED           seeds every generated case: the same seed against
                                                     the same data sends the same requests (default: random,
                                                     printed with the verdict)
  --budget <requests>     CONFORMANCE_BUDGET         requests the run may send (default ${DEFAULT_BUDGET.live}, ${DEFAULT_BUDGET.mock} against the mock); the
                                                     generated requests fill what the other areas leave
  --baseline <file>       CONFORMANCE_BASELINE       known failures (from --write-baseline): listed as KNOWN,
                                                     not failing the run, whatever the seed; only new ones
                                                     fail it, an entry past its "expires" date (YYYY-MM-DD)
                                                     fails again, entries that no longer fail are fixed
  --write-baseline <file>                            record this run's failures (rule × operation × the fact
                                                     that failed) as a baseline; add "reason", "owner" and
                                                     "expires" to its entries (kept when written again)
  --mock                                             replay: to a fresh Prism mock, not where the failures
                                                     happened
  --har <file>                                       also write the run's exchanges as HAR (secrets <redacted>)
  --config <file>         CONFORMANCE_CONFIG         the config file (default: conformance.config.json in the
                                                     working directory, when there is one); see below
  -H, --header 'Name: value'                         an extra header on every request (a gateway's), repeatable;
                                                     hidden like the secrets (curl reads "$CONFORMANCE_HEADER_<NAME>")
  --upstream <url>                                   proxy: the deployment to forward to
  --port <n>                                         proxy: the loopback port to listen on (default: a free one)
  --min-coverage <percent>                           judge, proxy: fail when the traffic covers less of the
                                                     contract (operation × status × parameter × body field)
  -q, --quiet                                        no progress on stderr, only the report. Otherwise a
                                                     terminal shows a live line per phase (requests, failures,
                                                     rate, time left against the budget), and a log
                                                     (no terminal) one line per phase as it ends
  -h, --help

Config file (conformance.config.json, or --config; JSON, checked on load: a mistake is one line naming
the key, exit 2; its schema for editors: node_modules/cmds-contract-kit/dist/conformance/config.schema.json):
  {
    "baseUrl": "https://staging.example",         "publicBaseUrl": "https://api.example.com",
    "headers": { "X-Gateway-Key": "…" },
    "ids": { "company": ["<uuid>", …], "tag": ["<uuid>", …] },  "search": { "name": "Gruber" },
    "operations": { "exclude": ["watchdogsEventsPartialUpdate"] },
    "writes": true, "only": ["lists", "filters"], "budget": 3000, "timeout": 10000,
    "maxPages": 5, "rateLimit": "companiesSearch=20/10s, 10/s", "patience": 120
  }
  ids: identifiers that exist, by the resource the contract names (company, tag, municipality, …:
  the cases reference them, paths aim at them; tags are made up otherwise); "companies" and "tags"
  are the old spellings of ids.company and ids.tag;
  search: a company search body that finds results; operations: include / exclude by operationId
  (nothing is sent to the others); publicBaseUrl: served links must carry it (else a link on another
  origin only warns). Precedence: a flag, then its variable, then the file, then the default; -H
  headers add to the file's (the same name: the flag's value). No secrets in the file.

Prefer the variables for secrets: command lines are visible to other users of the machine.
Reports: <dir>/junit.xml, summary.md, coverage.json, results.json, results.sarif (SARIF 2.1.0
for code scanning: each failing line at its operation in openapi/), failures.json, and
report.html (the run as one page that opens from disk); a body over 4 KB is kept once in
<dir>/bodies/ and referenced (its curl line runs from <dir>). No token or session id is ever
printed or written: requests in reports are curl commands that read them from
"$CONFORMANCE_TOKEN", "$CONFORMANCE_LIMITED_TOKEN" and "$CONFORMANCE_SESSION_ID" (they run as
pasted with those set), and failures.json refers to secrets by role (token, limited, session).`;

export interface Options {
  config: RunConfig;
  reportDir: string;
  /** Started by the CLI: the Prism mock (mock mode) or the sandbox (live mode); none for a URL. */
  start?: 'mock' | 'sandbox';
  /** `conformance replay <file>`: the failures file to re-send. */
  replay?: string;
  /**
   * Where the replay goes: where the failures happened (`recorded`: the failures file's base URL,
   * or a fresh mock or sandbox when the run started one), or where the command line says.
   */
  replayTarget?: 'recorded' | 'given' | 'mock' | 'sandbox';
  /** No progress lines on stderr, only the report. */
  quiet: boolean;
  /** --baseline: known failures, listed and not failing the run. */
  baseline?: string;
  /** --write-baseline: where to record this run's failures as a baseline. */
  writeBaseline?: string;
  /** `judge <files…>` (recorded traffic) or `proxy --upstream <url>` (live traffic): judged by the rules, no run. */
  traffic?: { kind: 'judge'; files: string[] } | { kind: 'proxy'; upstream: string; port: number };
  /** --min-coverage: the contract coverage of the traffic (percent) below which judge and proxy fail. */
  minCoverage?: number;
  /** --har: where to write the run's exchanges as HAR. */
  har?: string;
  /** The config file read (--config, or conformance.config.json in the working directory). */
  configFile?: string;
  /** --deadline: seconds after which the run stops and reports what it judged. */
  deadlineS?: number;
}


/** The sandbox's default credentials, the kit's demo credentials (protocol/demo-credentials.ts); SANDBOX_* variables override them there. */
export const SANDBOX_DEFAULTS = { token: DEMO_CREDENTIALS.token, limitedToken: DEMO_CREDENTIALS.readonlyToken, sessionId: DEMO_CREDENTIALS.sessionId };

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

const COMMANDS = ['replay', 'judge', 'proxy'];

function percent(raw: string): number {
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > 100) throw new UsageError(`--min-coverage must be a percentage between 0 and 100, got "${raw}"`);
  return Number(raw);
}

function parseBaseUrl(raw: string, flag = '--base-url'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`${flag} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`${flag} must be an http(s) URL, got "${raw}"`);
  if (url.search || url.hash) throw new UsageError(`${flag} must not carry a query or fragment`);
  return url.toString().replace(/\/+$/, '');
}

/** 20261126-023600: a folder name that sorts by time. */
const stamp = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

/** `5`, `5/s`, `300/min`, `0.5/s`, `20/10s` → requests per second; none when it is not a rate. */
function rateOf(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(?:\/\s*(\d+(?:\.\d+)?)?\s*(s|secs?|seconds?|m|mins?|minutes?))?$/.exec(raw.trim());
  const perSecond = match ? Number(match[1]) / (Number(match[2] ?? 1) * (match[3]?.startsWith('m') ? 60 : 1)) : NaN;
  return perSecond > 0 && Number.isFinite(perSecond) ? perSecond : undefined;
}

/**
 * `--rate-limit` (repeatable; in the variable and the file comma-separated): `5/s`, `300/min` or
 * `20/10s` for every operation, `companiesSearch=20/10s` for that operation alone (the plain rate
 * then holds the others). `from` names where the rates were given.
 */
function parseRates(values: string[], from: string): Pick<RunConfig['rate'], 'perSecond' | 'perOperation'> {
  const rates: Pick<RunConfig['rate'], 'perSecond' | 'perOperation'> = {};
  const perOperation: Partial<Record<OperationId, number>> = {};
  for (const item of values.flatMap((value) => value.split(',')).map((value) => value.trim())) {
    const [name, rate] = item.includes('=') ? item.split('=', 2).map((part) => part.trim()) : [undefined, item];
    const perSecond = rateOf(rate!);
    if (perSecond === undefined) throw new UsageError(`${from} must be a positive number of requests per second or minute, e.g. 5/s, 300/min, 20/10s, or one operation's: companiesSearch=20/10s; got "${item}"`);
    if (name === undefined) {
      if (rates.perSecond !== undefined) throw new UsageError(`${from}: the rate of every operation is given twice ("${item}"); give it once, and op=<rate> for an operation alone`);
      rates.perSecond = perSecond;
    } else {
      if (!OPERATION_IDS.includes(name as OperationId)) throw new UsageError(`${from}: no operation "${name}"; operations: ${OPERATION_IDS.join(', ')}`);
      if (perOperation[name as OperationId] !== undefined) throw new UsageError(`${from}: the rate of ${name} is given twice`);
      perOperation[name as OperationId] = perSecond;
    }
  }
  return Object.keys(perOperation).length > 0 ? { ...rates, perOperation } : rates;
}

/** `16MB`, `512KB`, `1.5 MB`, `300000` (bytes) → bytes. */
function parseSize(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|k|kib|mb|m|mib|gb|g|gib)?$/i.exec(raw.trim());
  const unit = match?.[2]?.toLowerCase()[0];
  const bytes = match ? Math.floor(Number(match[1]) * (unit === 'g' ? 1024 ** 3 : unit === 'm' ? 1024 ** 2 : unit === 'k' ? 1024 : 1)) : NaN;
  if (!(bytes >= 1024)) throw new UsageError(`--max-body must be a size of at least 1KB, e.g. 16MB or 512KB, got "${raw}"`);
  return bytes;
}

/** `90`, `90s`, `10m` → seconds. */
function parseDeadline(raw: string): number {
  const match = /^(\d+)\s*(s|m)?$/.exec(raw.trim());
  const seconds = match ? Number(match[1]) * (match[2] === 'm' ? 60 : 1) : NaN;
  if (!(seconds >= 1)) throw new UsageError(`--deadline must be a whole number of seconds (or minutes: 10m), at least 1, got "${raw}"`);
  return seconds;
}

export const newRunId = () => randomBytes(4).toString('hex');

/** `-H 'Name: value'` → [name, value]; the line names the header, never its value. */
function parseHeader(raw: string): [string, string] {
  const colon = raw.indexOf(':');
  const name = colon > 0 ? raw.slice(0, colon).trim() : '';
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw new UsageError(`-H must be 'Name: value' with a header name of letters, digits and !#$%&'*+.^_\`|~- (got ${colon > 0 ? `"${name}"` : 'no colon'})`);
  const problem = ownHeaderProblem(name);
  if (problem) throw new UsageError(`-H ${name}: ${problem}`);
  return [name, raw.slice(colon + 1).trim()];
}

/** The file's headers, then the command line's (a name given in both: the command line's value, whatever its case). */
function mergeHeaders(file: Record<string, string> = {}, flags: string[] = []): Record<string, string> | undefined {
  const merged = new Map(Object.entries(file).map(([name, value]) => [name.toLowerCase(), [name, value] as [string, string]]));
  for (const [name, value] of flags.map(parseHeader)) merged.set(name.toLowerCase(), [name, value]);
  return merged.size ? Object.fromEntries(merged.values()) : undefined;
}

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
        mock: { type: 'boolean' },
        only: { type: 'string', multiple: true },
        report: { type: 'string' },
        timeout: { type: 'string' },
        'max-pages': { type: 'string' },
        seed: { type: 'string' },
        budget: { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        baseline: { type: 'string' },
        upstream: { type: 'string' },
        port: { type: 'string' },
        'min-coverage': { type: 'string' },
        har: { type: 'string' },
        'write-baseline': { type: 'string' },
        'rate-limit': { type: 'string', multiple: true },
        patience: { type: 'string' },
        config: { type: 'string' },
        header: { type: 'string', short: 'H', multiple: true },
        'max-body': { type: 'string' },
        deadline: { type: 'string' },
        'max-response-time': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    // parseArgs names the option; the rest of its message is noise here.
    throw new UsageError(`${(error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, '')}; try --help`);
  }
  if (values.help) return 'help';
  const [command, ...args] = positionals;
  if (command === 'strength') throw new UsageError('strength is the kit\'s own command: `npx conformance strength` (in the kit\'s repository: `npm run strength`); try --help');
  if (command !== undefined && !COMMANDS.includes(command)) throw new UsageError(`unknown command "${command}"; commands: replay <failures.json>, judge <traffic file…>, proxy --upstream <url>; try --help`);
  if (command === 'replay' && args.length === 0) throw new UsageError('replay needs the failures file of a run, e.g. `npx conformance replay reports/failures.json`');
  if (command === 'judge' && args.length === 0) throw new UsageError('judge needs traffic to judge: HAR files or NDJSON exchange logs, e.g. `npx conformance judge e2e.har`');
  const extra = command === 'judge' ? [] : args.slice(command === 'replay' ? 1 : 0);
  if (extra.length) throw new UsageError(`unexpected argument "${extra[0]}"; try --help`);
  const file = command === 'replay' ? args[0] : undefined;
  let traffic: Options['traffic'];
  if (command === 'judge') traffic = { kind: 'judge', files: args.map((f) => path.resolve(cwd, f)) };
  if (command === 'proxy') {
    if (!values.upstream) throw new UsageError('proxy needs the deployment to forward to: --upstream <url>');
    traffic = { kind: 'proxy', upstream: parseBaseUrl(values.upstream, '--upstream'), port: positiveInt(values.port ?? '0', '--port', 0) };
  }
  if (values.upstream && command !== 'proxy') throw new UsageError('--upstream is for `conformance proxy`');
  const minCoverage = values['min-coverage'] === undefined ? undefined : percent(values['min-coverage']);
  // A run's settings: the flag, then its variable, then the config file, then the default.
  const loaded: LoadedConfig | undefined = traffic ? undefined : loadConfigFile(values.config ?? (env.CONFORMANCE_CONFIG?.trim() || undefined), cwd);
  const fromFile = loaded?.values ?? {};
  const pick = (flag: string | undefined, name: string, inFile?: string | number) => (flag ?? env[name])?.trim() || (inFile === undefined ? undefined : String(inFile));
  const sandbox = Boolean(values.sandbox);
  const mock = Boolean(values.mock);
  if (mock && command !== 'replay') throw new UsageError('--mock is for `conformance replay` (against a fresh Prism mock instead of where the failures happened); a run without a target is in mock mode already');
  // --sandbox starts its own target, whatever the file's baseUrl; a replay goes where its failures
  // happened unless told (the CLI reads that from the failures file), never to the file's baseUrl.
  const baseUrlGiven = pick(values['base-url'], 'CONFORMANCE_BASE_URL');
  const baseUrlRaw = baseUrlGiven ?? (sandbox || mock || command === 'replay' ? undefined : fromFile.baseUrl);
  if (sandbox && baseUrlRaw) throw new UsageError('--sandbox starts its own target: drop --base-url / CONFORMANCE_BASE_URL');
  if (mock && (baseUrlRaw || sandbox)) throw new UsageError(`--mock replays against a fresh Prism mock: drop ${sandbox ? '--sandbox' : '--base-url / CONFORMANCE_BASE_URL'}`);
  const mode = baseUrlRaw || sandbox ? 'live' : 'mock';
  const token = pick(values.token, 'CONFORMANCE_TOKEN') ?? (sandbox ? SANDBOX_DEFAULTS.token : undefined);
  if (mode === 'live' && !token) {
    throw new UsageError('live mode needs an API key: set CONFORMANCE_TOKEN (or --token) to a full-permission key');
  }
  const writesEnv = env.CONFORMANCE_WRITES?.trim();
  if (writesEnv && !['1', '0', 'true', 'false'].includes(writesEnv)) throw new UsageError(`CONFORMANCE_WRITES must be 1 or 0, got "${writesEnv}"`);
  // The rates: the flags (repeatable), else the variable, else the file.
  const rateEnv = env.CONFORMANCE_RATE_LIMIT?.trim();
  const rates =
    values['rate-limit'] ? parseRates(values['rate-limit'], '--rate-limit')
    : rateEnv ? parseRates([rateEnv], 'CONFORMANCE_RATE_LIMIT')
    : fromFile.rateLimit !== undefined ? parseRates([fromFile.rateLimit], `${loaded!.name}: rateLimit`)
    : {};
  const only = values.only ?? (env.CONFORMANCE_ONLY ? [env.CONFORMANCE_ONLY] : (fromFile.only ?? []));
  const headers = mergeHeaders(fromFile.headers, values.header);
  const config: RunConfig = {
    mode,
    baseUrl: baseUrlRaw ? parseBaseUrl(baseUrlRaw, baseUrlGiven ? '--base-url' : `${loaded!.name}: baseUrl`) : '',
    token: token ?? MOCK_TOKEN,
    limitedToken: pick(values['limited-token'], 'CONFORMANCE_LIMITED_TOKEN') ?? (sandbox ? SANDBOX_DEFAULTS.limitedToken : undefined),
    sessionId: pick(values['session-id'], 'CONFORMANCE_SESSION_ID') ?? (mode === 'mock' ? MOCK_SESSION : sandbox ? SANDBOX_DEFAULTS.sessionId : undefined),
    writes: mode === 'mock' || sandbox || Boolean(values.writes) || writesEnv === '1' || writesEnv === 'true' || (!writesEnv && fromFile.writes === true),
    areas: parseAreas(only),
    timeoutMs: positiveInt(pick(values.timeout, 'CONFORMANCE_TIMEOUT_MS', fromFile.timeout) ?? '10000', '--timeout', 1),
    maxPages: positiveInt(pick(values['max-pages'], 'CONFORMANCE_MAX_PAGES', fromFile.maxPages) ?? '5', '--max-pages', 2),
    runId: newRunId(),
    seed: seedOf(pick(values.seed, 'CONFORMANCE_SEED')),
    budget: positiveInt(pick(values.budget, 'CONFORMANCE_BUDGET', fromFile.budget) ?? String(DEFAULT_BUDGET[mode]), '--budget', 1),
    rate: {
      ...rates,
      patienceMs: positiveInt(pick(values.patience, 'CONFORMANCE_PATIENCE', fromFile.patience) ?? String(DEFAULT_PATIENCE_S), '--patience', 0) * 1000,
    },
    concurrency: 8,
    ...((fromFile.ids || fromFile.companies || fromFile.tags || fromFile.search) && { known: { ids: fromFile.ids, companies: fromFile.companies, tags: fromFile.tags, search: fromFile.search } }),
    ...(headers && { headers }),
    ...(loaded && { configFile: loaded.name }),
    ...(loaded?.excluded.length && { excluded: loaded.excluded }),
    ...(fromFile.publicBaseUrl && { publicBaseUrl: parseBaseUrl(fromFile.publicBaseUrl, `${loaded!.name}: publicBaseUrl`) }),
    maxBodyBytes: parseSize(pick(values['max-body'], 'CONFORMANCE_MAX_BODY') ?? String(DEFAULT_MAX_BODY_BYTES)),
  };
  const deadlineRaw = pick(values.deadline, 'CONFORMANCE_DEADLINE');
  const maxResponse = pick(values['max-response-time'], 'CONFORMANCE_MAX_RESPONSE_MS');
  if (maxResponse !== undefined) config.maxResponseMs = positiveInt(maxResponse, '--max-response-time', 1);
  const given = pick(values.report, 'CONFORMANCE_REPORT_DIR');
  const replay = file !== undefined ? path.resolve(cwd, file) : undefined;
  // A replay never writes over the run it replays: its own folder, by default beside that run's.
  const reportDir = path.resolve(cwd, given ?? (replay ? path.join('reports', `replay-${stamp(new Date())}`) : 'reports'));
  if (replay && reportDir === path.dirname(replay)) {
    throw new UsageError(`--report ${given} is the folder of the run being replayed; a replay writes to its own (default reports/replay-<time>)`);
  }
  return {
    config,
    reportDir,
    start: sandbox ? 'sandbox' : mode === 'mock' ? 'mock' : undefined,
    ...(replay !== undefined && { replay, replayTarget: baseUrlGiven ? 'given' : mock ? 'mock' : sandbox ? 'sandbox' : 'recorded' }),
    quiet: Boolean(values.quiet),
    ...(traffic && { traffic }),
    ...(minCoverage !== undefined && { minCoverage }),
    ...(values.har && { har: path.resolve(cwd, values.har) }),
    ...(deadlineRaw !== undefined && { deadlineS: parseDeadline(deadlineRaw) }),
    ...(pick(values.baseline, 'CONFORMANCE_BASELINE') && { baseline: path.resolve(cwd, pick(values.baseline, 'CONFORMANCE_BASELINE')!) }),
    ...(values['write-baseline'] && { writeBaseline: path.resolve(cwd, values['write-baseline']) }),
    ...(loaded && { configFile: loaded.name }),
  };
}
