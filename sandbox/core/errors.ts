// Every error the sandbox sends has the published body `{error, code}`. Only `unauthorized`
// (401) and `forbidden` (403) are published (their bodies come from the contract through
// protocol/); every other code and status is the sandbox's choice, listed in sandbox/README.md.
import { errorReply, publishedError, type ErrorBody } from '../../protocol/errors';
import { KIT_ERRORS } from '../../protocol/kit-errors';
import type { Reply } from '../../protocol/reply';

/** A refusal a handler throws; the pipeline turns it into a response. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body(): ErrorBody {
    return { error: this.message, code: this.code };
  }

  reply(): Reply {
    return errorReply(this.status, this.body, this.headers);
  }
}

const UNAUTHORIZED = publishedError('401');
const FORBIDDEN = publishedError('403');

/** Shortens a client-supplied value before it is echoed in a message. */
export function quote(value: string, max = 60): string {
  const shown = value.length > max ? `${value.slice(0, max)}…` : value;
  return JSON.stringify(shown);
}

export const errors = {
  unauthorized: () => new ApiError(401, UNAUTHORIZED.code, UNAUTHORIZED.error, { 'www-authenticate': 'Bearer realm="api"' }),
  forbidden: () => new ApiError(403, FORBIDDEN.code, FORBIDDEN.error),
  invalid: (message: string) => new ApiError(400, 'invalid', message),
  parse: (message: string) => new ApiError(400, 'parse_error', message),
  badRequest: (message: string) => new ApiError(400, 'bad_request', message),
  notFound: (message: string) => new ApiError(404, 'not_found', message),
  methodNotAllowed: (method: string, path: string, allow: string[]) =>
    new ApiError(405, 'method_not_allowed', `Method ${method} is not allowed on ${path}; allowed: ${allow.join(', ')}`, {
      allow: allow.join(', '),
    }),
  limitReached: (message: string) => new ApiError(409, 'limit_reached', message),
  tooLarge: (limit: number) => {
    const { status, body } = KIT_ERRORS.tooLarge(limit);
    return new ApiError(status, body.code, body.error);
  },
  unsupportedMediaType: (message: string) => new ApiError(415, 'unsupported_media_type', message),
  preferInvalid: (message: string) => new ApiError(400, 'prefer_invalid', message),
  /** An operation of the contract the sandbox has no handler for (handlers/index.ts). */
  notImplemented: (operationId: string) =>
    new ApiError(501, 'not_implemented', `${operationId} is not implemented by the sandbox: the contract declares it, but sandbox/core/handlers/ has no handler for it yet`),
};
