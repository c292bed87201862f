// Requests that reach the mock before Prism listens, and after Prism cannot answer. Prism is
// played by a node:http stand-in and a PrismProcess whose start the test controls, so each
// moment (starting, up, failed, stopping) is reached on purpose rather than by timing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { schemaValidator } from '../protocol/validation';
import { PrismStartError, type PrismExit, type PrismProcess } from './prism';
import { openMock, type RunningMock } from './server';
import { createClient, sendDispatched, type TestResponse } from './test/test-client';
import { PAST_WATCHDOG_MS } from '../test/support/clock';

const isError = schemaValidator('Error');
const LIST = '/api/v1/municipalities/';
const bearer = { authorization: 'Bearer demo-key' };

interface PrismControl {
  process: PrismProcess;
  listen(port: number): void;
  failStart(reason: string): void;
  stopped: () => boolean;
}

function controlledPrism(): PrismControl {
  let listen!: (port: number) => void;
  let failStart!: (error: Error) => void;
  let exit!: (exit: PrismExit) => void;
  const listening = new Promise<number>((resolve, reject) => {
    listen = resolve;
    failStart = reject;
  });
  listening.catch(() => undefined);
  const exited = new Promise<PrismExit>((resolve) => (exit = resolve));
  let stopping = false;
  return {
    process: {
      pid: undefined,
      listening,
      exited,
      get stopping() {
        return stopping;
      },
      async stop() {
        stopping = true;
        exit({ code: null, signal: 'SIGTERM' });
      },
    },
    listen,
    failStart: (reason) => failStart(new PrismStartError(reason)),
    stopped: () => stopping,
  };
}

/**
 * Answers like Prism's list, at once or, given `answer`, once it settles; `received` settles when
 * the first request reaches it.
 */
async function standIn(answer: Promise<void> = Promise.resolve()): Promise<{ port: number; received: Promise<void>; close(): void }> {
  let reached = () => {};
  const received = new Promise<void>((resolve) => (reached = resolve));
  const server = http.createServer((_request, response) => {
    reached();
    void answer.then(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"count":0,"next":null,"previous":null,"results":[]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, close: () => server.close() };
}

/** Whether `promise` is still pending after the event loop has had `ms` to settle it. */
async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true), () => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !settled;
}

const unavailable = (response: TestResponse) => ({
  status: response.status,
  code: (response.json as { code?: string } | undefined)?.code,
  shape: isError(response.json).valid,
  error: (response.json as { error?: string } | undefined)?.error,
});

let mock: RunningMock | undefined;
let client: ReturnType<typeof createClient> | undefined;
afterEach(async () => {
  client?.close();
  await mock?.close();
  mock = undefined;
});

async function open(prism: PrismControl) {
  mock = await openMock({ port: 0, prism: prism.process });
  client = createClient(mock.url);
  return { mock, client };
}

test('a request that arrives before Prism listens waits, then gets Prism\'s answer', async () => {
  const prism = controlledPrism();
  const upstream = await standIn();
  try {
    const { mock: running } = await open(prism);
    const held = sendDispatched(running.url, LIST, bearer);
    await held.dispatched;
    expect(await pendingAfter(held.answered, 100)).toBe(true);
    prism.listen(upstream.port);
    const response = await held.answered;
    expect({ status: response.status, body: response.json }).toEqual({ status: 200, body: { count: 0, next: null, previous: null, results: [] } });
    await expect(mock!.ready).resolves.toBeUndefined();
  } finally {
    upstream.close();
  }
});

test('when Prism cannot start, held and later requests get 503 mock_unavailable saying why and what to do', async () => {
  const prism = controlledPrism();
  const { mock: running, client } = await open(prism);
  const held = sendDispatched(running.url, LIST, bearer);
  await held.dispatched;
  expect(await pendingAfter(held.answered, 50)).toBe(true);
  prism.failStart('No operations found in the current file.');
  const expected = {
    status: 503,
    code: 'mock_unavailable',
    shape: true,
    error: 'The mock cannot answer: Prism could not serve the contract (No operations found in the current file.). Fix that, then restart `npm start`.',
  };
  expect(unavailable(await held.answered)).toEqual(expected);
  expect(unavailable(await client.send({ path: LIST, headers: bearer }))).toEqual(expected);
  await expect(mock!.ready).rejects.toMatchObject({ message: 'Prism could not serve the contract: No operations found in the current file.', stage: 'prism' });
});

test('closing while Prism starts answers held requests with 503 and stops Prism', async () => {
  const prism = controlledPrism();
  const { mock: running } = await open(prism);
  const held = sendDispatched(running.url, LIST, bearer);
  await held.dispatched;
  expect(await pendingAfter(held.answered, 50)).toBe(true);
  await running.close();
  mock = undefined;
  expect(unavailable(await held.answered)).toEqual({ status: 503, code: 'mock_unavailable', shape: true, error: 'The mock is stopping. Start it again with `npm start`.' });
  expect(prism.stopped()).toBe(true);
});

test('closing lets an answer in flight finish before Prism stops', async () => {
  const prism = controlledPrism();
  // Prism answers once the close has begun; the grace is past the watchdog, so no busy machine
  // makes the answer late for it (test/support/clock.ts).
  let answer = () => {};
  const upstream = await standIn(new Promise<void>((resolve) => (answer = resolve)));
  try {
    mock = await openMock({ port: 0, prism: prism.process, closeGraceMs: PAST_WATCHDOG_MS });
    const running = mock;
    client = createClient(running.url);
    prism.listen(upstream.port);
    await running.ready;
    const inFlight = client.send({ path: LIST, headers: bearer });
    await upstream.received; // in flight: the front has passed it on
    const closed = running.close();
    answer();
    await closed;
    mock = undefined;
    expect((await inFlight).status).toBe(200);
  } finally {
    upstream.close();
  }
});

test('a kept-alive connection Prism closes as it is reused: the request goes again on a new one, and is answered', async () => {
  // The second request on a connection finds it closed unanswered, as when Prism's idle timeout
  // and the front's reuse cross.
  const served = new WeakMap<object, number>();
  let closedUnanswered = 0;
  const server = http.createServer((request, response) => {
    const count = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, count);
    if (count === 2 && closedUnanswered === 0) {
      closedUnanswered += 1;
      request.socket.destroy();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"count":0,"next":null,"previous":null,"results":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const prism = controlledPrism();
    const { mock: running, client } = await open(prism);
    prism.listen((server.address() as AddressInfo).port);
    await running.ready;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.send({ path: LIST, headers: bearer })).status);
    expect({ closedUnanswered, statuses }).toEqual({ closedUnanswered: 1, statuses: [200, 200, 200] });
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

test('a port in use fails at once with the one-line message and stops Prism', async () => {
  const blocker = http.createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as AddressInfo;
  const prism = controlledPrism();
  try {
    await expect(openMock({ port, prism: prism.process })).rejects.toMatchObject({
      message: `port ${port} on 127.0.0.1 is already in use; stop the other process or pass --port (or PORT) with another port`,
      stage: 'listen',
    });
    expect(prism.stopped()).toBe(true);
  } finally {
    blocker.close();
  }
});
