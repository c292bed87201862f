// What a handler gets and returns. The body is read lazily, as Django REST framework reads
// `request.data`: a handler looks up its watchdog first, so an unknown watchdog is a 404
// whatever the body holds.
import { jsonReply, type Reply } from '../../../protocol/reply';
import type { Query } from '../query';
import type { SandboxState } from '../state';

export interface HandlerContext {
  state: SandboxState;
  query: Query;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  /** Absolute URL of the request path (the request's origin), without query, for pagination links. */
  baseUrl: string;
  /** The decoded and contract-validated body (an object). */
  body(): Promise<Record<string, unknown>>;
}


export type Handler = (context: HandlerContext) => Reply | Promise<Reply>;

export type { Reply };

export function json(status: number, value: unknown): Reply {
  return jsonReply(status, JSON.stringify(value));
}
