// The long sweep (`npm run test:seeds`): the whole suite, as the CLI runs it, against every
// correct deployment of the matrix (support/variants.ts) with many seeds: 50 against the sandbox,
// 20 against every other variant unless told otherwise. A failing line on a correct deployment is
// a false alarm: the table names each, and the exit status is 1 when there is any.
//   node --import tsx conformance/test/seeds.ts [--seeds 20] [--reference-seeds 50] [--only <text in a variant's name>]
import { parseArgs } from 'node:util';
import { reached } from '../../strength/serve';
import { failing, judge } from './support/judge';
import { VARIANTS, type Variant } from './support/variants';

const { values } = parseArgs({ options: { seeds: { type: 'string' }, 'reference-seeds': { type: 'string' }, only: { type: 'string', multiple: true } } });
const seedsFor = (variant: Variant) => Number(variant.axis === 'reference' ? (values['reference-seeds'] ?? 50) : (values.seeds ?? 20));
const seedList = (n: number) => Array.from({ length: n }, (_, i) => 1000 + i * 7919);
const selected = VARIANTS.filter((v) => !values.only || values.only.some((text) => `${v.axis}: ${v.name}`.includes(text)));

interface Row {
  variant: Variant;
  runs: number;
  alarms: Array<{ seed: number; lines: string[] }>;
  notChecked: number;
  ms: number;
}

async function sweep(variant: Variant): Promise<Row> {
  const started = performance.now();
  const row: Row = { variant, runs: 0, alarms: [], notChecked: 0, ms: 0 };
  const one = async (seed: number) => {
    const { fetch, overrides, close } = await reached(variant.make(), variant.overHttp);
    const report = await judge(fetch, { seed, ...variant.config, ...overrides }).finally(close);
    row.runs += 1;
    row.notChecked += report.notChecked.length;
    const lines = failing(report);
    if (lines.length) row.alarms.push({ seed, lines });
  };
  const seeds = seedList(seedsFor(variant));
  // Runs that mostly wait (a rate limit, slow answers) go side by side; the others one by one.
  if (variant.idle) await Promise.all(seeds.map(one));
  else for (const seed of seeds) await one(seed);
  row.ms = performance.now() - started;
  process.stderr.write(`${row.alarms.length ? 'ALARM' : 'ok   '} ${variant.axis}: ${variant.name} (${row.runs} seeds, ${(row.ms / 1000).toFixed(0)} s)\n`);
  return row;
}

async function main(): Promise<void> {
  const started = performance.now();
  const idle = selected.filter((v) => v.idle);
  const busy = selected.filter((v) => !v.idle);
  const rows = (await Promise.all([Promise.all(idle.map(sweep)), (async () => {
    const out: Row[] = [];
    for (const v of busy) out.push(await sweep(v));
    return out;
  })()])).flat();

  const table = [
    '| axis | variant | seeds | false alarms | not checked | wall time |',
    '|---|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.variant.axis} | ${r.variant.name} | ${r.runs} | ${r.alarms.length} | ${r.notChecked} | ${(r.ms / 1000).toFixed(0)} s |`),
  ];
  const runs = rows.reduce((n, r) => n + r.runs, 0);
  const alarms = rows.flatMap((r) => r.alarms.map((a) => ({ ...a, variant: r.variant })));
  console.log(table.join('\n'));
  console.log(`\n${rows.length} variants, ${runs} runs, ${alarms.length} with a false alarm, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  for (const alarm of alarms) {
    console.log(`\n${alarm.variant.axis}: ${alarm.variant.name}, seed ${alarm.seed}:`);
    for (const line of alarm.lines.slice(0, 8)) console.log(`  ${line.slice(0, 400)}`);
  }
  process.exitCode = alarms.length ? 1 : 0;
}

void main();
