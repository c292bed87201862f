// `npm run bench:validate`: how long the precompiled validator takes for a full municipality page
// (20 items with officials) next to JSON.parse of the same bytes, as medians; target ratio ≤ 0.5.
// `measureValidation()` returns the figures for bench/run.ts.
import { parseArgs } from 'node:util';
import { validatorFor } from '../protocol/validation';
import { municipalityPage } from './municipality-page';
import { medianNanosPerCall, type TimingOptions } from './timing';

export interface ValidationFigures {
  pageBytes: number;
  items: number;
  officials: number;
  iterations: number;
  /** Median microseconds per call. */
  validateUs: number;
  parseUs: number;
  /** validate / parse; the target is ≤ 0.5. */
  ratio: number;
}

export const RATIO_TARGET = 0.5;

const DEFAULTS: TimingOptions = { iterations: 2_000, batchSize: 20, warmup: 500 };

export function measureValidation(options: Partial<TimingOptions> = {}): ValidationFigures {
  const timing = { ...DEFAULTS, ...options };
  const validate = validatorFor('municipalitiesList', 200);
  if (!validate) throw new Error('generated/ has no validator for municipalitiesList 200; run `npm run generate`');
  const page = municipalityPage();
  const bytes = JSON.stringify(page);
  const parsed: unknown = JSON.parse(bytes);
  // An invalid page would time the error path (formatting), not the one that matters.
  const verdict = validate(parsed);
  if (!verdict.valid) throw new Error(`the benchmark page is invalid: ${verdict.errors.slice(0, 3).join('; ')}`);

  const nanos = medianNanosPerCall(
    [
      { name: 'validate', run: () => validate(parsed).valid },
      { name: 'parse', run: () => JSON.parse(bytes) as unknown },
    ],
    timing,
  );
  const validateUs = nanos.validate! / 1000;
  const parseUs = nanos.parse! / 1000;
  return {
    pageBytes: Buffer.byteLength(bytes),
    items: page.results.length,
    officials: page.results.reduce((total, municipality) => total + municipality.officials.length, 0),
    iterations: timing.iterations,
    validateUs,
    parseUs,
    ratio: validateUs / parseUs,
  };
}

export function formatFigures(figures: ValidationFigures): string {
  const us = (value: number) => `${value.toFixed(1)} µs`;
  return [
    `Municipality page: ${figures.items} items, ${figures.officials} officials, ${figures.pageBytes} bytes; medians of ${figures.iterations} runs each`,
    `  validate (validatorFor('municipalitiesList', 200)): ${us(figures.validateUs)}`,
    `  JSON.parse of the same bytes:                      ${us(figures.parseUs)}`,
    `  ratio validate/parse: ${figures.ratio.toFixed(2)} (target ≤ ${RATIO_TARGET}: ${figures.ratio <= RATIO_TARGET ? 'met' : 'not met'})`,
  ].join('\n');
}

function main(): void {
  const { values } = parseArgs({ options: { iterations: { type: 'string' } } });
  const iterations = values.iterations === undefined ? DEFAULTS.iterations : Number(values.iterations);
  if (!Number.isInteger(iterations) || iterations < DEFAULTS.batchSize) {
    throw new Error(`--iterations must be an integer ≥ ${DEFAULTS.batchSize}, got "${values.iterations}"`);
  }
  console.log(`Node ${process.version}`);
  console.log(formatFigures(measureValidation({ iterations })));
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(`bench:validate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
