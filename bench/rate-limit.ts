// `npm run bench:rate-limit [-- --per-second 5,20]`: the default live run (seed fixed, no
// --rate-limit) in-process against the sandbox behind each limiter gateways build — a fixed
// window, a sliding window, a token bucket, each with and without RateLimit headers — at each
// rate, next to the same run unlimited. Per run: wall time, requests, the rate reached against
// the one allowed, 429s, time waited, the pace settled on, failing lines, and whether every
// rule × operation line came out as in the unlimited run. The limited runs wait, they hardly
// compute: they run side by side, each in a process of its own against its own deployment (one
// run's work never delays another's turns), so the figure is the limit's, not the machine's.
// Writes its own part of bench/RESULTS.md.
import { parseArgs } from 'node:util';
import { failing, judge } from '../conformance/test/support/judge';
import { LIMITER_KINDS, rateLimited, type LimiterKind } from '../conformance/test/support/rate-limit';
import { sandboxFetch } from '../conformance/test/support/sandbox';
import { DEFAULT_BUDGET } from '../conformance/options';
import type { RunThrottling } from '../conformance/report/timing';
import { exited, spawnTracked, TSX } from './children';
import { describeMachine, finishMachine } from './machine';
import { fixed, table } from './markdown';
import { writeResults } from './results-file';

const { values } = parseArgs({ options: { 'per-second': { type: 'string', default: '5,20' }, run: { type: 'string' } } });
const SEED = 42;
/** The rate reached must be at least this share of the rate allowed (issue 25). */
const GOAL = 0.9;

interface Limited {
  kind: LimiterKind;
  perSecond: number;
  headers: boolean;
}

/** What one run reports to the bench. */
interface Outcome {
  limit?: Limited;
  durationMs: number;
  sent: number;
  throttling: RunThrottling;
  notChecked: number;
  failing: number;
  verdict: string;
  /** `rule operation outcome` per line, to compare with the unlimited run. */
  lines: string[];
}

/** `--run <json>` (a child): one run, its outcome as JSON on stdout. */
async function runOne(limit?: Limited): Promise<void> {
  const report = await judge(limit ? rateLimited(sandboxFetch(), limit) : sandboxFetch(), { seed: SEED });
  const outcome: Outcome = {
    ...(limit && { limit }),
    durationMs: report.durationMs,
    sent: report.requests.sent,
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

async function main(): Promise<void> {
  const rates = values['per-second'].split(',').map(Number);
  const machine = describeMachine();
  const started = performance.now();
  const unlimited = await inChild();
  const limits = rates.flatMap((perSecond) => LIMITER_KINDS.flatMap((kind) => [false, true].map((headers): Limited => ({ kind, perSecond, headers }))));
  console.log(`${limits.length} limited runs side by side (the slowest at ${Math.min(...rates)}/s takes about ${Math.round(unlimited.sent / Math.min(...rates) / 60)} min)…`);
  const runs = await Promise.all(limits.map((limit) => inChild(limit)));
  const rows = [unlimited, ...runs].map(({ limit, durationMs, sent, throttling: t, notChecked, failing: failed, verdict, lines }) => {
    const ratio = limit ? t.effectivePerSecond / limit.perSecond : undefined;
    const differ = lines.filter((line, i) => line !== unlimited.lines[i]).length + Math.abs(lines.length - unlimited.lines.length);
    return [
      limit ? `${limit.kind}, ${limit.perSecond}/s, ${limit.headers ? 'RateLimit-* + Retry-After' : 'Retry-After only'}` : 'unlimited',
      `${fixed(durationMs / 1000, 1)} s`,
      sent,
      fixed(t.effectivePerSecond, 2),
      ratio === undefined ? '–' : fixed(ratio, 2),
      ratio === undefined ? '–' : ratio >= GOAL ? 'met' : 'NOT met',
      t.refused,
      `${fixed(t.waitedMs / 1000, 1)} s`,
      t.perSecond === undefined ? '–' : `${fixed(t.perSecond, 2)} (${t.source})`,
      notChecked,
      failed,
      `${verdict.toUpperCase()}${differ ? `, ${differ} lines differ` : ', every line the same'}`,
    ];
  });
  const done = finishMachine(machine);
  const text = [
    '## A rate-limited deployment: the pace found without `--rate-limit`',
    '',
    `\`npm run bench:rate-limit\` (bench/rate-limit.ts), ${done.date}, ${fixed((performance.now() - started) / 1000, 0)} s, Node ${done.node}, ${done.cores} cores, load average ${fixed(done.loadAverage.start, 2)} at the start, ${fixed(done.loadAverage.end!, 2)} at the end.`,
    `The default live run (seed ${SEED}, budget ${DEFAULT_BUDGET.live}, writes on, no \`--rate-limit\`) in-process against the sandbox, unlimited and behind each limiter (conformance/test/support/rate-limit.ts): a fixed window (N per calendar second), a sliding window (N in any second), a token bucket (N a second, bursts of N); a 429 says \`Retry-After\` in whole seconds, and with headers every answer also says \`RateLimit-Limit\`, \`-Remaining\` and \`-Reset\` (no policy: the rate is learned either way). The limited runs side by side, each in a process of its own, one run each. Effective rate: requests sent per second of the run's wall time; goal ≥ ${GOAL} of the allowed rate.`,
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
