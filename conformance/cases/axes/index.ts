// The axes of a request beyond its values, each derived per operation from the contract and
// from HTTP itself: how the path is spelled, which Accept a client sends, how the media type and
// its parameters are written, a byte-order mark before JSON, a text field sent as a file, how
// large the body is, how often a parameter is given. Each axis varies the operation's valid base
// alone; every case is proven on the request as sent.
import type { OperationId } from '../../../generated';
import { FACTS } from '../../contract/facts';
import type { RequestSpec } from '../../engine/request';
import type { Mode } from '../../engine/types';
import { baseRequest, type CaseContext } from '../requests';
import { acceptHeaders } from './accept';
import { bodySize } from './body-size';
import { byteOrderMark } from './byte-order-mark';
import { fileParts } from './file-parts';
import { mediaTypes } from './media-types';
import { multiplicity } from './multiplicity';
import { pathSpellings } from './path-spellings';

export interface Axis {
  /** In words, for the README and messages. */
  name: string;
  /** Whether its cases tell anything against the Prism mock (it keeps no resources, never reads values). */
  mock: boolean;
  /**
   * Its cases are the base in another spelling of the same request (its headers, its body's
   * encoding): on an operation that writes nothing, a success answers what the base answers.
   */
  spelling: boolean;
  /** The cases of this axis for an operation, varied from its complete valid base. */
  cases(op: OperationId, base: RequestSpec, ctx: CaseContext): RequestSpec[];
}

export const AXES: readonly Axis[] = [pathSpellings, acceptHeaders, mediaTypes, byteOrderMark, fileParts, bodySize, multiplicity];

export interface AxisCases {
  /** The complete valid base every case varies from. */
  base: RequestSpec;
  /** Cases judged on their own. */
  cases: RequestSpec[];
  /** Reads in another spelling, each also judged against the base's answer (phases/spellings.ts). */
  spellings: RequestSpec[];
}

/** Every axis case of an operation (in mock mode, of the axes the mock can answer). */
export function axisCases(op: OperationId, ctx: CaseContext, mode: Mode): AxisCases {
  // Complete: nothing a deployment might require is missing, so only the axis varies.
  const base = baseRequest(op, ctx, true);
  const axes = AXES.filter((axis) => mode === 'live' || axis.mock);
  const compared = (axis: Axis) => axis.spelling && !FACTS[op].writes;
  return {
    base,
    cases: axes.filter((axis) => !compared(axis)).flatMap((axis) => axis.cases(op, base, ctx)),
    spellings: axes.filter(compared).flatMap((axis) => axis.cases(op, base, ctx)),
  };
}
