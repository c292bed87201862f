// The axes of a request beyond its values, each derived per operation from the contract and
// from HTTP itself: how the path is spelled, which Accept a client sends, how the media type and
// its parameters are written, how large the body is, how often a parameter is given. Each axis
// varies the operation's valid base alone; every case is proven on the request as sent.
import type { OperationId } from '../../../generated';
import type { RequestSpec } from '../../engine/request';
import type { Mode } from '../../engine/types';
import { baseRequest, type CaseContext } from '../requests';
import { acceptHeaders } from './accept';
import { bodySize } from './body-size';
import { mediaTypes } from './media-types';
import { multiplicity } from './multiplicity';
import { pathSpellings } from './path-spellings';

export interface Axis {
  /** In words, for the README and messages. */
  name: string;
  /** Whether its cases tell anything against the Prism mock (it keeps no resources, never reads values). */
  mock: boolean;
  /** The cases of this axis for an operation, varied from its complete valid base. */
  cases(op: OperationId, base: RequestSpec, ctx: CaseContext): RequestSpec[];
}

export const AXES: readonly Axis[] = [pathSpellings, acceptHeaders, mediaTypes, bodySize, multiplicity];

/** Every axis case of an operation (in mock mode, of the axes the mock can answer). */
export function axisCases(op: OperationId, ctx: CaseContext, mode: Mode): RequestSpec[] {
  // Complete: nothing a deployment might require is missing, so only the axis varies.
  const base = baseRequest(op, ctx, true);
  return AXES.filter((axis) => mode === 'live' || axis.mock).flatMap((axis) => axis.cases(op, base, ctx));
}
