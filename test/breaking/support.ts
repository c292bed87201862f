// Shared by the breaking-gate tests: the real bundled contract, a typed view of its parts the
// mutations touch, and a bounded pool (each comparison spawns `redocly diff`, ~0.7 s of CPU).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JsonObject } from '../../scripts/breaking/pointer';

export const ROOT = path.resolve(__dirname, '../..');

type Schema = JsonObject & { properties: Record<string, JsonObject>; required?: string[]; enum?: unknown[] };
type Operation = JsonObject & { responses: Record<string, unknown>; parameters?: unknown[]; security?: unknown[] };

/** The parts of the contract the golden mutations edit, typed loosely but without casts at each use. */
export interface Contract extends JsonObject {
  paths: Record<string, Record<string, Operation>>;
  security?: JsonObject[];
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, JsonObject & { schema: JsonObject }>;
    requestBodies: Record<string, JsonObject & { content: Record<string, unknown>; required?: boolean }>;
    responses: Record<string, JsonObject & { content: Record<string, unknown> }>;
    securitySchemes: Record<string, JsonObject>;
  };
}

const bundled = fs.readFileSync(path.join(ROOT, 'generated/openapi.json'), 'utf8');

/** A fresh copy of the real bundled contract (generated/openapi.json). */
export const realContract = (): Contract => JSON.parse(bundled) as Contract;

/** Runs `task` over `items`, at most `limit` at a time, keeping the order of results. */
export async function inPool<T, R>(items: readonly T[], task: (item: T) => Promise<R>, limit = poolSize()): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One spawn per core keeps the CPU busy without thrashing a 2-core machine. */
const poolSize = () => Math.min(4, Math.max(2, os.availableParallelism()));
