// Before serving, make sure generated/ was made from the contract in openapi/ as it is now: a
// sandbox on a stale generated/ would teach frontends an API that no longer exists. It compares
// the SHA-256 fingerprints generated/sources.ts recorded; it never regenerates and imports
// nothing from scripts/ (`npm run check:generated` remains the full byte comparison).
import fs from 'node:fs';
import { CONTRACT_DIR, staleSources } from '../protocol/freshness';

const SHOWN = 5;

/** One line naming the contract files changed since generated/ was made, or undefined when fresh (or when openapi/ is not there to compare). */
export function staleProblem(dir = CONTRACT_DIR): string | undefined {
  if (!fs.existsSync(dir)) return undefined;
  const stale = staleSources(dir);
  if (stale.length === 0) return undefined;
  const named = stale.slice(0, SHOWN).map((name) => `openapi/${name}`).join(', ');
  const more = stale.length > SHOWN ? ` and ${stale.length - SHOWN} more` : '';
  return `generated/ is stale: ${named}${more} changed since it was made; run npm run generate`;
}
