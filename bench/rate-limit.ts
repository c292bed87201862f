// `npm run bench:rate-limit [-- --per-second 5,20] [--groups learned,told,search]`: the default
// live run (seed fixed) in-process against the sandbox behind each limiter gateways build — a
// fixed window, a sliding window, a token bucket — at each rate, next to the same run unlimited:
// `learned`, without --rate-limit, each limiter with and without RateLimit headers; `told`, with
// `--rate-limit` the limit itself; `search`, a limit on the search alone (20 per 10 s, a fixed
// window; the other operations free), without --rate-limit and told `companiesSearch=20/10s`.
// Before each run, the CLI's preflight requests reach the deployment outside the pace, as they do
// (they count in its first window). Per run: wall time, requests, the rate reached against the one
// allowed, 429s, time waited, the pace settled on, failing lines, and whether every rule ×
// operation line came out as in the unlimited run. The limited runs wait, they hardly compute:
// they run side by side, each in a process of its own against its own deployment (one run's work
// never delays another's turns), so the figure is the limit's, not the machine's.
// Writes its own part of bench/RESULTS.md.
import { parseArgs } from 'node:util';
import type { OperationId } from '../generated';
import { failing, judge } from '../conformance/test/support/judge';
import { LIMITER_KINDS, rateLimited, type LimiterKind } from '../conformance/test/support/rate-limit';
import { IN_PROCESS, liveConfig, sandboxFetch } from '../conformance/test/support/sandbox';
import { DEFAULT_BUDGET } from '../conformance/options';
import type { RunThrottling } from '../conformance/report/timing';
import type { RunConfig } from '../conformance/engine/types';
import { exited, spawnTracked, TSX } from './children';
import { describeMachine, finishMachine } from './machine';
import { fixed, table } from './markdown';
import { writeResults } from './results-file';

const GROUPS = ['learned', 'told', 'search'] as const;
type Group = (typeof GROUPS)[number];
const { values } = parseArgs({ options: { 'per-second': { type: 'string', default: '5,20' }, groups: { type: 'string', default: GROUPS.join(',') }, run: { type: 'string' } } });
const SEED = 42;
/** The rate reached must be at least this share of the rate allowed (issues 25, 32). */
const GOAL = 0.9;
/** A limit on the search alone: the run takes at most this much longer than the searches alone at the rate allowed (issue 32). */
const SEARCH_SLACK = 1.2;
const SEARCH: OperationId = 'companiesSearch';
/** The search limit of issue 32's deployment: 20 per 10 s. */
const SEARCH_LIMIT = { perSecond: 2, window: 10 };
/** What the CLI's preflight sends before the run, outside its pace: a read with each secret given (the key, the limited key, the session) and the write check. */
const PREFLIGHT_REQUESTS = 4;

interface Limited {
  group: Group;
  kind: LimiterKind;
  /** The rate allowed: perSecond × window requests a window of `window` seconds. */
  perSecond: number;
  window?: number;
  headers: boolean;
  /** The operations the limit holds; none: every operation. */
  operations?: OperationId[];
  /** The run is told the limit (`--rate-limit`). */
  told?: boolean;
}

/** What one run reports to the bench. */
interface Outcome {
  limit?: Limited;
  durationMs: number;
  sent: number;
  /** Searches answered (companiesSearch). */
  searches: number;
  throttling: RunThrottling;
  notChecked: number;
  failing: number;
  verdict: string;
  /** `rule operation outcome` per line, to compare with the unlimited run. */
  lines: string[];
}

/** `--rate-limit` as the run is told the limit: for every operation, or `op=<rate>` for those it holds. */
function toldRate(limit: Limited): Pick<RunConfig['rate'], 'perSecond' | 'perOperation'> {
  return limit.operations ? { perOperation: Object.fromEntries(limit.operations.map((op) => [op, limit.perSecond])) } : { perSecond: limit.perSecond };
}

/** `--run <json>` (a child): one run, its outcome as JSON on stdout. */
async function runOne(limit?: Limited): Promise<void> {
  const fetch = limit ? rateLimited(sandboxFetch(), limit) : sandboxFetch();
  const overrides: Partial<RunConfig> = { seed: SEED, ...(limit?.told && { rate: { ...liveConfig().rate, ...toldRate(limit) } }) };
  for (let i = 0; i < PREFLIGHT_REQUESTS; i += 1) await fetch(new Request(`${IN_PROCESS}/api/v1/municipalities/`));
  const report = await judge(fetch, overrides);
  const outcome: Outcome = {
    ...(limit && { limit }),
    durationMs: report.durationMs,
    sent: report.requests.sent,
    searches: report.responseTimes.find((row) => row.operationId === SEARCH)?.count ?? 0,
    throttling: report.throttling,
    notChecked: report.notChecked.length,
    failing: failing(report).length,
    verdict: report.verdict,
    lines: report.lines.map((line) => `${line.rule} ${line.operationId} ${line.outcome}`),
  };
  process.stdout.write(`${JSON.stringify(outcome)}\n`);
}

async function inChild(limit?: Limited): Promise<Outcome> {
  const child = spawnTracked([...TSX, __filename, '--run', JSON.stringify(limit ?? {})]);
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const { code, stderr } = await exited(child);
  if (code !== 0) throw new Error(`the run ${JSON.stringify(limit ?? 'unlimited')} exited ${code}: ${stderr}`);
  return JSON.parse(out.trim().split('\n').pop()!) as Outcome;
}

/** The limited runs of each group. */
function limitsOf(groups: Group[], rates: number[]): Limited[] {
  const byGroup: Record<Group, () => Limited[]> = {
    learned: () => rates.flatMap((perSecond) => LIMITER_KINDS.flatMap((kind) => [false, true].map((headers) => ({ group: 'learned' as const, kind, perSecond, headers })))),
    told: () => rates.flatMap((perSecond) => LIMITER_KINDS.map((kind) => ({ group: 'told' as const, kind, perSecond, headers: false, told: true }))),
    search: () => [false, true].map((told) => ({ group: 'search' as const, kind: 'fixed window' as const, ...SEARCH_LIMIT, headers: false, operations: [SEARCH], told })),
  };
  return groups.flatMap((group) => byGroup[group]());
}

const describeLimit = (limit: Limited) =>
  limit.operations
    ? `${limit.operations.join(', ')} alone, ${limit.perSecond * (limit.window ?? 1)} per ${limit.window ?? 1} s (${limit.kind}), others free, ${limit.told ? `told --rate-limit ${limit.operations[0]}=${limit.perSecond * (limit.window ?? 1)}/${limit.window ?? 1}s` : 'not told'}`
    : `${limit.kind}, ${limit.perSecond}/s, ${limit.headers ? 'RateLimit-* + Retry-After' : 'Retry-After only'}, ${limit.told ? `told --rate-limit ${limit.perSecond}/s` : 'not told'}`;

/** The goal of a run: ≥ 0.9 of the rate allowed; a limit on the search alone: no longer than its searches at the rate allowed, plus 20 %. */
function goal({ limit, durationMs, searches, throttling }: Outcome): { ratio: number; met: boolean; text: string } {
  if (limit!.operations) {
    const floorS = searches / limit!.perSecond;
    const met = durationMs / 1000 <= floorS * SEARCH_SLACK;
    return { ratio: searches / (durationMs / 1000) / limit!.perSecond, met, text: `${met ? 'met' : 'NOT met'}: ≤ ${fixed(floorS * SEARCH_SLACK, 0)} s (${searches} searches at ${limit!.perSecond}/s + 20 %)` };
  }
  const ratio = throttling.effectivePerSecond / limit!.perSecond;
  return { ratio, met: ratio >= GOAL, text: ratio >= GOAL ? 'met' : 'NOT met' };
}

const paceOf = (t: RunThrottling) =>
  t.perSecond === undefined ? '–' : (t.limits ?? [t]).map((p) => `${fixed(p.perSecond!, 2)}${p.operations ? ` ${p.operations.join(', ')}` : ''} (${p.source})`).join('; ');

async function main(): Promise<void> {
  const rates = values['per-second'].split(',').map(Number);
  const groups = values.groups.split(',').map((g) => g.trim()) as Group[];
  for (const group of groups) if (!GROUPS.includes(group)) throw new Error(`--groups: no group "${group}"; groups: ${GROUPS.join(', ')}`);
  const machine = describeMachine();
  const started = performance.now();
  const unlimited = await inChild();
  const limits = limitsOf(groups, rates);
  const slowest = Math.max(...limits.map((l) => (l.operations ? unlimited.searches : unlimited.sent) / l.perSecond));
  console.log(`${limits.length} limited runs side by side (the slowest takes about ${Math.round(slowest / 60)} min)…`);
  const runs = await Promise.all(limits.map((limit) => inChild(limit)));
  const rows = [unlimited, ...runs].map((run) => {
    const { limit, durationMs, sent, searches, throttling: t, notChecked, failing: failed, verdict, lines } = run;
    const differ = lines.filter((line, i) => line !== unlimited.lines[i]).length + Math.abs(lines.length - unlimited.lines.length);
    const reached = limit ? goal(run) : undefined;
    return [
      limit ? describeLimit(limit) : 'unlimited',
      `${fixed(durationMs / 1000, 1)} s`,
      `${sent} (${searches} searches)`,
      fixed(t.effectivePerSecond, 2),
      reached ? fixed(reached.ratio, 2) : '–',
      reached ? reached.text : '–',
      t.refused,
      `${fixed(t.waitedMs / 1000, 1)} s`,
      paceOf(t),
      notChecked,
      failed,
      `${verdict.toUpperCase()}${differ ? `, ${differ} lines differ` : ', every line the same'}`,
    ];
  });
  const done = finishMachine(machine);
  const text = [
    '## A rate-limited deployment: the pace found, and the pace told',
    '',
    `\`npm run bench:rate-limit -- --per-second ${rates.join(',')} --groups ${groups.join(',')}\` (bench/rate-limit.ts), ${done.date}, ${fixed((performance.now() - started) / 1000, 0)} s, Node ${done.node}, ${done.cores} cores, load average ${fixed(done.loadAverage.start, 2)} at the start, ${fixed(done.loadAverage.end!, 2)} at the end.`,
    `The default live run (seed ${SEED}, budget ${DEFAULT_BUDGET.live}, writes on) in-process against the sandbox, unlimited and behind each limiter (conformance/test/support/rate-limit.ts): a fixed window (N per calendar window), a sliding window (N in any window), a token bucket (N a window, bursts of N); a 429 says \`Retry-After\` in whole seconds, and with headers every answer also says \`RateLimit-Limit\`, \`-Remaining\` and \`-Reset\` (no policy: the rate is learned either way). "told": the run is given the limit as \`--rate-limit\`. Before each run the ${PREFLIGHT_REQUESTS} requests of the CLI's preflight reach the deployment outside the pace, as they do. The limited runs side by side, each in a process of its own, one run each. Effective rate: requests sent per second of the run's wall time; goal ≥ ${GOAL} of the allowed rate; for a limit on the search alone, the run's wall time at most the searches' at the allowed rate plus ${Math.round((SEARCH_SLACK - 1) * 100)} % (effective / allowed: searches per second against the rate).`,
    '',
    table(['deployment', 'wall', 'requests', 'requests/s', 'effective / allowed', 'goal', '429s', 'waited', 'pace settled on', 'not checked', 'failing lines', 'verdict, against the unlimited run'], rows),
  ].join('\n');
  console.log(`\n${text}`);
  writeResults(text, undefined, 'rate-limit');
}

if (values.run !== undefined) {
  const limit = JSON.parse(values.run) as Partial<Limited>;
  void runOne(limit.kind ? (limit as Limited) : undefined);
} else void main();
