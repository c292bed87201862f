// A small HTTP client for the mock's tests: raw control over method, path, headers and body
// bytes (fetch forbids some of them), and a parsed JSON body when there is one.
import http from 'node:http';
import net from 'node:net';

export interface TestRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Objects are sent as JSON (with Content-Type application/json unless given). */
  body?: unknown;
}

export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: unknown;
}

export function createClient(baseUrl: string, agent = new http.Agent({ keepAlive: true, maxSockets: 32 })) {
  const { hostname, port } = new URL(baseUrl);
  function send(request: TestRequest): Promise<TestResponse> {
    const headers: Record<string, string> = { ...request.headers };
    let payload: Buffer | undefined;
    if (Buffer.isBuffer(request.body) || typeof request.body === 'string') payload = Buffer.from(request.body);
    else if (request.body !== undefined) {
      payload = Buffer.from(JSON.stringify(request.body));
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    if (payload) headers['content-length'] = String(payload.length);
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        { hostname, port, method: request.method ?? 'GET', path: request.path, headers, agent },
        (incoming) => readResponse(incoming).then(resolve, reject),
      );
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
  return { send, close: () => agent.destroy() };
}

/** An answer read whole: its text, and its JSON when it parses. */
function readResponse(incoming: http.IncomingMessage): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('error', reject);
    incoming.once('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, json });
    });
  });
}

/**
 * A GET that says `Expect: 100-continue`: `dispatched` settles when the server has read it and
 * handed it to its handler (Node answers 100 Continue then): an event, where a pause would guess
 * how long a busy machine takes to get a request to the front.
 */
export function sendDispatched(baseUrl: string, path: string, headers: Record<string, string> = {}): { dispatched: Promise<void>; answered: Promise<TestResponse> } {
  const { hostname, port } = new URL(baseUrl);
  const request = http.request({ hostname, port, path, headers: { ...headers, expect: '100-continue' }, agent: false });
  const dispatched = new Promise<void>((resolve) => request.once('continue', resolve));
  const answered = new Promise<TestResponse>((resolve, reject) => {
    request.once('response', (incoming) => readResponse(incoming).then(resolve, reject));
    request.once('error', reject);
  });
  request.end();
  return { dispatched, answered };
}

/** Runs `count` tasks with at most `concurrency` in flight. */
export async function runBounded<T>(count: number, concurrency: number, task: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}

function acceptsConnection(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once `port` on 127.0.0.1 accepts a TCP connection (polled every 10 ms), as wait-on and similar tools wait. */
export async function waitForPort(port: number, giveUp: () => string | undefined): Promise<void> {
  while (!(await acceptsConnection(port))) {
    const reason = giveUp();
    if (reason) throw new Error(`port ${port} never accepted a connection: ${reason}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
