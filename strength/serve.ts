// A fault deployment as a run reaches it: in-process, or behind a loopback HTTP server the run
// reaches with the global fetch, so each request goes on the wire as the suite sends it (its
// framing: Transfer-Encoding, which only a socket carries). The server binds 127.0.0.1 only.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunConfig } from '../conformance';
import { faulty, headerRecord, type FaultSpec, type FetchLike } from './faulty';

/** Serves a fetch function on a free loopback port (the CLI, or a run over HTTP, can be pointed at it). */
export async function serve(fetch: FetchLike): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
      fetch(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body }))
        .then(async (response) => {
          const bytes = Buffer.from(await response.arrayBuffer());
          res.writeHead(response.status, headerRecord(response.headers));
          res.end(bytes);
        })
        .catch((error: unknown) => {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end(`test server: ${String(error)}`);
        });
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

/** A fault deployment as a run reaches it: its fetch, what the run's config must say of it, and how to stop it. */
export interface Deployed {
  fetch: FetchLike;
  overrides: Partial<RunConfig>;
  close(): Promise<void>;
}

/** In-process, or over loopback HTTP when `overHttp`. */
export async function reached(fetch: FetchLike, overHttp = false): Promise<Deployed> {
  if (!overHttp) return { fetch, overrides: {}, close: async () => undefined };
  const server = await serve(fetch);
  return { fetch: (request) => globalThis.fetch(request), overrides: { baseUrl: server.url }, close: server.close };
}

/** The deployment with this fault, reached over loopback HTTP when the fault reads how the request was framed. */
export const deployed = (fault: { spec: FaultSpec; overHttp?: true }): Promise<Deployed> => reached(faulty(fault.spec), fault.overHttp);
