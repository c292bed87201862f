// Raw HTTP/1.1 exchanges over a socket, for what fetch refuses to send (wrong Content-Length,
// invalid UTF-8, garbage request lines). Used by the fuzzer and the tests.
import net from 'node:net';

export interface RawAnswer {
  /** 0 when the connection closed without a status line. */
  status: number;
  head: string;
  body: string;
  /** The client gave up waiting (the server neither answered nor closed). */
  timedOut: boolean;
}

/**
 * Sends raw bytes (for what fetch refuses to send: bad framing, bad UTF-8); half-closes after
 * writing if asked. Waits for the server to close, or `timeoutMs` when given (the fuzzer's bound on
 * a hang); the tests give none: a server that never closes is their watchdog's (test/support/clock.ts).
 */
export function raw(port: number, bytes: Buffer | string, { halfClose = true, timeoutMs = undefined as number | undefined, host = '127.0.0.1' } = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let timedOut = false;
    const socket = net.connect(port, host, () => {
      socket.write(bytes);
      if (halfClose) socket.end();
    });
    const finish = () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split === -1 ? text : text.slice(0, split);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, head, body: split === -1 ? '' : text.slice(split + 4), timedOut });
    };
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            socket.destroy();
          }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', finish);
    socket.on('error', () => {});
  });
}

/** A raw HTTP/1.1 request with `Connection: close` and a correct Content-Length unless given. */
export function rawRequest(method: string, path: string, headers: Record<string, string>, body: Buffer | string = ''): Buffer {
  const payload = typeof body === 'string' ? Buffer.from(body) : body;
  const all = { host: '127.0.0.1', connection: 'close', 'content-length': String(payload.length), ...headers };
  const head = `${method} ${path} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), payload]);
}

