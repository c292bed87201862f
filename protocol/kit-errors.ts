// The kit's own refusals at the HTTP level, the same on the mock and the sandbox (both its
// adapters): a body over the server's limit, headers over Node's, a request that never arrives,
// malformed HTTP. None of these statuses or codes is published; they are the kit's choices, in
// the contract's `{error, code}` body.
import type { ErrorBody } from './errors';

/** An error the kit's servers answer themselves, with its status. */
export interface KitError {
  status: number;
  body: ErrorBody;
}

export const KIT_ERRORS = {
  tooLarge: (limit: number): KitError => ({ status: 413, body: { error: `Request body larger than ${limit} bytes`, code: 'payload_too_large' } }),
  headersTooLarge: (): KitError => ({ status: 431, body: { error: 'Request headers too large', code: 'headers_too_large' } }),
  requestTimeout: (): KitError => ({ status: 408, body: { error: 'Request not received in time', code: 'request_timeout' } }),
  malformedHttp: (detail?: string): KitError => ({ status: 400, body: { error: `Malformed HTTP request${detail ? ` (${detail})` : ''}`, code: 'bad_request' } }),
};

