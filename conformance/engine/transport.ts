// The transport: one fetch per request (global fetch, or any fetch-style function such as the
// sandbox's core in the suite's own tests), with the run id header, a per-request timeout, a cap
// on requests in flight, a cap on each answer's size read as it streams (engine/read-body.ts),
// and the pace a rate-limited deployment asks for (engine/pace.ts): a 429 is waited out until the
// request's patience is spent, then the request is "not checked". A stop signal (SIGINT,
// SIGTERM, --deadline) abandons every request in flight and every wait at once.
import type { BodyStore } from './bodies';
import { curlCommand } from './curl';
import { closedBeforeAnswer, networkProblem } from './network-errors';
import { createPacer, paced, type PacedOptions, type Throttling } from './pace';
import { BodyTooLarge, DEFAULT_MAX_BODY_BYTES, readCapped } from './read-body';
import type { Redactor } from './redact';
import { headerRecord, type Exchange, type RequestSpec } from './request';
import { signalledRequest } from './request-signal';
import { readJson } from './json-text';
import { interruption } from './stop';
import { toWire } from './wire';
import type { RunConfig } from './types';

export const RUN_HEADER = 'X-Conformance-Run';

export type FetchLike = (request: Request) => Promise<Response>;

/** No HTTP response (refused, reset, timed out). */
export class NoResponse extends Error {
  constructor(message: string, readonly curl: string) {
    super(message);
  }
}

/**
 * Still rate limited (429) when the request's patience (`--patience`) was spent: there is no
 * answer to judge. Ends the case as a NoResponse does; the run counts and names it as not checked.
 */
export class NotChecked extends NoResponse {
  constructor(message: string, curl: string, readonly retries: number) {
    super(message, curl);
  }
}

export interface Transport {
  /** `unstoppable`: not abandoned by the run's stop (the clean-up after it, which a second signal ends with the process). */
  send(spec: RequestSpec, unstoppable?: boolean): Promise<Exchange>;
  /** Takes `n` slots at once, and gives `task` a send that uses them (requests that must start together). */
  together<T>(n: number, task: (send: (spec: RequestSpec) => Promise<Exchange>) => Promise<T>): Promise<T>;
  /** How the deployment held the run back so far (429s, time waited, the pace settled on). */
  throttling(): Throttling;
}

/** Where a task waits for its place among the requests in flight. */
export interface SlotOptions {
  /** A request that waited for its turn at a rate limit: before the tasks that did not. */
  first?: boolean;
  /** Places taken together (requests that must start at once). */
  slots?: number;
}

/**
 * A slot-based limiter: at most `size` slots taken at once, in the order asked for, but a task
 * marked `first` before those that are not; a task may take several slots together.
 */
export function limiter(size: number) {
  let active = 0;
  const waiting: Array<{ n: number; first: boolean; start: () => void }> = [];
  const next = () => {
    while (waiting.length && active + waiting[0]!.n <= size) {
      const { n, start } = waiting.shift()!;
      active += n;
      start();
    }
  };
  return async <T>(task: () => Promise<T>, { first = false, slots = 1 }: SlotOptions = {}): Promise<T> => {
    const n = Math.min(Math.max(1, slots), size);
    if (waiting.length || active + n > size) {
      await new Promise<void>((start) => {
        const at = first ? waiting.findIndex((w) => !w.first) : -1;
        waiting.splice(at < 0 ? waiting.length : at, 0, { n, first, start });
      });
    } else active += n;
    try {
      return await task();
    } finally {
      active -= n;
      next();
    }
  };
}

/** Resolves with `task`, or rejects with the run's interruption as soon as it is stopped. */
function unlessStopped<T>(task: Promise<T>, stop?: AbortSignal): Promise<T> {
  if (!stop) return task;
  if (stop.aborted) return Promise.reject(interruption(stop));
  let onStop: () => void;
  const stopped = new Promise<never>((_, reject) => stop.addEventListener('abort', (onStop = () => reject(interruption(stop))), { once: true }));
  return Promise.race([task, stopped]).finally(() => stop.removeEventListener('abort', onStop));
}

/** The body as sent: a byte-order mark kept (json_answer judges it), read past by readJson. */
const textDecoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The body as people read it: the text sent, or a multipart body's fields one a line. */
const sentBody = (body: string | FormData | undefined, spec?: RequestSpec['body']) =>
  typeof body === 'string' ? body : spec?.kind === 'multipart' ? spec.fields.map(([name, value]) => `${name}=${value}`).join('\n') : undefined;

const FRAMING = 'transfer-encoding';

/**
 * The headers and body as fetch takes them. A chunked request (its wire headers say so) goes as a
 * stream of two chunks, which fetch frames as chunked with no Content-Length; fetch refuses the
 * framing header itself (undici: "invalid transfer-encoding header").
 */
function framed(headers: Record<string, string>, body: string | FormData | undefined): Pick<RequestInit, 'headers' | 'body'> & { duplex?: 'half' } {
  const chunked = typeof body === 'string' && Object.entries(headers).some(([name, value]) => name.toLowerCase() === FRAMING && value === 'chunked');
  if (!chunked) return { headers, body };
  const bytes = new TextEncoder().encode(body);
  const half = Math.ceil(bytes.length / 2);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of [bytes.subarray(0, half), bytes.subarray(half)]) if (chunk.length) controller.enqueue(chunk);
      controller.close();
    },
  });
  return { headers: Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() !== FRAMING)), body: stream, duplex: 'half' };
}

/**
 * Methods a client may send again on its own when the connection closed before any answer
 * (RFC 9110 §9.2.2, RFC 9112 §9.3.1): a kept-alive connection the target closed just as it was
 * reused is no answer of the deployment, and no verdict.
 */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE', 'PUT', 'DELETE']);

export interface TransportOptions {
  /** The run's stop (SIGINT, SIGTERM, --deadline): every request in flight and every wait abandoned. */
  stop?: AbortSignal;
  /** Where the curl lines keep bodies too long to show inline. */
  bodies?: BodyStore;
}

export function createTransport(config: RunConfig, redact: Redactor, fetchImpl: FetchLike = (request) => fetch(request), { stop: runStop, bodies }: TransportOptions = {}): Transport {
  const slot = limiter(config.concurrency);
  const pacer = createPacer(config.rate);
  runStop?.addEventListener('abort', () => pacer.abandonWaiting(), { once: true });
  const maxBody = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  async function once(spec: RequestSpec, stop: AbortSignal | undefined, again = false): Promise<Exchange> {
    // Requests queued for a place among those in flight when the run stopped end here, unsent.
    if (stop?.aborted) throw interruption(stop);
    const wire = toWire(spec, config);
    wire.headers[RUN_HEADER] = config.runId;
    // Most exchanges pass and are never shown: their curl is built when something asks for it.
    let curl: string | undefined;
    const nearMiss = spec.credential !== undefined && spec.credential !== 'none' && 'secret' in spec.credential && spec.credential.nearMiss ? { secret: spec.credential.secret, id: spec.credential.nearMiss } : undefined;
    const curlOf = () => (curl ??= redact(curlCommand(wire, spec.body, nearMiss ? { ...config, nearMiss } : config, bodies)));
    // GET and HEAD cannot carry a body in fetch; an undeclared GET is sent without one.
    const body = wire.method === 'GET' || wire.method === 'HEAD' ? undefined : wire.body;
    let response: Response;
    let bytes: Uint8Array;
    const started = performance.now();
    const { request, done } = signalledRequest(wire.url, { method: wire.method, redirect: 'manual', ...framed(wire.headers, body) }, config.timeoutMs, stop);
    let answered = false;
    try {
      response = await fetchImpl(request);
      answered = true;
      bytes = await readCapped(response, maxBody);
    } catch (error) {
      if (stop?.aborted) throw interruption(stop);
      if (!answered && !again && IDEMPOTENT.has(wire.method) && closedBeforeAnswer(error)) {
        done();
        return once(spec, stop, true);
      }
      throw new NoResponse(redact(error instanceof BodyTooLarge ? error.message : networkProblem(error, config.timeoutMs)), curlOf());
    } finally {
      done();
    }
    const text = textDecoder.decode(bytes);
    const headers = headerRecord(response.headers);
    const json = readJson(text);
    const sentText = sentBody(wire.body, spec.body);
    const exchange: Exchange = {
      spec,
      method: wire.method,
      url: wire.url,
      status: response.status,
      headers,
      mediaType: (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
      text,
      json,
      get curl() {
        return curlOf();
      },
      retries: 0,
      ms: performance.now() - started,
      sent: { method: wire.method, url: wire.url, headers: wire.headers, ...(sentText !== undefined && { body: sentText }) },
    };
    return exchange;
  }

  /**
   * A request waits for its turn at its operation's limit, and out its 429s, without a slot (a
   * limit on one operation holds back nothing else); with its turn it goes before the requests
   * that did not wait, and a retry before the others of its limit, so its retries do not queue
   * behind every request sent since. Its patience starts with the first 429.
   */
  async function sendPaced(spec: RequestSpec, unstoppable = false, inFlight: PacedOptions['slot'] = slot): Promise<Exchange> {
    const stop = unstoppable ? undefined : runStop;
    const op = spec.operationId;
    const { answer, retries, patienceSpent } = await paced(pacer, config.rate.patienceMs, () => once(spec, stop), { op, turn: (retry) => unlessStopped(pacer.turn(op, retry), stop), slot: inFlight });
    if (patienceSpent) {
      const patience = `${Math.round(config.rate.patienceMs / 1000)} s`;
      throw new NotChecked(`${spec.purpose}: still rate limited (429) after ${retries} retries within the patience of ${patience} (--patience)`, answer.curl, retries);
    }
    return Object.assign(answer, { retries });
  }

  return {
    send: (spec, unstoppable) => sendPaced(spec, unstoppable),
    // The group holds its places already: its requests wait only for their turns at a limit.
    together: (n, task) => slot(() => task((spec) => sendPaced(spec, false, (t) => t())), { slots: n }),
    throttling: () => pacer.throttling(),
  };
}
