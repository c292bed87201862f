// `--data file.json`: a team's own seed data from a JSON file (`{ municipalities, companies,
// watchdogs }`, each list optional, in the contract's shapes), read and checked before the
// sandbox starts, so that a problem is one line naming the file, the item and the field.
import fs from 'node:fs';
import { buildSeed } from './core/seed';
import { seedDataProblem, type SeedData } from './core/seed/own-data';
import { UsageError } from '../protocol/server-address';

export function readDataFile(file: string): SeedData {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`--data ${file}: cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--data ${file}: not JSON (${(error as Error).message})`);
  }
  const problem = seedDataProblem(data, buildSeed());
  if (problem) throw new UsageError(`--data ${file}: ${problem.field ? `${problem.field}: ` : ''}${problem.problem}`);
  return data as SeedData;
}
