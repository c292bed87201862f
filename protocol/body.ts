// Request bodies read up to a byte limit, so an oversized upload is refused (413) instead of
// buffered. Works on a fetch body stream (any runtime); node-body.ts reads a node:http request.

export type BodyResult = { kind: 'body'; bytes: Uint8Array } | { kind: 'too-large' } | { kind: 'aborted' };

/** A transport that has already read past the limit errors the body stream with this. */
export class BodyTooLargeError extends Error {
  constructor() {
    super('request body over the limit');
    this.name = 'BodyTooLargeError';
  }
}

/** Whether a Content-Length header already says the body is over the limit. */
export function declaredTooLarge(contentLength: string | null | undefined, limit: number): boolean {
  return contentLength !== null && contentLength !== undefined && Number(contentLength) > limit;
}

/** Chunks kept up to a limit. */
export class BodyBuffer {
  private readonly chunks: Uint8Array[] = [];
  /** Bytes seen, kept or not. */
  size = 0;

  constructor(readonly limit: number) {}

  /** Keeps a chunk; false once the body is over the limit (that chunk and later ones are not kept). */
  add(chunk: Uint8Array): boolean {
    this.size += chunk.length;
    if (this.size > this.limit) return false;
    this.chunks.push(chunk);
    return true;
  }

  bytes(): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0]!;
    const bytes = new Uint8Array(this.size);
    let offset = 0;
    for (const chunk of this.chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    return bytes;
  }
}

/**
 * Reads a fetch body (or bytes already read) up to `limit` bytes. Over the limit it stops reading without cancelling
 * the stream: the transport decides what happens to the rest (a node:http server discards some
 * and closes the connection).
 */
export async function readBody(body: ReadableStream<Uint8Array> | Uint8Array | null, limit: number, contentLength?: string | null): Promise<BodyResult> {
  if (declaredTooLarge(contentLength, limit)) return { kind: 'too-large' };
  if (!body) return { kind: 'body', bytes: new Uint8Array(0) };
  // Bytes a transport has read already (the node:http adapter): no stream to build and read back.
  if (body instanceof Uint8Array) return body.length > limit ? { kind: 'too-large' } : { kind: 'body', bytes: body };
  const reader = body.getReader();
  const buffer = new BodyBuffer(limit);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { kind: 'body', bytes: buffer.bytes() };
      if (!buffer.add(value)) return { kind: 'too-large' };
    }
  } catch (error) {
    return error instanceof BodyTooLargeError ? { kind: 'too-large' } : { kind: 'aborted' };
  } finally {
    reader.releaseLock();
  }
}
