// Whether a case may re-encode an operation's base body in a media type the contract lists for it.
import type { OperationId } from '../../generated';
import { FACTS } from '../contract/facts';
import type { Body, RequestSpec } from '../engine/request';

/** The base has a body of values and the operation takes it in `mediaType`. */
export const takesBody = (op: OperationId, base: RequestSpec, mediaType: string): base is RequestSpec & { body: Extract<Body, { kind: 'json' }> } =>
  base.body?.kind === 'json' && FACTS[op].bodies.some((b) => b.mediaType === mediaType);
