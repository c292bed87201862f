// Recorded traffic in, one shape out: HAR 1.2 (Playwright's recordHar, Chrome DevTools' "Save all
// as HAR", mitmproxy's `save.har` / `hardump`) and NDJSON exchange logs, one JSON object a line:
//
//   {"request": {"method": "GET", "url": "https://…/api/v1/municipalities/?page=2",
//                "headers": {"authorization": "Bearer …"}, "body": "…"},
//    "response": {"status": 200, "headers": {"content-type": "application/json"}, "body": "{…}"}}
//
// (`headers` an object or a HAR-style [{name, value}] list; `body` text, or base64 with
// `"bodyEncoding": "base64"`; gateway logs map to this with one jq line.)

export interface TrafficEntry {
  method: string;
  url: string;
  /** Lower-case names. */
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status: number;
  /** Lower-case names. */
  responseHeaders: Record<string, string>;
  /** Undefined when the recorder kept no body (a HAR entry whose content was not captured). */
  responseBody?: string;
  /** Where it was read: `file.har#12`. */
  source: string;
}

type HeaderList = Array<{ name: string; value: string }> | Record<string, string | string[]>;

function headersOf(raw: HeaderList | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw) return out;
  const pairs = Array.isArray(raw) ? raw.map((h) => [h.name, h.value] as const) : Object.entries(raw).map(([n, v]) => [n, Array.isArray(v) ? v.join(', ') : String(v)] as const);
  for (const [name, value] of pairs) {
    // HTTP/2 pseudo-headers (Chrome's HAR) are not headers of the exchange.
    if (name.startsWith(':')) continue;
    const key = name.toLowerCase();
    out[key] = out[key] !== undefined ? `${out[key]}${key === 'cookie' ? '; ' : ', '}${value}` : value;
  }
  return out;
}

const decode = (text: string | undefined, encoding: string | undefined) => (text === undefined ? undefined : encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text);

interface HarEntry {
  request: { method: string; url: string; headers?: HeaderList; postData?: { text?: string; mimeType?: string; params?: Array<{ name: string; value?: string }> } };
  response: { status: number; headers?: HeaderList; content?: { text?: string; encoding?: string; mimeType?: string; size?: number } };
}

function fromHar(data: { log?: { entries?: HarEntry[] } }, name: string): TrafficEntry[] {
  const entries = data.log?.entries;
  if (!Array.isArray(entries)) throw new Error(`${name} is not a HAR file (no log.entries)`);
  return entries
    // A request that got no response (status 0: aborted, blocked) has nothing to judge.
    .filter((e) => e?.response && e.response.status > 0)
    .map((e, i) => {
      const post = e.request.postData;
      const form = post?.params && post.text === undefined ? new URLSearchParams(post.params.map((p) => [p.name, p.value ?? ''])).toString() : undefined;
      return {
        method: e.request.method.toUpperCase(),
        url: e.request.url,
        requestHeaders: headersOf(e.request.headers),
        ...((post?.text ?? form) !== undefined && { requestBody: post?.text ?? form }),
        status: e.response.status,
        responseHeaders: headersOf(e.response.headers),
        // No text with a size other than 0: the recorder did not keep the body (Playwright, when the page never read it).
        ...(e.response.content?.text !== undefined || e.response.content?.size === 0 || e.response.status === 204
          ? { responseBody: decode(e.response.content?.text, e.response.content?.encoding) ?? '' }
          : {}),
        source: `${name}#${i}`,
      };
    });
}

interface LogLine {
  request?: { method?: string; url?: string; headers?: HeaderList; body?: string; bodyEncoding?: string };
  response?: { status?: number; headers?: HeaderList; body?: string; bodyEncoding?: string };
}

function fromNdjson(text: string, name: string): TrafficEntry[] {
  const out: TrafficEntry[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    if (!line.trim()) continue;
    let data: LogLine;
    try {
      data = JSON.parse(line) as LogLine;
    } catch (error) {
      throw new Error(`${name}:${i + 1} is not JSON: ${(error as Error).message}`);
    }
    const { request, response } = data;
    if (typeof request?.method !== 'string' || typeof request.url !== 'string' || typeof response?.status !== 'number') {
      throw new Error(`${name}:${i + 1} is not an exchange: expected {"request": {"method", "url", …}, "response": {"status", …}} (see conformance/README.md)`);
    }
    const body = decode(request.body, request.bodyEncoding);
    out.push({
      method: request.method.toUpperCase(),
      url: request.url,
      requestHeaders: headersOf(request.headers),
      ...(body !== undefined && { requestBody: body }),
      status: response.status,
      responseHeaders: headersOf(response.headers),
      responseBody: decode(response.body, response.bodyEncoding) ?? '',
      source: `${name}:${i + 1}`,
    });
  }
  return out;
}

/** A HAR file (a JSON object with `log`) or an NDJSON log, told apart by content. */
export function readTraffic(text: string, name: string): TrafficEntry[] {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{')) {
    try {
      const data = JSON.parse(trimmed) as { log?: unknown };
      if (data && typeof data === 'object' && 'log' in data) return fromHar(data as { log?: { entries?: HarEntry[] } }, name);
    } catch {
      // Not one JSON document: NDJSON.
    }
  }
  return fromNdjson(text, name);
}
