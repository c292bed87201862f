// A fetch function served on a free loopback port, so the CLI can be pointed at a deployment
// that runs in the test's process (the sandbox, or a faulty one from strength/).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { headerRecord } from '../../engine/request';
import type { FetchLike } from '../../engine/transport';

/** Serves a fetch function on a free loopback port, so the CLI can be pointed at a faulty deployment. */
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
