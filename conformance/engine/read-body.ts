// An answer's body read as it streams in, up to a cap (--max-body): a deployment that answers a
// list of hundreds of megabytes is abandoned at the cap, the rest never read or held.
import { BodyBuffer, declaredTooLarge } from '../../protocol/body';

export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** A size in words: `16 MB`, `512 KB`, `300 bytes`. */
export const bytesInWords = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : bytes >= 1024 ? `${+(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;

/** The body is over the cap; what was read of it is dropped and the connection closed. */
export class BodyTooLarge extends Error {
  constructor(readonly limit: number, readonly declared?: number) {
    super(`the answer is larger than ${bytesInWords(limit)} (--max-body)${declared ? `: Content-Length ${bytesInWords(declared)}` : ''}; abandoned unread past the cap`);
  }
}

/** Reads a response body up to `limit` bytes; errors of the stream (a reset, a timeout, an abort) are thrown as they come. */
export async function readCapped(response: Response, limit: number): Promise<Uint8Array> {
  const length = response.headers.get('content-length');
  if (declaredTooLarge(length, limit)) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(limit, Number(length));
  }
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const buffer = new BodyBuffer(limit);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return buffer.bytes();
    if (!buffer.add(value)) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(limit);
    }
  }
}
