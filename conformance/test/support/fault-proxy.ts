// A small loopback proxy in front of a correct deployment that breaks one published rule: a
// fault may rewrite the request, answer it itself, or rewrite the response.
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ProxiedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface Fault {
  request?(request: ProxiedRequest): ProxiedRequest | ProxiedResponse;
  response?(request: ProxiedRequest, response: ProxiedResponse): ProxiedResponse;
}

export interface RunningProxy {
  url: string;
  close(): Promise<void>;
}

const DROP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

const read = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

function forward(upstream: URL, request: ProxiedRequest): Promise<ProxiedResponse> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !DROP.has(name)) headers[name] = value;
  if (request.body.length || request.method !== 'GET') headers['content-length'] = String(request.body.length);
  return new Promise((resolve, reject) => {
    // The Host header is kept, so absolute links the deployment builds point back at the proxy.
    const out = http.request({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers }, (res) => {
      read(res)
        .then((body) => {
          const responseHeaders: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !DROP.has(name)) responseHeaders[name] = String(value);
          resolve({ status: res.statusCode ?? 502, headers: responseHeaders, body });
        })
        .catch(reject);
    });
    out.on('error', reject);
    out.end(request.body);
  });
}

export async function startFaultProxy(upstreamUrl: string, fault: Fault): Promise<RunningProxy> {
  const upstream = new URL(upstreamUrl);
  const server = http.createServer((req, res) => {
    void (async () => {
      const original: ProxiedRequest = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: await read(req) };
      const changed = fault.request ? fault.request(original) : original;
      let response = 'status' in changed ? changed : await forward(upstream, changed);
      if (!('status' in changed) && fault.response) response = fault.response(changed, response);
      res.writeHead(response.status, { ...response.headers, 'content-length': response.body.length });
      res.end(response.body);
    })().catch((error: unknown) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`fault proxy: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

// Helpers for the fault table.

export const pathOf = (request: ProxiedRequest) => new URL(request.url, 'http://x').pathname;
export const queryOf = (request: ProxiedRequest) => new URL(request.url, 'http://x').searchParams;

export function jsonResponse(status: number, value: unknown, headers: Record<string, string> = {}): ProxiedResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body: Buffer.from(JSON.stringify(value)) };
}

/** Rewrites a JSON response body; leaves non-JSON bodies alone. */
export function editJson(response: ProxiedResponse, edit: (body: Record<string, unknown>) => unknown): ProxiedResponse {
  let body: unknown;
  try {
    body = JSON.parse(response.body.toString('utf8'));
  } catch {
    return response;
  }
  if (typeof body !== 'object' || body === null) return response;
  const edited = edit(body as Record<string, unknown>) ?? body;
  return { ...response, body: Buffer.from(JSON.stringify(edited)) };
}

/** Rewrites a JSON request body. */
export function editJsonRequest(request: ProxiedRequest, edit: (body: Record<string, unknown>) => unknown): ProxiedRequest {
  try {
    const body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    const edited = edit(body) ?? body;
    return { ...request, body: Buffer.from(JSON.stringify(edited)) };
  } catch {
    return request;
  }
}
