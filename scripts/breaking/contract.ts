// Loads a contract as one bundled document: the split openapi/ tree (or a bundled file) through
// the same Redocly bundler as `npm run generate`, component $refs kept.
import fs from 'node:fs';
import { bundleContract } from '../generate/bundle';
import { GateError, messageOf } from './errors';
import type { JsonObject } from './pointer';

/** Where a project keeps its contract, relative to the project root. */
export const CONTRACT_FOLDER = 'openapi';
export const CONTRACT_ENTRY = 'openapi/openapi.yaml';

/** `what` names the contract in errors: "the base HEAD~1 (1a2b3c4)", "the working tree". */
export async function loadContract(entry: string, what: string): Promise<JsonObject> {
  if (!fs.existsSync(entry)) throw new GateError(`${what}: ${entry} does not exist`);
  try {
    return await bundleContract(entry);
  } catch (error) {
    throw new GateError(`${what} does not bundle: ${messageOf(error).replace(/\s*\n\s*/g, '; ')}`);
  }
}
