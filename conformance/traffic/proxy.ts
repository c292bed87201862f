// `conformance proxy --upstream <url>`: a validating reverse proxy. Every request goes upstream
// unchanged and every answer comes back unchanged (status, headers, body byte for byte), with one
// header added when the exchange broke a rule; each exchange is judged as it passes, the lists
// the traffic walked when the proxy stops.
import http from 'node:http';
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
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (HOP.has(name) || value === undefined) continue;
          // Identity bodies, so what is judged and what is passed on are the same bytes.
          if (name === 'accept-encoding') continue;
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        let response: Response;
        try {
          response = await fetch(target, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body, redirect: 'manual' });
        } catch (error) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`conformance proxy: ${upstream} did not answer: ${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}`);
          return;
        }
        const bytes = Buffer.from(await response.arrayBuffer());
        const out: Record<string, string | string[]> = {};
        response.headers.forEach((value, name) => {
          if (!HOP.has(name) && name !== 'content-encoding' && name !== 'set-cookie') out[name] = value;
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) out['set-cookie'] = cookies;
        const requestHeaders: Record<string, string> = {};
        headers.forEach((value, name) => (requestHeaders[name] = value));
        const entry: TrafficEntry = {
          method: (req.method ?? 'GET').toUpperCase(),
          url: target.toString(),
          requestHeaders,
          ...(body && { requestBody: body.toString('utf8') }),
          status: response.status,
          responseHeaders: Object.fromEntries(Object.entries(out).map(([n, v]) => [n, Array.isArray(v) ? v.join(', ') : v])),
          responseBody: bytes.toString('utf8'),
          source: `proxy #${Date.now()}`,
        };
        const broken = judge.add(entry);
        if (broken?.length) out[VIOLATIONS_HEADER.toLowerCase()] = [...new Set(broken)].join(', ');
        res.writeHead(response.status, out);
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
