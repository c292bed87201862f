// Targets that are no working deployment, one kind each, on a free loopback port: a server that
// never answers, one that drips a byte at a time, a list of hundreds of megabytes streamed as a
// valid envelope, connections reset, an HTML page for every path, truncated JSON, a redirect
// loop. The suite's tests use them small and quick; bench/hostile.ts at the sizes QA meets.
// `only` makes a target hostile for some requests and the correct deployment for the others.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { headerRecord } from '../../engine/request';
import type { FetchLike } from '../../engine/transport';
import { sandboxFetch } from './sandbox';

export const HOSTILE_KINDS = ['silent', 'drip', 'huge', 'reset', 'html', 'truncated', 'redirect-loop'] as const;
export type HostileKind = (typeof HOSTILE_KINDS)[number];

export interface HostileOptions {
  /** huge: the body's size in bytes (default 300 MB). */
  bytes?: number;
  /** huge: how fast it streams (default: as fast as the client reads). */
  bytesPerSecond?: number;
  /** drip: milliseconds between bytes (default 1000). */
  dripMs?: number;
  /** Hostile only for the requests this picks; the sandbox answers the others. */
  only?: (url: URL, method: string) => boolean;
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

const ITEM = JSON.stringify({ uuid: '3f1c2a9e-8b4d-4e7a-9c21-5d0e6b7a8f10', country_code: 'AT', official_code: '10101', name: 'Eisenstadt', status: 'S', status_display: 'Statutarstadt', company_count: 0, officials: [], profile_url: '', budget_url: '' });

/** A list envelope of about `bytes` bytes, written as the client takes it (no more in memory than a chunk). */
function streamHuge(res: http.ServerResponse, bytes: number, bytesPerSecond = Infinity): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Array.from({ length: 256 }, () => ITEM).join(',');
  const started = performance.now();
  let written = 0;
  let first = true;
  const pump = () => {
    while (written < bytes && !res.destroyed) {
      // Ahead of the pace: wait until the bytes written are due.
      const due = started + (written / bytesPerSecond) * 1000;
      if (due > performance.now()) return void setTimeout(pump, due - performance.now());
      const part = `${first ? '{"count": 1000000, "next": null, "previous": null, "results": [' : ','}${chunk}`;
      first = false;
      written += part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end(']}');
  };
  pump();
}

function drip(res: http.ServerResponse, everyMs: number): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const text = '{"count": 0, "next": null, "previous": null, "results": []}';
  let i = 0;
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(text[i++ % text.length]!)), everyMs);
  res.once('close', () => clearInterval(timer));
}

function answerHostile(kind: HostileKind, req: http.IncomingMessage, res: http.ServerResponse, options: HostileOptions): void {
  switch (kind) {
    case 'silent':
      return; // the request is read and never answered
    case 'drip':
      return drip(res, options.dripMs ?? 1000);
    case 'huge':
      return streamHuge(res, options.bytes ?? 300 * 1024 * 1024, options.bytesPerSecond);
    case 'reset':
      return void req.socket.resetAndDestroy();
    case 'html':
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end('<!doctype html><html><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>');
    case 'truncated': {
      const text = '{"count": 2, "next": null, "previous": null, "results": [{"uuid": "3f1c2a9e-';
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
      return void res.end(text);
    }
    case 'redirect-loop':
      res.writeHead(302, { location: req.url ?? '/' });
      return void res.end();
  }
}

/** The correct deployment, for the requests `only` leaves alone. */
async function answerCorrectly(fetch: FetchLike, req: http.IncomingMessage, res: http.ServerResponse, body: Buffer): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const bodyless = req.method === 'GET' || req.method === 'HEAD' || body.length === 0;
  const response = await fetch(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: bodyless ? undefined : new Uint8Array(body) }));
  res.writeHead(response.status, headerRecord(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

export async function hostileServer(kind: HostileKind, options: HostileOptions = {}): Promise<Served> {
  const correct = options.only ? sandboxFetch() : undefined;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      if (correct && !options.only!(url, req.method ?? 'GET')) return void answerCorrectly(correct, req, res, Buffer.concat(chunks)).catch(() => res.destroy());
      answerHostile(kind, req, res, options);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
