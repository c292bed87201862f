// A reply as a fetch Response. A response to HEAD, and a 204, has no body; Content-Length is
// set so a HEAD still tells the size.
import type { Reply } from '../../protocol/reply';

const utf8 = new TextEncoder();

export function toResponse(reply: Reply, method: string): Response {
  const bytes = typeof reply.body === 'string' ? utf8.encode(reply.body) : reply.body;
  const headers = bytes ? { ...reply.headers, 'content-length': String(bytes.length) } : reply.headers;
  const bodyless = method === 'HEAD' || reply.status === 204;
  // Every runtime accepts a Uint8Array body; TypeScript's DOM types only lack the ArrayBufferLike overload.
  return new Response(bodyless ? null : (bytes as BodyInit | null), { status: reply.status, headers });
}
