// The node:http plumbing the mock and the sandbox share: a listen failure is one line with the
// server's own hint, and what Node's parser refuses is answered in the contract's body.
import http from 'node:http';
import net from 'node:net';
import { answerClientErrors, listen } from './node-server';

const HINTS = { port: 'set PORT to another port', host: 'set HOST to a local address' };

test('a port in use rejects with one line naming the port and the hint', async () => {
  const first = http.createServer();
  const port = await listen(first, '127.0.0.1', 0, HINTS, (message) => new Error(message));
  const second = http.createServer();
  try {
    await expect(listen(second, '127.0.0.1', port, HINTS, (message) => new Error(message))).rejects.toThrow(
      `port ${port} on 127.0.0.1 is already in use; stop the other process or set PORT to another port`,
    );
  } finally {
    first.close();
  }
});

test.each([
  ['malformed HTTP', 'NOT HTTP\r\n\r\n', 400, 'bad_request'],
  ['headers over the limit', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
])('%s is answered in the contract body', async (_what, raw, status, code) => {
  const server = http.createServer((_request, response) => response.end());
  answerClientErrors(server);
  const port = await listen(server, '127.0.0.1', 0, HINTS, (message) => new Error(message));
  try {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(raw));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ error: expect.any(String), code });
  } finally {
    server.close();
  }
});
