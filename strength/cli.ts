// `npx conformance strength` / `contract-kit strength` / `npm run strength`: the suite's strength
// against the kit's fault tables, with the user's settings. See --help (help.ts).
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../conformance';
import { HELP } from './help';
import { parseStrengthOptions } from './options';
import { measureAll } from './pool';
import { renderHeader, renderProgress, renderTable, summarize } from './render';

const EXIT = { printed: 0, belowMinimum: 1, internal: 1, usage: 2 } as const;

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let options;
  try {
    options = parseStrengthOptions(argv, process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`conformance strength: ${error.message}`);
    return EXIT.usage;
  }
  if (options === 'help') {
    console.log(HELP);
    return EXIT.printed;
  }
  const { config, faults, jobs } = options;
  const run = { seed: config.seed, budget: config.budget, settings: options.settings, ...(options.ignored && { ignored: options.ignored }), jobs };
  const header = renderHeader(run, faults.length, options.tables.length);
  // With --json stdout is the JSON alone.
  (options.json ? console.error : console.log)(header);
  const started = performance.now();
  let done = 0;
  const results = await measureAll(faults, config, jobs, (result) => {
    done += 1;
    if (!options.quiet) process.stderr.write(`${renderProgress(result, done, faults.length)}\n`);
  });
  const result = summarize(results, { ...run, durationMs: Math.round(performance.now() - started) });
  const table = renderTable(result);
  if (options.json) console.log(JSON.stringify(result, null, 2));
  else console.log(`\n${table}`);
  if (options.reportDir) {
    fs.mkdirSync(options.reportDir, { recursive: true });
    fs.writeFileSync(path.join(options.reportDir, 'strength.json'), `${JSON.stringify(result, null, 2)}\n`);
    fs.writeFileSync(path.join(options.reportDir, 'strength.md'), `${header}\n\n${table}\n`);
    console.error(`Written: ${['strength.json', 'strength.md'].map((file) => path.relative(process.cwd(), path.join(options.reportDir!, file))).join(', ')}`);
  }
  const { minCaught } = options;
  if (minCaught) {
    const needed = 'count' in minCaught ? minCaught.count : Math.ceil((minCaught.percent / 100) * result.total);
    if (result.caught < needed) {
      console.error(`conformance strength: caught ${result.caught} of ${result.total}, below --min-caught ${'count' in minCaught ? minCaught.count : `${minCaught.percent}% (${needed})`}`);
      return EXIT.belowMinimum;
    }
  }
  return EXIT.printed;
}

/** The process entry: runs main, prints an unexpected error as one line, and exits. */
export function cli(): void {
  main()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(`conformance strength: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(EXIT.internal);
    });
}

if (require.main === module) cli();
