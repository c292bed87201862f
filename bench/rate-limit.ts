// `npm run bench:rate-limit [-- --runs 3]`: the whole conformance suite (default live run, seed
// fixed) against the in-process sandbox limited to 5 requests/s (429 with Retry-After beyond
// that, per second), next to the same run unlimited: wall time (median), requests, 429s waited
// out, requests not checked, verdict. The limited runs wait, they hardly compute: they run side
// by side, each against its own deployment, so the figure is the limit's, not the machine's.
import { parseArgs } from 'node:util';
import { failing, judge } from '../conformance/test/support/judge';
import { rateLimited } from '../conformance/test/support/rate-limit';
import { sandboxFetch } from '../conformance/test/support/sandbox';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' }, 'per-second': { type: 'string', default: '5' } } });
const runs = Number(values.runs);
const perSecond = Number(values['per-second']);
const SEED = 42;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

async function once(limited: boolean) {
  const deployment = limited ? rateLimited(sandboxFetch(), { perSecond }) : undefined;
  const started = performance.now();
  const report = await judge(deployment ?? sandboxFetch(), { seed: SEED });
  return {
    seconds: (performance.now() - started) / 1000,
    requests: report.requests.sent,
    refused: deployment?.refused() ?? 0,
    notChecked: report.notChecked.length,
    failures: failing(report).length,
  };
}

async function main(): Promise<void> {
  const unlimited = [];
  for (let i = 0; i < runs; i += 1) unlimited.push(await once(false));
  const limited = await Promise.all(Array.from({ length: runs }, () => once(true)));
  const row = (name: string, rs: Awaited<ReturnType<typeof once>>[]) =>
    `| ${name} | ${median(rs.map((r) => r.seconds)).toFixed(1)} s (${rs.map((r) => r.seconds.toFixed(0)).join(', ')}) | ${median(rs.map((r) => r.requests))} | ${median(rs.map((r) => r.refused))} | ${median(rs.map((r) => r.notChecked))} | ${Math.max(...rs.map((r) => r.failures))} |`;
  console.log(`Suite against the sandbox, seed ${SEED}, ${runs} runs each (medians), ${new Date().toISOString()}\n`);
  console.log('| deployment | wall time (each run) | requests | 429s waited out | not checked | failing lines (worst run) |');
  console.log('|---|---|---:|---:|---:|---:|');
  console.log(row('sandbox, unlimited', unlimited));
  console.log(row(`sandbox limited to ${perSecond} requests/s, Retry-After`, limited));
}

void main();
