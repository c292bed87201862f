// The fault sweep (`npm run test:faults`): every deployment with one realistic bug
// (strength/tables/) judged as the CLI judges it, with many seeds and the default budget.
// The suite must fail the fault's rule × operation on every seed: a seed that misses it is a
// bug found by chance, which QA cannot rely on. The table names each miss; exit 1 when there is any.
// (`npx conformance strength` is the same judgement with one seed and the user's settings.)
//   node --import tsx conformance/test/fault-seeds.ts [--seeds 5] [--table inputs] [--only <text in a fault's name>]
import { parseArgs } from 'node:util';
import { sandboxRunConfig } from '../../strength/config';
import { measure } from '../../strength/measure';
import { FAULT_TABLES } from '../../strength/tables';

const { values } = parseArgs({ options: { seeds: { type: 'string' }, table: { type: 'string', multiple: true }, only: { type: 'string', multiple: true } } });
const seeds = Array.from({ length: Number(values.seeds ?? 5) }, (_, i) => 3000 + i * 7919);
const faults = Object.entries(FAULT_TABLES)
  .filter(([table]) => !values.table || values.table.includes(table))
  .flatMap(([table, cases]) => cases.map((c) => ({ table, c })))
  .filter(({ c }) => !values.only || values.only.some((text) => c.name.includes(text)));

async function main(): Promise<void> {
  const started = performance.now();
  const rows: string[] = [];
  let misses = 0;
  for (const { table, c } of faults) {
    const [rule, op] = c.expect;
    const missed: string[] = [];
    for (const seed of seeds) {
      const result = await measure(table, c, sandboxRunConfig({ runId: 'test', seed }));
      if (!result.caught) missed.push(`${seed}: ${result.outcome === 'none' ? 'no line' : result.outcome}`);
    }
    misses += missed.length;
    rows.push(`| ${table} | ${c.name} | ${rule} ${op} | ${seeds.length - missed.length}/${seeds.length} | ${missed.join(', ')} |`);
    process.stderr.write(`${missed.length ? 'MISS' : 'ok  '} ${table}: ${c.name}\n`);
  }
  console.log(['| table | fault | expected | found | missed (seed: outcome) |', '|---|---|---|---:|---|', ...rows].join('\n'));
  console.log(`\n${faults.length} faults × ${seeds.length} seeds, ${misses} missed, ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exitCode = misses ? 1 : 0;
}

void main();
