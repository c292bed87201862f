// Targets that are no working deployment (support/hostile.ts), each on a loopback port, small
// and quick: preflight names each in one line; the transport names why no answer came (refused,
// reset, timed out, DNS, TLS) and abandons an answer past --max-body; a stopped run ends at once
// with what it judged. (bench/hostile.ts measures the CLI against them at full size.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { networkProblem } from '../engine/network-errors';
import { createRedactor } from '../engine/redact';
import { Interrupted } from '../engine/stop';
import { createTransport, NoResponse } from '../engine/transport';
import { preflight } from '../preflight';
import { runSuite } from '../suite';
import { TargetError } from '../targets';
import { hostileServer, type HostileKind, type Served } from './support/hostile';
import { liveConfig } from './support/sandbox';

const KB = 1024;
const small = { maxBodyBytes: 64 * KB };
// A short --timeout only where it is the subject: no load makes a silent or dripping target answer.
// Every other target answers (or fails) at once, however late a loaded machine gets to it, so
// those keep the default of the tests' configuration, past the watchdog (test/support/clock.ts).
const quick = { ...small, timeoutMs: 600 };
const optionsFor = (kind: HostileKind) => (kind === 'silent' || kind === 'drip' ? quick : small);
const servers: Served[] = [];
const start = async (kind: HostileKind, options: Parameters<typeof hostileServer>[1] = {}) => {
  const server = await hostileServer(kind, { dripMs: 50, bytes: 1024 * KB, ...options });
  servers.push(server);
  return server;
};
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** Preflight's one line, whether it returns it or throws it (TargetError). */
async function preflightLine(url: string, kind: HostileKind): Promise<string> {
  try {
    const problems = await preflight(liveConfig(url, optionsFor(kind)));
    return problems.join('\n');
  } catch (error) {
    if (error instanceof TargetError) return error.message;
    throw error;
  }
}

test.each([
  ['silent', /did not answer within 600 ms \(--timeout\)$/],
  ['drip', /^GET \/api\/v1\/municipalities\/: no complete answer within 600 ms \(--timeout\)$/],
  ['huge', /^GET \/api\/v1\/municipalities\/: the answer is larger than 64 KB \(--max-body\); abandoned unread past the cap; raise --max-body if the deployment really answers this much$/],
  ['reset', /^cannot reach http:\/\/127\.0\.0\.1:\d+: connection reset by the target$/],
  ['html', /^this is not the API: GET \/api\/v1\/municipalities\/ answered 200 text\/html, not JSON; check the base URL/],
  ['truncated', /^GET \/api\/v1\/municipalities\/ answered 200 application\/json that does not parse as JSON \(.+\): a truncated or broken answer/],
  ['redirect-loop', /^GET \/api\/v1\/municipalities\/ redirects \(302\) to \/api\/v1\/municipalities\/: the published paths are answered directly/],
] as const)('preflight names a %s target in one line', async (kind, line) => {
  const server = await start(kind);
  expect(await preflightLine(server.url, kind)).toMatch(line);
});

describe('the transport', () => {
  const redact = createRedactor([]);
  const send = async (url: string, options = small) => {
    const transport = createTransport(liveConfig(url, options), redact);
    try {
      await transport.send({ operationId: 'municipalitiesList', purpose: 'the list' });
      return 'answered';
    } catch (error) {
      if (error instanceof NoResponse) return error.message;
      throw error;
    }
  };

  test('times a dripping answer out even when garbage is collected meanwhile (fetch follows a Request\'s signal weakly)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const collecting = setInterval(gc, 50);
    try {
      expect(await send((await start('drip')).url, quick)).toBe('no complete answer within 600 ms (--timeout)');
    } finally {
      clearInterval(collecting);
    }
  });

  test('abandons an answer past --max-body, naming the cap', async () => {
    expect(await send((await start('huge')).url)).toBe('the answer is larger than 64 KB (--max-body); abandoned unread past the cap');
  });

  test('names a connection reset while the answer streams', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"count": 1');
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push({ url: '', close: () => new Promise((resolve) => server.close(() => resolve())) });
    expect(await send(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)).toMatch(/^connection (reset by the target|closed before the answer was complete)$/);
  });

  test.each([
    ['refused', 'http://127.0.0.1:0', /^connection refused \(is the deployment running\?\)$/],
    ['DNS', 'http://no-such-host.invalid', /^DNS lookup failed$/],
  ])('names a connection %s', async (_name, url, words) => {
    expect(await send(url)).toMatch(words);
  });

  test('names TLS spoken to a plain HTTP port', async () => {
    const server = await start('html');
    expect(await send(server.url.replace('http:', 'https:'))).toMatch(/^TLS handshake failed: the target does not speak TLS there/);
  });
});

test('networkProblem reads the cause undici nests, and keeps an unknown code', () => {
  expect(networkProblem(new TypeError('fetch failed', { cause: { code: 'UND_ERR_SOCKET', message: 'other side closed' } }))).toBe('connection closed by the target before the answer was complete');
  expect(networkProblem(new TypeError('fetch failed', { cause: new AggregateError([Object.assign(new Error('x'), { code: 'ETIMEDOUT' })]) }))).toBe('connection timed out');
  expect(networkProblem(new TypeError('fetch failed', { cause: Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' }) }))).toBe('TLS handshake failed: certificate has expired');
  expect(networkProblem(new TypeError('fetch failed', { cause: Object.assign(new Error('odd'), { code: 'E_ODD' }) }))).toBe('E_ODD: odd');
});

test('a stopped run ends at once, whatever it waits on, with what it judged and every phase said to be stopped', async () => {
  // The sandbox, but filtered lists drip forever, and the run's --timeout is past the watchdog:
  // the run is stopped the moment the first of them reaches the target, and it ends only if the
  // stop abandons what it waits on (a run that kept waiting would hang: the watchdog's failure).
  const stop = new AbortController();
  const server = await start('drip', {
    dripMs: 1000,
    only: (url) => {
      const drips = url.pathname.endsWith('/municipalities/') && url.searchParams.size > 0;
      if (drips) stop.abort(new Interrupted('interrupted by SIGTERM'));
      return drips;
    },
  });
  // Its phases end; the clean-up (deactivating what it created) follows, not abandoned by the stop.
  let phasesEnded = false;
  const { results } = await runSuite(liveConfig(server.url, { budget: 400 }), { stop: stop.signal, onCleanup: () => (phasesEnded = true) });
  expect(stop.signal.aborted).toBe(true);
  expect(phasesEnded).toBe(true);
  expect(results.requests).toBeGreaterThan(0);
  const phases = results.findings.filter((f) => f.rule === 'phase_completed');
  expect(phases.length).toBeGreaterThan(0);
  expect(phases.every((f) => f.outcome === 'skip' && f.message.endsWith('stopped, interrupted by SIGTERM'))).toBe(true);
  expect(results.findings.filter((f) => f.rule === 'response_received' && f.outcome === 'fail')).toEqual([]);
});
