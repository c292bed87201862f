// Reads a request body up to a limit, so an oversized upload gets 413 instead of being
// buffered (Prism itself would accept 10 MB).
import type { IncomingMessage } from 'node:http';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BodyResult = { kind: 'body'; body: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

export function readBody(request: IncomingMessage, limit: number): Promise<BodyResult> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.off('data', onData);
        resolve({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve({ kind: 'body', body: Buffer.concat(chunks) }));
    request.once('error', () => resolve({ kind: 'aborted' }));
    request.once('close', () => {
      if (!request.complete) resolve({ kind: 'aborted' });
    });
  });
}
