// `conformance strength`'s command line: the user's settings, read as the suite reads them (a flag,
// then its variable, then the config file, then the default), of which only what selects and
// sizes a run applies; what describes a deployment is named and ignored.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AREAS, DEFAULT_BUDGET, loadConfigFile, UsageError, type AreaName, type ConfigFile, type RunConfig } from '../conformance';
import { DEFAULT_SEED, sandboxRunConfig } from './config';
import type { FaultCase } from './faulty';
import { FAULT_TABLES } from './tables';

/** Keys of the config file that describe the user's deployment: the sandbox is the target here. */
const DEPLOYMENT_KEYS = ['baseUrl', 'publicBaseUrl', 'headers', 'companies', 'tags', 'search', 'rateLimit', 'patience', 'timeout'] as const satisfies ReadonlyArray<keyof ConfigFile>;

export interface Planted {
  table: string;
  index: number;
  fault: FaultCase;
}

export interface StrengthOptions {
  /** The run every fault is judged with. */
  config: RunConfig;
  /** The faults to plant, in table order. */
  faults: Planted[];
  tables: string[];
  jobs: number;
  json: boolean;
  reportDir?: string;
  /** --min-caught: a count, or a share of the faults planted. */
  minCaught?: { count: number } | { percent: number };
  quiet: boolean;
  /** Each setting and where it came from, for the header. */
  settings: string[];
  /** The config file's keys that were ignored, and the file's name. */
  ignored?: { file: string; keys: string[] };
}

function positiveInt(raw: string, name: string, min: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new UsageError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

function list(values: string[]): string[] {
  return values.flatMap((value) => value.split(',')).map((name) => name.trim()).filter(Boolean);
}

function minCaughtOf(raw: string): NonNullable<StrengthOptions['minCaught']> {
  const match = /^(\d+(?:\.\d+)?)(%?)$/.exec(raw.trim());
  if (!match || (match[2] && Number(match[1]) > 100) || (!match[2] && !/^\d+$/.test(match[1]!))) {
    throw new UsageError(`--min-caught must be a number of faults (e.g. 100) or a percentage (e.g. 95%), got "${raw}"`);
  }
  return match[2] ? { percent: Number(match[1]) } : { count: Number(match[1]) };
}

type Value = string | number | boolean;

/** One setting: the value, and where it came from ('default' when from nowhere). */
function from(flag: Value | undefined, flagName: string, env: string | undefined, envName: string, file: Value | undefined, fileName: string | undefined, fallback: Value): { value: Value; source: string } {
  if (flag !== undefined) return { value: flag, source: flagName };
  if (env !== undefined && env.trim() !== '') return { value: env.trim(), source: envName };
  if (file !== undefined) return { value: file, source: fileName! };
  return { value: fallback, source: 'default' };
}

export function parseStrengthOptions(argv: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): StrengthOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      allowNegative: true,
      options: {
        config: { type: 'string' },
        only: { type: 'string', multiple: true },
        budget: { type: 'string' },
        'max-pages': { type: 'string' },
        writes: { type: 'boolean' },
        seed: { type: 'string' },
        table: { type: 'string', multiple: true },
        fault: { type: 'string', multiple: true },
        jobs: { type: 'string' },
        json: { type: 'boolean' },
        report: { type: 'string' },
        'min-caught': { type: 'string' },
        quiet: { type: 'boolean', short: 'q' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, '')}; try --help`);
  }
  if (values.help) return 'help';

  const loaded = loadConfigFile(values.config ?? (env.CONFORMANCE_CONFIG?.trim() || undefined), cwd);
  const file = loaded?.values ?? {};
  const fileName = loaded?.name;

  const only = values.only ? { value: list(values.only), source: '--only' } : env.CONFORMANCE_ONLY?.trim() ? { value: list([env.CONFORMANCE_ONLY]), source: 'CONFORMANCE_ONLY' } : file.only ? { value: file.only, source: fileName! } : undefined;
  for (const name of only?.value ?? []) if (!AREAS.includes(name as AreaName)) throw new UsageError(`unknown area "${name}" for ${only!.source}; areas: ${AREAS.join(', ')}`);
  const areas = only ? AREAS.filter((area) => only.value.includes(area)) : [...AREAS];

  const budget = from(values.budget, '--budget', env.CONFORMANCE_BUDGET, 'CONFORMANCE_BUDGET', file.budget, fileName, DEFAULT_BUDGET.live);
  const maxPages = from(values['max-pages'], '--max-pages', env.CONFORMANCE_MAX_PAGES, 'CONFORMANCE_MAX_PAGES', file.maxPages, fileName, 5);
  const writesEnv = env.CONFORMANCE_WRITES?.trim();
  if (writesEnv && !['1', '0', 'true', 'false'].includes(writesEnv)) throw new UsageError(`CONFORMANCE_WRITES must be 1 or 0, got "${writesEnv}"`);
  const writes = from(values.writes, values.writes === false ? '--no-writes' : '--writes', writesEnv, 'CONFORMANCE_WRITES', file.writes, fileName, true);
  const writesOn = writes.value === true || writes.value === '1' || writes.value === 'true';
  const seedRaw = values.seed ?? String(DEFAULT_SEED);
  if (!/^-?\d+$/.test(seedRaw) || Math.abs(Number(seedRaw)) > 2 ** 31 - 1) throw new UsageError(`--seed must be an integer between -2147483647 and 2147483647, got "${seedRaw}"`);

  const config = sandboxRunConfig({
    areas,
    budget: positiveInt(String(budget.value), budget.source === 'default' ? '--budget' : budget.source, 1),
    maxPages: positiveInt(String(maxPages.value), maxPages.source === 'default' ? '--max-pages' : maxPages.source, 2),
    writes: writesOn,
    seed: Number(seedRaw),
    // The sandbox answers in microseconds; on a machine busy with other work a run's own phases can
    // still hold an answer back for seconds, which must not read as a deployment that did not answer.
    timeoutMs: 30_000,
    ...(loaded?.excluded.length && { excluded: loaded.excluded }),
  });

  const known = Object.keys(FAULT_TABLES);
  const tables = values.table ? list(values.table) : known;
  const unknown = tables.find((name) => !known.includes(name));
  if (unknown) throw new UsageError(`unknown table "${unknown}" for --table; tables: ${known.join(', ')}`);
  const texts = values.fault ?? [];
  const faults = known
    .filter((table) => tables.includes(table))
    .flatMap((table) => FAULT_TABLES[table]!.map((fault, index) => ({ table, index, fault })))
    .filter(({ fault }) => texts.length === 0 || texts.some((text) => fault.name.includes(text)));
  if (faults.length === 0) throw new UsageError(`no fault of ${tables.join(', ')} has a name containing ${texts.map((t) => `"${t}"`).join(' or ')}`);

  const cores = os.availableParallelism();
  const jobs = Math.min(values.jobs === undefined ? cores : positiveInt(values.jobs, '--jobs', 1), faults.length);
  const said = (setting: { source: string }) => (setting.source === 'default' ? 'default' : setting.source);
  const excluded = config.excluded ?? [];
  const settings = [
    `budget ${config.budget} (${said(budget)})`,
    `areas ${areas.length === AREAS.length ? 'all' : areas.join(', ')}${only ? ` (${only.source})` : ''}`,
    `operations ${excluded.length ? `all but ${excluded.join(', ')} (${fileName}: operations)` : 'all'}`,
    `max pages ${config.maxPages} (${said(maxPages)})`,
    `writes ${writesOn ? 'on' : 'off'} (${writes.source === 'default' ? 'default here; a live run of the suite writes only with --writes' : writes.source})`,
  ];
  const ignoredKeys = DEPLOYMENT_KEYS.filter((key) => file[key] !== undefined);

  return {
    config,
    faults,
    tables: known.filter((table) => tables.includes(table)),
    jobs,
    json: Boolean(values.json),
    ...(values.report !== undefined && { reportDir: path.resolve(cwd, values.report) }),
    ...(values['min-caught'] !== undefined && { minCaught: minCaughtOf(values['min-caught']) }),
    quiet: Boolean(values.quiet),
    settings,
    ...(ignoredKeys.length && { ignored: { file: fileName!, keys: ignoredKeys } }),
  };
}
