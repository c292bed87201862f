// The node:http plumbing both servers of the kit need (the mock's front, the sandbox's node
// adapter): listening with a one-line failure a user can act on, and answering what Node
// raises before a request exists (malformed HTTP, oversized headers, a request that never
// arrives) in the contract's `{error, code}` body. The statuses and codes are the kit's own
// choices (none is published). Node only: nothing browser-side imports this file.
import type http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorReply } from './errors';
import { KIT_ERRORS, type KitError } from './kit-errors';
import { socketReply } from './node-reply';

/** The whole response to a socket for a kit error (the connection closes after it). */
export function kitErrorBytes(error: KitError): Buffer {
  return socketReply(errorReply(error.status, error.body));
}

/** What Node's parser raised, as the kit's answer. */
export function clientErrorAnswer(error: NodeJS.ErrnoException): KitError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return KIT_ERRORS.headersTooLarge();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return KIT_ERRORS.requestTimeout();
  return KIT_ERRORS.malformedHttp(error.code ?? 'parse error');
}

/** Answers Node's client errors in the contract's body instead of dropping the connection. */
export function answerClientErrors(server: http.Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex | Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    socket.end(kitErrorBytes(clientErrorAnswer(error)));
  });
}

/** What a server's user does to change the address, e.g. `set PORT to another port`. */
export interface AddressHints {
  port: string;
  host: string;
}

/** A listen failure as one line saying what to do. */
export function listenFailureMessage(error: NodeJS.ErrnoException, host: string, port: number, hints: AddressHints): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use; stop the other process or ${hints.port}`;
    case 'EACCES':
      return `no permission to listen on ${host}:${port}; use a port above 1023`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return `cannot listen on host ${host} (${error.code}); ${hints.host}`;
    default:
      return `cannot listen on ${host}:${port}: ${error.message}`;
  }
}

/** Listens and resolves with the port (port 0 picks one); rejects with `fail(message)` on failure. */
export function listen(server: http.Server, host: string, port: number, hints: AddressHints, fail: (message: string) => Error): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(fail(listenFailureMessage(error, host, port, hints))));
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}
