import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyTooLargeError, readBody, type BodyResult } from './body';
import { readNodeBody } from './node-body';

const stream = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
const bytes = (n: number) => new Uint8Array(n).fill(0x61);

test('a fetch body is read whole up to the limit, and refused one byte over', async () => {
  expect(await readBody(stream(bytes(3), bytes(2)), 5)).toEqual({ kind: 'body', bytes: bytes(5) });
  expect(await readBody(stream(bytes(3), bytes(3)), 5)).toEqual({ kind: 'too-large' });
  expect(await readBody(null, 5)).toEqual({ kind: 'body', bytes: new Uint8Array(0) });
});

test('a declared length over the limit is refused before reading', async () => {
  expect(await readBody(stream(bytes(1)), 5, '6')).toEqual({ kind: 'too-large' });
});

test('a stream that fails is aborted, unless the transport said the body is too large', async () => {
  const failing = (error: Error) => new ReadableStream<Uint8Array>({ start: (controller) => controller.error(error) });
  expect(await readBody(failing(new Error('reset')), 5)).toEqual({ kind: 'aborted' });
  expect(await readBody(failing(new BodyTooLargeError()), 5)).toEqual({ kind: 'too-large' });
});

describe('a node:http request body', () => {
  /** Posts a body; returns what the reader said and whether the whole request had been read by then. */
  async function post(body: string, limit: number, discard: number): Promise<{ result: BodyResult; readToEnd: boolean }> {
    let answer!: Promise<{ result: BodyResult; readToEnd: boolean }>;
    const server = http.createServer((request, response) => {
      answer = readNodeBody(request, limit, discard).then((result) => ({ result, readToEnd: request.readableEnded }));
      void answer.then(() => response.writeHead(204, { connection: 'close' }).end());
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      // The server may close before a large body is sent: the client's error does not matter here.
      await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: 'POST', body }).catch(() => undefined);
      return await answer;
    } finally {
      server.closeAllConnections();
      server.close();
    }
  }

  test('is kept up to the limit', async () => {
    expect(await post('hello', 5, 5)).toEqual({ result: { kind: 'body', bytes: new TextEncoder().encode('hello') }, readToEnd: true });
  });

  test('over the limit but within the discard limit it is read to the end (so the client can read the answer) and refused', async () => {
    expect(await post('x'.repeat(50_000), 5, 100_000)).toEqual({ result: { kind: 'too-large' }, readToEnd: true });
  });

  test('past the discard limit reading stops', async () => {
    expect(await post('x'.repeat(4_000_000), 5, 100_000)).toEqual({ result: { kind: 'too-large' }, readToEnd: false });
  });
});
