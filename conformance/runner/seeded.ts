// Values drawn from the run's seed and a label: the same seed gives the same order and the same
// UUIDs, so a run can be repeated exactly (`--seed`).
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { Run } from './run';

/** The items in an order fast-check draws from the run's seed and a label: the same seed, the same order. */
export function seededShuffle<T>(run: Run, label: string, items: readonly T[]): T[] {
  if (items.length < 2) return [...items];
  const seed = createHash('sha256').update(`${run.config.seed}:${label}`).digest().readInt32LE(0);
  return fc.sample(fc.shuffledSubarray([...items], { minLength: items.length }), { seed, numRuns: 1 })[0]!;
}

/** An index below `n` derived from the run's seed and a label: the same seed picks the same. */
export const seededIndex = (run: Run, label: string, n: number) => createHash('sha256').update(`${run.config.seed}:${label}`).digest().readUInt32LE(0) % n;

/** A version-4 UUID derived from the run's seed and a label: the same seed gives the same UUIDs. */
export function seededUuid(run: Run, label: string): string {
  const hex = createHash('sha256').update(`${run.config.seed}:${label}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16]!, 16) % 4]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
