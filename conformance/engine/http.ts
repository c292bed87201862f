// The transport: supertest against a base URL, with the run id header, a per-request timeout,
// bounded 429 handling and a cap on requests in flight.
import request from 'supertest';
import { operations } from '../../generated';
import { credentialParts } from './credentials';
import { curlCommand } from './curl';
import type { Redactor } from './redact';
import { NoResponse, type Exchange, type RequestSpec } from './request';
import type { RunConfig } from './types';

export const RUN_HEADER = 'X-Conformance-Run';

export interface Transport {
  send(spec: RequestSpec): Promise<Exchange>;
}

/** A slot-based limiter: at most `size` sends at once. */
function limiter(size: number) {
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

export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter {${name}} of ${template}`);
    return encodeURIComponent(value);
  });
}

/** Seconds or an HTTP date, bounded; 1 s when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, maxWaitMs: number): number {
  const value = Array.isArray(header) ? header[0] : header;
  let ms = 1000;
  if (value !== undefined && /^\d+$/.test(value.trim())) ms = Number(value.trim()) * 1000;
  else if (value !== undefined && !Number.isNaN(Date.parse(value))) ms = Date.parse(value) - Date.now();
  return Math.min(Math.max(ms, 0), maxWaitMs);
}

function requestUrl(config: RunConfig, spec: RequestSpec, extraQuery: Array<[string, string]>): URL {
  const url = new URL(spec.url ?? `${config.baseUrl}${fillPath(operations[spec.operationId].path, spec.params)}`);
  for (const [name, value] of [...(spec.query ?? []), ...extraQuery]) url.searchParams.append(name, value);
  return url;
}

function describeNetworkError(error: unknown, timeoutMs: number): string {
  const e = error as { code?: string; timeout?: number; message?: string };
  if (e.timeout !== undefined || e.code === 'ECONNABORTED') return `no response within ${timeoutMs} ms (--timeout)`;
  if (e.code === 'ECONNREFUSED') return 'connection refused: the target is not running';
  if (e.code === 'ECONNRESET' || e.code === 'EPIPE') return 'the connection was closed without a response';
  return e.code ? `${e.code}: ${e.message ?? ''}`.trim() : (e.message ?? String(error));
}

const collectRaw = (res: NodeJS.ReadableStream, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => done(null, Buffer.concat(chunks)));
  res.on('error', (error: Error) => done(error, Buffer.alloc(0)));
};

export function createTransport(config: RunConfig, redact: Redactor): Transport {
  const slot = limiter(config.concurrency);

  async function once(spec: RequestSpec) {
    const method = operations[spec.operationId].method;
    const credential = spec.credential ?? { form: 'bearer', value: config.token };
    const parts = credentialParts(credential);
    const url = requestUrl(config, spec, parts.query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [RUN_HEADER]: config.runId,
      ...parts.headers,
      ...spec.headers,
    };
    const curl = redact(curlCommand(method, url.toString(), headers, spec.body));
    let test = request(url.origin)[method](url.pathname + url.search);
    test = test.set(headers).redirects(0).ok(() => true).timeout({ deadline: config.timeoutMs });
    test = test.buffer(true).parse(collectRaw as never);
    const body = spec.body;
    if (body?.kind === 'json') test = test.set('Content-Type', 'application/json').send(JSON.stringify(body.value));
    else if (body?.kind === 'raw') test = test.set('Content-Type', body.contentType).send(body.text);
    else if (body?.kind === 'form') test = test.set('Content-Type', 'application/x-www-form-urlencoded').send(new URLSearchParams(body.fields).toString());
    else if (body?.kind === 'multipart') for (const [name, value] of Object.entries(body.fields)) test = test.field(name, value);
    try {
      const response = await test;
      return { method, url: url.toString(), curl, response };
    } catch (error) {
      throw new NoResponse(redact(describeNetworkError(error, config.timeoutMs)), curl);
    }
  }

  async function send(spec: RequestSpec): Promise<Exchange> {
    let retries = 0;
    for (;;) {
      const { method, url, curl, response } = await slot(() => once(spec));
      if (response.status === 429 && retries < config.retry.maxRetries) {
        retries += 1;
        await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response.headers['retry-after'], config.retry.maxWaitMs)));
        continue;
      }
      const raw = Buffer.isBuffer(response.body) ? response.body : Buffer.alloc(0);
      const text = raw.toString('utf8');
      const contentType = String(response.headers['content-type'] ?? '');
      let json: unknown;
      try {
        json = text.length > 0 ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      return {
        spec,
        method,
        url,
        status: response.status,
        headers: response.headers as Exchange['headers'],
        mediaType: contentType.split(';')[0]!.trim().toLowerCase(),
        text,
        json,
        curl,
        retries,
      };
    }
  }

  return { send };
}
