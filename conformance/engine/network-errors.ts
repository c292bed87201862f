// Why no HTTP answer came, in words a person acts on (connection refused, reset, timed out, DNS,
// TLS), instead of what fetch says ("fetch failed", "terminated") and undici's codes.

/** Codes (matched from the start) and what they mean. */
const PROBLEMS: ReadonlyArray<[code: RegExp, words: string]> = [
  [/^ECONNREFUSED$/, 'connection refused (is the deployment running?)'],
  [/^(ECONNRESET|EPIPE)$/, 'connection reset by the target'],
  [/^UND_ERR_SOCKET$/, 'connection closed by the target before the answer was complete'],
  [/^(ETIMEDOUT|UND_ERR_CONNECT_TIMEOUT)$/, 'connection timed out'],
  [/^(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|EAI_NODATA)$/, 'DNS lookup failed'],
  [/^(EHOSTUNREACH|ENETUNREACH|EADDRNOTAVAIL|EHOSTDOWN)$/, 'no route to the host'],
  [/^ERR_SSL_WRONG_VERSION_NUMBER$/, 'TLS handshake failed: the target does not speak TLS there (http:// instead of https://?)'],
  [/^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$)/, 'TLS handshake failed'],
  [/^(HPE_|UND_ERR_RES_CONTENT_LENGTH_MISMATCH$)/, 'the answer is not valid HTTP'],
  [/^UND_ERR_(HEADERS|BODY)_TIMEOUT$/, 'timed out waiting for the answer'],
];

interface Cause {
  code?: string;
  message?: string;
  errors?: Cause[];
  cause?: Cause;
}

/** The first code in an error's causes (undici nests them; a host with several addresses gives an AggregateError). */
function codeOf(error: Cause | undefined, depth = 0): Cause | undefined {
  if (!error || depth > 4) return undefined;
  if (typeof error.code === 'string') return error;
  return codeOf(error.cause, depth + 1) ?? codeOf(error.errors?.[0], depth + 1);
}

/**
 * One phrase for a failed fetch or body read: `timeoutMs` names the timeout that ran out when
 * the request was aborted by it.
 */
export function networkProblem(error: unknown, timeoutMs?: number): string {
  const e = error as { name?: string; message?: string; cause?: Cause };
  if (e?.name === 'TimeoutError') return `no complete answer within ${timeoutMs ?? '?'} ms (--timeout)`;
  const cause = codeOf(e?.cause) ?? codeOf(e as Cause);
  const code = cause?.code;
  const known = code ? PROBLEMS.find(([pattern]) => pattern.test(code)) : undefined;
  if (known) {
    // A TLS failure's own words say what is wrong with the certificate.
    const detail = known[1] === 'TLS handshake failed' && cause?.message ? `: ${cause.message.split('\n')[0]!.slice(0, 120)}` : '';
    return `${known[1]}${detail}`;
  }
  if (e?.message === 'terminated') return 'connection closed before the answer was complete';
  if (/bad port/.test(cause?.message ?? e?.cause?.message ?? '')) return 'fetch refuses this port (a port browsers block)';
  const words = cause?.message ?? e?.cause?.message ?? e?.message ?? String(error);
  return code ? `${code}: ${words}` : words;
}

/**
 * The connection closed before any answer came (reset, or closed as a kept-alive connection was
 * reused: the target's idle timeout and the client's reuse crossed).
 */
export function closedBeforeAnswer(error: unknown): boolean {
  const code = codeOf((error as { cause?: Cause })?.cause) ?? codeOf(error as Cause);
  return code?.code !== undefined && /^(ECONNRESET|EPIPE|UND_ERR_SOCKET)$/.test(code.code);
}
