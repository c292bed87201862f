// Before serving, make sure generated/ is what the contract in openapi/ produces: a mock of a
// stale document would teach frontends an API that no longer exists.
import fs from 'node:fs';
import path from 'node:path';
import { CONTRACT_ENTRY } from '../scripts/generate/bundle';
import { GENERATED_DIR, staleFiles } from '../scripts/generate/main';
import { renderGenerated } from '../scripts/generate/render';

export interface FreshnessOptions {
  entry?: string;
  dir?: string;
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n').filter(Boolean).join(' ');

/** One line naming what is wrong with the contract or generated/, or undefined when it is fresh and valid. */
export async function contractProblem(options: FreshnessOptions = {}): Promise<string | undefined> {
  const dir = options.dir ?? GENERATED_DIR;
  const document = path.join(dir, 'openapi.json');
  if (!fs.existsSync(document)) return `${path.relative(process.cwd(), document)} is missing; run \`npm run generate\``;
  try {
    JSON.parse(fs.readFileSync(document, 'utf8'));
  } catch (error) {
    return `${path.relative(process.cwd(), document)} is not valid JSON (${firstLine(error)}); run \`npm run generate\``;
  }
  let expected: Map<string, string>;
  try {
    expected = await renderGenerated(options.entry ?? CONTRACT_ENTRY);
  } catch (error) {
    return `the contract in openapi/ is invalid: ${firstLine(error)}`;
  }
  const stale = staleFiles(expected, dir);
  if (stale.length > 0) return `generated/ is stale (${stale.join(', ')}); run \`npm run generate\``;
  return undefined;
}
