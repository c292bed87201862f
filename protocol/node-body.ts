// A node:http request's body read up to a byte limit, for the node:http servers (the sandbox's
// node adapter; the mock's front). Not for browsers: nothing browser-side imports this file.
import type { IncomingMessage } from 'node:http';
import { BodyBuffer, declaredTooLarge, type BodyResult } from './body';

/**
 * Keeps up to `limit` bytes. An oversized body is read and discarded up to `discardLimit`, so
 * the client can still read the answer (closing a socket with unread data resets it, and the
 * client often loses the 413), then given up on: the caller closes the connection. A declared
 * Content-Length over `discardLimit` is given up on at once.
 */
export function readNodeBody(request: IncomingMessage, limit: number, discardLimit = limit): Promise<BodyResult> {
  if (declaredTooLarge(request.headers['content-length'], discardLimit)) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const buffer = new BodyBuffer(limit);
    const onData = (chunk: Buffer) => {
      if (buffer.add(chunk) || buffer.size <= discardLimit) return;
      request.off('data', onData);
      request.pause();
      resolve({ kind: 'too-large' });
    };
    request.on('data', onData);
    request.once('end', () => resolve(buffer.size > limit ? { kind: 'too-large' } : { kind: 'body', bytes: buffer.bytes() }));
    request.once('error', () => resolve({ kind: 'aborted' }));
    request.once('close', () => {
      if (!request.complete) resolve({ kind: 'aborted' });
    });
  });
}
