// A reply written straight to a socket, for the node:http servers (the sandbox's node adapter;
// the mock's front): Node raises malformed HTTP and oversized headers before a request exists,
// so there is no ServerResponse to write to. Not for browsers: nothing browser-side imports this file.
import { STATUS_CODES } from 'node:http';
import type { Reply } from './reply';

/** The whole HTTP/1.1 response, with its length, closing the connection. */
export function socketReply(reply: Reply): Buffer {
  const body = reply.body === null ? Buffer.alloc(0) : Buffer.from(reply.body);
  const headers = { ...reply.headers, 'content-length': String(body.length), connection: 'close' };
  const head = `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? ''}\r\n${Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), body]);
}
