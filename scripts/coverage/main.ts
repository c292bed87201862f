// `npm run coverage:gate`: fails when a status the contract declares was never exercised by the
// conformance run against the mock, or a place of the contract does not declare what it means (a
// blind area), and has no recorded reason (conformance/coverage-reasons.json).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { meaning, operations, type OperationId } from '../../generated';
import { declaredStatuses } from '../../protocol/operations';
import { gatePasses, judgeCoverage, type CoverageReport, type RecordedReasons } from './gate';

const ROOT = path.resolve(__dirname, '../..');
const HELP = `Usage: npm run coverage:gate -- [--coverage <file>] [--reasons <file>]

  --coverage  coverage.json of a conformance run against the mock (default reports/conformance-mock/coverage.json)
  --reasons   recorded reasons for statuses that cannot be exercised (default conformance/coverage-reasons.json)

Exit 0 when every declared status was exercised and every place of the contract declares its meaning
(x-filter, x-pagination, x-resource, x-condition), or has a recorded reason; 1 otherwise, 2 on bad input.
A reason for a blind area is keyed "<operationId> <place>", e.g. "municipalitiesList query parameter min_population".`;

class InputError extends Error {}

const shown = (file: string) => (file.startsWith(ROOT + path.sep) ? path.relative(ROOT, file) : file);

function readJson<T>(file: string, what: string): T {
  if (!fs.existsSync(file)) throw new InputError(`${what} ${shown(file)} is missing${what === 'coverage report' ? ' (run `npm run conformance -- --report reports/conformance-mock` first)' : ''}`);
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new InputError(`${what} ${shown(file)} is not valid JSON: ${(error as Error).message}`);
  }
}

function main(): number {
  const { values } = parseArgs({ options: { coverage: { type: 'string' }, reasons: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const coverageFile = path.resolve(values.coverage ?? path.join(ROOT, 'reports/conformance-mock/coverage.json'));
  const reasonsFile = path.resolve(values.reasons ?? path.join(ROOT, 'conformance/coverage-reasons.json'));
  const report = readJson<CoverageReport>(coverageFile, 'coverage report');
  if (report.mode !== 'mock') throw new InputError(`coverage report ${shown(coverageFile)} is from a ${report.mode} run; the gate reads the run against the mock`);
  const reasons = readJson<RecordedReasons>(reasonsFile, 'reasons file');

  const declared = Object.fromEntries((Object.keys(operations) as OperationId[]).map((op) => [op, declaredStatuses(op)])) as Record<OperationId, number[]>;
  const blind = Object.fromEntries((Object.keys(operations) as OperationId[]).map((op) => [op, meaning[op].blind]));
  const verdict = judgeCoverage(declared, report, reasons, blind);
  for (const { cell, reason } of verdict.excused) console.log(`excused   ${cell}: ${reason}`);
  for (const line of verdict.staleReasons) console.log(`stale     ${line}`);
  for (const line of [...verdict.unexercised, ...verdict.missing]) console.error(`uncovered ${line}`);
  for (const line of verdict.blind) console.error(`blind     ${line}: declare it in openapi/ (openapi/README.md, "What an operation means"); no run can judge it`);
  const blindCount = Object.values(blind).flat().length;
  console.log(`coverage: ${verdict.exercised} of ${verdict.declared} declared statuses exercised, ${blindCount} blind area${blindCount === 1 ? '' : 's'} of the contract, ${verdict.excused.length} excused by a recorded reason`);
  return gatePasses(verdict) ? 0 : 1;
}

try {
  process.exitCode = main();
} catch (error) {
  if (!(error instanceof InputError)) throw error;
  console.error(`coverage:gate: ${error.message}`);
  process.exitCode = 2;
}
