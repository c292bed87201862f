// generated/sources.ts: a fingerprint (SHA-256) of every source file of the contract, taken when
// generated/ is made. `npm start` and the sandbox compare them at start (protocol/freshness.ts,
// milliseconds) instead of regenerating everything to compare bytes. Beside them, where each
// operation is written (locations.ts): the suite's results.sarif points at it.
import path from 'node:path';
import { fingerprints } from '../../protocol/fingerprints';
import { GENERATED_BANNER } from './banner';
import { readOperationLocations } from './locations';

export function renderSources(entry: string): string {
  return [
    GENERATED_BANNER,
    '// The SHA-256 of every source file of the contract (openapi/) when generated/ was made;',
    '// protocol/freshness.ts compares them with openapi/ as it is now.',
    '',
    `export const sourceHashes: Readonly<Record<string, string>> = ${JSON.stringify(fingerprints(path.dirname(entry)), null, 2)};`,
    '',
    '// Where each operation is written: the file (from the folder that holds openapi/) and the line of its method key.',
    `export const operationSources: Readonly<Record<string, { file: string; line: number }>> = ${JSON.stringify(readOperationLocations(entry), null, 2)};`,
    '',
    '// The contract\'s entry file, for what concerns no one operation.',
    `export const contractSource = ${JSON.stringify({ file: path.relative(path.dirname(path.dirname(entry)), entry).split(path.sep).join('/'), line: 1 })} as const;`,
    '',
  ].join('\n');
}
