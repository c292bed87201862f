// `npx tsx bench/validation-variants.ts`: where the validator's time goes. Compiles the page's
// schema (PaginatedMunicipalityList) with the generator's Ajv options and with one thing
// changed at a time, and times each on the benchmark page next to JSON.parse of its bytes,
// each in its own process. Evidence for a change to scripts/generate/; it changes nothing itself.
import Module from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Ajv2020, { type Options } from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import addFormats from 'ajv-formats';
import contract from '../generated/openapi.json';
import { validatorFor } from '../protocol/validation';
import { ANNOTATION_KEYWORDS } from '../scripts/generate/ajv';
import { exited, spawnTracked, TSX } from './children';
import { fixed, table, type Cell } from './markdown';
import { municipalityPage } from './municipality-page';
import { median, medianNanosPerCall, type TimedTask } from './timing';

const BASE = 'https://contract.invalid/schemas/';
const FORMATS = ['uuid', 'date', 'date-time', 'email', 'uri'] as const;
type Format = (typeof FORMATS)[number];
/** How a format is checked: ajv-formats' full or fast mode, or not at all (always passes). */
type Check = 'full' | 'fast' | 'off';

interface Variant {
  name: string;
  options: Options;
  /** Formats checked other than in full mode. */
  formats?: Partial<Record<Format, Check>>;
  /** Rewrite the standalone code as the generator could (see lengthFastPath). */
  lengthFastPath?: boolean;
}

const every = (check: Check) => Object.fromEntries(FORMATS.map((format) => [format, check])) as Record<Format, Check>;

/** The generator's configuration (scripts/generate/ajv.ts) first, then one change each, then combinations. */
const VARIANTS: Variant[] = [
  { name: 'as generated (allErrors, unicode lengths, full formats)', options: {} },
  { name: 'allErrors: false', options: { allErrors: false } },
  { name: 'unicode: false (maxLength as .length)', options: { unicode: false } },
  { name: 'maxLength fast path in the standalone code (same results)', options: {}, lengthFastPath: true },
  { name: "'fast' uri", options: {}, formats: { uri: 'fast' } },
  { name: "'fast' date", options: {}, formats: { date: 'fast' } },
  { name: "'fast' email", options: {}, formats: { email: 'fast' } },
  { name: 'no uri check', options: {}, formats: { uri: 'off' } },
  { name: 'no email check', options: {}, formats: { email: 'off' } },
  { name: 'no date check', options: {}, formats: { date: 'off' } },
  { name: 'no uuid check', options: {}, formats: { uuid: 'off' } },
  { name: "every format 'fast'", options: {}, formats: every('fast') },
  { name: 'no format checks at all', options: {}, formats: every('off') },
  { name: "unicode: false + every format 'fast'", options: { unicode: false }, formats: every('fast') },
  { name: "maxLength fast path + every format 'fast'", options: {}, formats: every('fast'), lengthFastPath: true },
];

/**
 * ajv counts a string's length in code points with ucs2length, a loop over the string, for every
 * maxLength. A string has at most as many code points as UTF-16 units, so when `.length` is
 * within the limit the loop cannot find it too long: `f(x) > N` becomes `(x.length > N && f(x) > N)`.
 */
function lengthFastPath(code: string): string {
  const name = /const (\w+) = require\("ajv\/dist\/runtime\/ucs2length"\)\.default/.exec(code)?.[1];
  if (!name) throw new Error('the standalone code has no ucs2length to rewrite');
  return code.replace(new RegExp(`\\b${name}\\((\\w+)\\) > (\\d+)`, 'g'), (call, data: string, limit: string) => `(${data}.length > ${limit} && ${call})`);
}

/** Loads standalone CommonJS code as a module that resolves `require` from this directory. */
function loadModule(code: string): Record<string, unknown> {
  const filename = path.join(__dirname, 'validation-variant.cjs');
  const loaded = new Module(filename) as Module & { _compile(code: string, filename: string): void };
  loaded.filename = filename;
  loaded.paths = module.paths;
  loaded._compile(code, filename);
  return loaded.exports as Record<string, unknown>;
}

/** `#/components/schemas/X` -> the absolute id the generator gives component X. */
function absoluteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absoluteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? value.replace('#/components/schemas/', BASE) : absoluteRefs(value)]),
  );
}

function compile(variant: Variant): (data: unknown) => boolean {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true, code: { source: variant.lengthFastPath === true }, ...variant.options });
  const check = (format: Format): Check => variant.formats?.[format] ?? 'full';
  for (const mode of ['full', 'fast'] as const) {
    const formats = FORMATS.filter((format) => check(format) === mode);
    if (formats.length > 0) addFormats(ajv, { mode, formats });
  }
  for (const format of FORMATS.filter((f) => check(f) === 'off')) ajv.addFormat(format, true);
  for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  const schemas = (contract as unknown as { components: { schemas: Record<string, object> } }).components.schemas;
  for (const [name, schema] of Object.entries(schemas)) ajv.addSchema({ ...(absoluteRefs(schema) as object), $id: `${BASE}${name}` });
  const id = `${BASE}PaginatedMunicipalityList`;
  if (variant.lengthFastPath) {
    const validate = loadModule(lengthFastPath(standaloneCode(ajv, { page: id }))).page as (data: unknown) => boolean;
    return (data) => validate(data);
  }
  const validate = ajv.getSchema(id);
  if (!validate) throw new Error('the contract has no PaginatedMunicipalityList schema');
  return (data) => validate(data) as boolean;
}

/** The variants by index; -1 is the precompiled validator in generated/ (the reference). */
const GENERATED = -1;
const label = (index: number) => (index === GENERATED ? 'generated/validators.cjs (what the sandbox and the suite use)' : VARIANTS[index]!.name);

interface VariantTiming {
  validateUs: number;
  parseUs: number;
}

/** Times one variant next to JSON.parse in this process (a fresh JIT, so variants cannot disturb each other). */
function timeVariant(index: number): VariantTiming {
  const page = municipalityPage();
  const bytes = JSON.stringify(page);
  const parsed: unknown = JSON.parse(bytes);
  // Every variant must still refuse what the contract refuses.
  const tooLong = { ...page, results: [{ ...page.results[0]!, name: 'x'.repeat(256) }, ...page.results.slice(1)] };
  const generated = validatorFor('municipalitiesList', 200)!;
  const validate = index === GENERATED ? (data: unknown) => generated(data).valid : compile(VARIANTS[index]!);
  if (!validate(parsed)) throw new Error(`${label(index)}: the benchmark page is invalid`);
  if (validate(tooLong)) throw new Error(`${label(index)}: accepts a 256-character name (maxLength 255)`);
  const tasks: TimedTask[] = [
    { name: 'parse', run: () => JSON.parse(bytes) as unknown },
    { name: 'validate', run: () => validate(parsed) },
  ];
  const nanos = medianNanosPerCall(tasks, { iterations: 2_000, batchSize: 20, warmup: 500 });
  return { validateUs: nanos.validate! / 1000, parseUs: nanos.parse! / 1000 };
}

async function runVariant(index: number): Promise<VariantTiming> {
  const child = spawnTracked([...TSX, __filename, `--variant=${index}`]);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const { code, stderr } = await exited(child);
  if (code !== 0) throw new Error(`${label(index)}: ${stderr.trim().split('\n').pop() ?? `exit ${code}`}`);
  return JSON.parse(stdout) as VariantTiming;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { variant: { type: 'string' }, rounds: { type: 'string', default: '3' } } });
  if (values.variant !== undefined) {
    process.stdout.write(JSON.stringify(timeVariant(Number(values.variant))));
    return;
  }
  const rounds = Number(values.rounds);
  const indexes = [GENERATED, ...VARIANTS.keys()];
  const samples = new Map(indexes.map((index) => [index, [] as VariantTiming[]]));
  // Rounds over all variants, so a busy moment of the machine hits every variant alike.
  for (let round = 0; round < rounds; round++) for (const index of indexes) samples.get(index)!.push(await runVariant(index));
  const rows: Cell[][] = indexes.map((index) => {
    const timings = samples.get(index)!;
    const ratios = timings.map((t) => t.validateUs / t.parseUs);
    return [label(index), fixed(median(timings.map((t) => t.validateUs)), 1), fixed(median(timings.map((t) => t.parseUs)), 1), fixed(median(ratios), 2), ratios.map((r) => fixed(r, 2)).join(', ')];
  });
  console.log(`Node ${process.version}; a municipality page (bench/municipality-page.ts); each variant in its own process, medians of 2000 calls; ${rounds} rounds, medians`);
  console.log(table(['validator', 'validate µs', 'JSON.parse µs', 'validate / parse', 'each round'], rows));
}

main().catch((error: unknown) => {
  process.stderr.write(`validation-variants: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
