// Whether generated/ was made from the contract in openapi/ as it is now, from the fingerprints
// generated/sources.ts recorded: milliseconds at a server's start instead of regenerating.
// `npm run check:generated` remains the full byte comparison. Node only.
import path from 'node:path';
import { sourceHashes } from '../generated/sources';
import { fingerprints } from './fingerprints';

export const CONTRACT_DIR = path.resolve(__dirname, '../openapi');

/** Files of the contract changed, added or removed since generated/ was made (`[]`: fresh). */
export function staleSources(dir = CONTRACT_DIR): string[] {
  const present = fingerprints(dir);
  const changed = Object.keys(present).filter((name) => sourceHashes[name] !== present[name]);
  const removed = Object.keys(sourceHashes).filter((name) => !(name in present));
  return [...changed, ...removed].sort();
}
