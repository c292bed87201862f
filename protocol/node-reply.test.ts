import http from 'node:http';
import net from 'node:net';
import { errorReply } from './errors';
import { socketReply } from './node-reply';

test('a reply written to a socket is a whole HTTP response: status, headers, length, body, then the connection closes', async () => {
  const server = net.createServer((socket) => {
    socket.once('data', () => socket.end(socketReply(errorReply(431, { error: 'Größe überschritten', code: 'headers_too_large' }))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as net.AddressInfo;
    const answer = await new Promise<{ status?: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http.get({ host: '127.0.0.1', port, path: '/' }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      }).on('error', reject);
    });
    const body = '{"error":"Größe überschritten","code":"headers_too_large"}';
    expect(answer).toEqual({
      status: 431,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), connection: 'close' },
      body,
    });
  } finally {
    server.close();
  }
});
