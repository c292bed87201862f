// generated/sources.ts: a fingerprint (SHA-256) of every source file of the contract, taken when
// generated/ is made. `npm start` and the sandbox compare them at start (protocol/freshness.ts,
// milliseconds) instead of regenerating everything to compare bytes.
import { fingerprints } from '../../protocol/fingerprints';
import { GENERATED_BANNER } from './banner';

export function renderSources(dir: string): string {
  return [
    GENERATED_BANNER,
    '// The SHA-256 of every source file of the contract (openapi/) when generated/ was made;',
    '// protocol/freshness.ts compares them with openapi/ as it is now.',
    '',
    `export const sourceHashes: Readonly<Record<string, string>> = ${JSON.stringify(fingerprints(dir), null, 2)};`,
    '',
  ].join('\n');
}
