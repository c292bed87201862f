// `conformance proxy --upstream <url>`: a validating reverse proxy. Every request goes upstream
// unchanged and every answer comes back unchanged (status, headers, body byte for byte), with one
// header added when the exchange broke a rule; each exchange is judged as it passes, the lists
// the traffic walked when the proxy stops.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Redactor } from '../engine/redact';
import { createTrafficJudge, type TrafficJudgement } from './judge';
import type { TrafficEntry } from './read';

/** Names the rules an exchange broke, e.g. `status_declared, body_matches_schema`. */
export const VIOLATIONS_HEADER = 'X-Conformance-Violations';

/** Hop-by-hop headers (RFC 9110 §7.6.1) and those the proxy's own framing sets. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length']);

export interface RunningProxy {
  url: string;
  /** Stops listening and judges the lists the traffic walked. */
  stop(): Promise<TrafficJudgement>;
}

/** One request upstream through node:http(s), which (unlike fetch) sends the Host header it is given. */
function forward(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, { method, headers: body ? { ...headers, 'content-length': String(body.length) } : headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 502, headers: response.headers, bytes: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

export async function startProxy(upstream: string, port = 0, redact?: Redactor): Promise<RunningProxy> {
  const judge = createTrafficJudge(redact);
  const base = new URL(upstream);
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const target = new URL(`${base.pathname.replace(/\/$/, '')}${req.url ?? '/'}`, base.origin);
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (value === undefined || (HOP.has(name) && name !== 'host') || name === 'content-length') continue;
          // Identity bodies, so what is judged and what is passed on are the same bytes.
          if (name === 'accept-encoding') continue;
          headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        let answer: { status: number; headers: http.IncomingHttpHeaders; bytes: Buffer };
        try {
          // The client's Host goes upstream as sent, so the links a deployment builds lead back through the proxy.
          answer = await forward(target, req.method ?? 'GET', headers, body);
        } catch (error) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`conformance proxy: ${upstream} did not answer: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
          return;
        }
        const { bytes } = answer;
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && (!HOP.has(name) || name === 'content-length')) out[name] = value;
        const entry: TrafficEntry = {
          method: (req.method ?? 'GET').toUpperCase(),
          url: target.toString(),
          requestHeaders: headers,
          ...(body && { requestBody: body.toString('utf8') }),
          status: answer.status,
          responseHeaders: Object.fromEntries(Object.entries(out).map(([n, v]) => [n, Array.isArray(v) ? v.join(', ') : v])),
          responseBody: bytes.toString('utf8'),
          source: `proxy #${Date.now()}`,
        };
        const broken = judge.add(entry);
        if (broken?.length) out[VIOLATIONS_HEADER.toLowerCase()] = [...new Set(broken)].join(', ');
        res.writeHead(answer.status, out);
        res.end(bytes);
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(judge.finish()));
      }),
  };
}
