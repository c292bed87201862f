// The contract's error body `{error, code}`: the two published bodies (401 and 403, byte for
// byte from the contract's examples through generated `publishedErrors`) and the reply that
// carries any error in that shape.
import { publishedErrors } from '../generated';
import { jsonReply, type Reply } from './reply';

/** The published error body. */
export interface ErrorBody {
  error: string;
  code: string;
}

export type PublishedStatus = keyof typeof publishedErrors;

/** The published body for 401 (`unauthorized`) or 403 (`forbidden`). */
export function publishedError(status: PublishedStatus): ErrorBody {
  const { error, code } = publishedErrors[status];
  return { error, code };
}

export function errorReply(status: number, body: ErrorBody, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, JSON.stringify({ error: body.error, code: body.code }), headers);
}
