// The transport: one fetch per request (global fetch, or any fetch-style function such as the
// sandbox's core in the suite's own tests), with the run id header, a per-request timeout,
// bounded 429 handling and a cap on requests in flight.
import { curlCommand } from './curl';
import type { Redactor } from './redact';
import type { Exchange, RequestSpec } from './request';
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

export interface Transport {
  send(spec: RequestSpec): Promise<Exchange>;
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

/** Seconds or an HTTP date, bounded; 1 s when absent or unreadable. */
export function retryAfterMs(value: string | undefined, maxWaitMs: number): number {
  let ms = 1000;
  if (value !== undefined && /^\d+$/.test(value.trim())) ms = Number(value.trim()) * 1000;
  else if (value !== undefined && !Number.isNaN(Date.parse(value))) ms = Date.parse(value) - Date.now();
  return Math.min(Math.max(ms, 0), maxWaitMs);
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no response within ${timeoutMs} ms (--timeout)`;
  const code = e.cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused: the target is not running';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET') return 'the connection was closed without a response';
  return code ? `${code}: ${e.cause?.message ?? e.message ?? ''}`.trim() : (e.cause?.message ?? e.message ?? String(error));
}

const textDecoder = new TextDecoder();

export function createTransport(config: RunConfig, redact: Redactor, fetchImpl: FetchLike = (request) => fetch(request)): Transport {
  const slot = limiter(config.concurrency);

  async function once(spec: RequestSpec): Promise<{ exchange: Exchange; retryAfter?: string }> {
    const wire = toWire(spec, config);
    wire.headers[RUN_HEADER] = config.runId;
    // Most exchanges pass and are never shown: their curl is built when something asks for it.
    let curl: string | undefined;
    const curlOf = () => (curl ??= redact(curlCommand(wire, spec.body, config)));
    // GET and HEAD cannot carry a body in fetch; an undeclared GET is sent without one.
    const body = wire.method === 'GET' || wire.method === 'HEAD' ? undefined : wire.body;
    let response: Response;
    let bytes: Uint8Array;
    try {
      const signal = AbortSignal.timeout(config.timeoutMs);
      response = await fetchImpl(new Request(wire.url, { method: wire.method, headers: wire.headers, body, redirect: 'manual', signal }));
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      throw new NoResponse(redact(describeNetworkError(error, config.timeoutMs)), curlOf());
    }
    const text = textDecoder.decode(bytes);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => (headers[name] = value));
    let json: unknown;
    if (text.length > 0) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
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
    };
    return { exchange, retryAfter: headers['retry-after'] };
  }

  async function send(spec: RequestSpec): Promise<Exchange> {
    for (let retries = 0; ; retries += 1) {
      const { exchange, retryAfter } = await slot(() => once(spec));
      if (exchange.status !== 429 || retries >= config.retry.maxRetries) return Object.assign(exchange, { retries });
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(retryAfter, config.retry.maxWaitMs)));
    }
  }

  return { send };
}
