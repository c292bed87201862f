// The transport: one fetch per request (global fetch, or any fetch-style function such as the
// sandbox's core in the suite's own tests), with the run id header, a per-request timeout, a cap
// on requests in flight, a cap on each answer's size read as it streams (engine/read-body.ts),
// and the pace a rate-limited deployment asks for (engine/pace.ts): a 429 is waited out until the
// request's patience is spent, then the request is "not checked". A stop signal (SIGINT,
// SIGTERM, --deadline) abandons every request in flight and every wait at once.
import type { BodyStore } from './bodies';
import { curlCommand } from './curl';
import { networkProblem } from './network-errors';
import { createPacer, paced, type Throttling } from './pace';
import { BodyTooLarge, DEFAULT_MAX_BODY_BYTES, readCapped } from './read-body';
import type { Redactor } from './redact';
import { headerRecord, type Exchange, type RequestSpec } from './request';
import { signalledRequest } from './request-signal';
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
  send(spec: RequestSpec): Promise<Exchange>;
  /** How the deployment held the run back so far (429s, time waited, the pace settled on). */
  throttling(): Throttling;
}

/** A slot-based limiter: at most `size` tasks at once. */
export function limiter(size: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    active += 1;
    try {
      return await task();
    } finally {
      active -= 1;
      waiting.shift()?.();
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

const textDecoder = new TextDecoder();

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

export interface TransportOptions {
  /** The run's stop (SIGINT, SIGTERM, --deadline): every request in flight and every wait abandoned. */
  stop?: AbortSignal;
  /** Where the curl lines keep bodies too long to show inline. */
  bodies?: BodyStore;
}

export function createTransport(config: RunConfig, redact: Redactor, fetchImpl: FetchLike = (request) => fetch(request), { stop, bodies }: TransportOptions = {}): Transport {
  const slot = limiter(config.concurrency);
  const pacer = createPacer(config.rate.perSecond);
  const maxBody = config.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;

  async function once(spec: RequestSpec): Promise<Exchange> {
    const wire = toWire(spec, config);
    wire.headers[RUN_HEADER] = config.runId;
    // Most exchanges pass and are never shown: their curl is built when something asks for it.
    let curl: string | undefined;
    const curlOf = () => (curl ??= redact(curlCommand(wire, spec.body, config, bodies)));
    // GET and HEAD cannot carry a body in fetch; an undeclared GET is sent without one.
    const body = wire.method === 'GET' || wire.method === 'HEAD' ? undefined : wire.body;
    let response: Response;
    let bytes: Uint8Array;
    const started = performance.now();
    const { request, done } = signalledRequest(wire.url, { method: wire.method, redirect: 'manual', ...framed(wire.headers, body) }, config.timeoutMs, stop);
    try {
      response = await fetchImpl(request);
      bytes = await readCapped(response, maxBody);
    } catch (error) {
      if (stop?.aborted) throw interruption(stop);
      throw new NoResponse(redact(error instanceof BodyTooLarge ? error.message : networkProblem(error, config.timeoutMs)), curlOf());
    } finally {
      done();
    }
    const text = textDecoder.decode(bytes);
    const headers = headerRecord(response.headers);
    let json: unknown;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
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
   * A request keeps its slot while it waits out 429s, so its retries do not queue behind every
   * request sent since; its patience starts with the first 429.
   */
  async function send(spec: RequestSpec): Promise<Exchange> {
    return slot(async () => {
      const { answer, retries, patienceSpent } = await paced(pacer, config.rate.patienceMs, () => once(spec), () => unlessStopped(pacer.turn(), stop));
      if (patienceSpent) {
        const patience = `${Math.round(config.rate.patienceMs / 1000)} s`;
        throw new NotChecked(`${spec.purpose}: still rate limited (429) after ${retries} retries within the patience of ${patience} (--patience)`, answer.curl, retries);
      }
      return Object.assign(answer, { retries });
    });
  }

  return { send, throttling: () => pacer.throttling() };
}
