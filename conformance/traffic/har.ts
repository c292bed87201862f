// A run as HAR 1.2 (`--har <file>`), so a failing run opens in any HAR viewer: a fetch wrapper
// records each exchange as sent and received. Secrets pass the run's Redactor like every output.
import type { Redactor } from '../engine/redact';
import type { FetchLike } from '../engine/transport';

interface HarHeader {
  name: string;
  value: string;
}

interface HarEntry {
  startedDateTime: string;
  time: number;
  request: { method: string; url: string; httpVersion: string; headers: HarHeader[]; queryString: HarHeader[]; cookies: []; headersSize: -1; bodySize: number; postData?: { mimeType: string; text: string } };
  response: { status: number; statusText: string; httpVersion: string; headers: HarHeader[]; cookies: []; content: { size: number; mimeType: string; text: string }; redirectURL: string; headersSize: -1; bodySize: number };
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
}

const headerList = (headers: Headers): HarHeader[] => {
  const out: HarHeader[] = [];
  headers.forEach((value, name) => out.push({ name, value }));
  return out;
};

export interface HarRecorder {
  fetch: FetchLike;
  /** The HAR document of everything recorded so far, redacted. */
  har(): string;
}

export function recordHar(inner: FetchLike, redact: Redactor, creator = 'conformance'): HarRecorder {
  const entries: HarEntry[] = [];
  return {
    async fetch(request) {
      const started = new Date();
      const t0 = performance.now();
      const body = request.body ? await request.clone().text() : undefined;
      const response = await inner(request);
      const text = await response.clone().text();
      const url = new URL(request.url);
      entries.push({
        startedDateTime: started.toISOString(),
        time: performance.now() - t0,
        request: {
          method: request.method,
          url: request.url,
          httpVersion: 'HTTP/1.1',
          headers: headerList(request.headers),
          queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
          cookies: [],
          headersSize: -1,
          bodySize: body === undefined ? 0 : Buffer.byteLength(body),
          ...(body !== undefined && { postData: { mimeType: request.headers.get('content-type') ?? '', text: body } }),
        },
        response: {
          status: response.status,
          statusText: response.statusText,
          httpVersion: 'HTTP/1.1',
          headers: headerList(response.headers),
          cookies: [],
          content: { size: Buffer.byteLength(text), mimeType: response.headers.get('content-type') ?? '', text },
          redirectURL: response.headers.get('location') ?? '',
          headersSize: -1,
          bodySize: Buffer.byteLength(text),
        },
        cache: {},
        timings: { send: 0, wait: performance.now() - t0, receive: 0 },
      });
      return response;
    },
    har: () => redact(`${JSON.stringify({ log: { version: '1.2', creator: { name: creator, version: '1' }, entries } }, null, 2)}\n`),
  };
}
