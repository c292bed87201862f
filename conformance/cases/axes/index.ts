// The axes of a request beyond its values that are no equivalence, each derived per operation
// from the contract and from HTTP itself: how the path is spelled (a router may or may not match
// it), a text field sent as a file, how large the body is, how often a single parameter is given
// (with two values). Each axis varies the operation's valid base alone; every case is proven on
// the request as sent. (Spellings HTTP, JSON and URLs make equivalent — Accept, media types, a
// byte-order mark, framing, key order — are rows of cases/equivalence/catalogue.ts.)
import type { OperationId } from '../../../generated';
import type { RequestSpec } from '../../engine/request';
import type { Mode } from '../../engine/types';
import { baseRequest, type CaseContext } from '../requests';
import type { Axis } from './axis';
import { bodySize } from './body-size';
import { fileParts } from './file-parts';
import { multiplicity } from './multiplicity';
import { pathSpellings } from './path-spellings';

export type { Axis } from './axis';

export const AXES: readonly Axis[] = [pathSpellings, fileParts, bodySize, multiplicity];

/** Every axis case of an operation (in mock mode, of the axes the mock can answer), varied from its complete valid base. */
export function axisCases(op: OperationId, ctx: CaseContext, mode: Mode): RequestSpec[] {
  // Complete: nothing a deployment might require is missing, so only the axis varies.
  const base = baseRequest(op, ctx, true);
  return AXES.filter((axis) => mode === 'live' || axis.mock).flatMap((axis) => axis.cases(op, base, ctx));
}
