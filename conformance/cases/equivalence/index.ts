// The rows of the catalogue that apply to a request, each with the request it makes: the same
// proof as the plain request (an equivalent request is as valid), but where the row lets a
// deployment refuse it (any answer then: a 4xx warns) or the method is another (HEAD).
import type { RequestSpec } from '../../engine/request';
import type { Mode } from '../../engine/types';
import { EQUIVALENCES } from './catalogue';
import type { Equivalence, Family, RowContext } from './relation';

export { EQUIVALENCES, equivalenceNamed } from './catalogue';
export type { Comparison, Equivalence, Family, RowContext } from './relation';

export interface Transformed {
  row: Equivalence;
  spec: RequestSpec;
}

/** Each row of these families (in mock mode, those the mock can answer) that applies to `plain`, with its request. */
export function transformationsOf(plain: RequestSpec, families: readonly Family[], ctx: RowContext, mode: Mode): Transformed[] {
  return EQUIVALENCES.filter((row) => families.includes(row.family) && (mode === 'live' || row.mock)).flatMap((row) => {
    const spec = row.apply(plain, ctx);
    if (!spec) return [];
    const expect = row.compare === 'head' ? undefined : row.mayRefuse && plain.expect === 'accept' ? 'any' : plain.expect;
    return [{ row, spec: { ...spec, expect, purpose: `${plain.purpose} — ${row.name}` } }];
  });
}
