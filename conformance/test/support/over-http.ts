// A deployment behind a real HTTP hop on loopback, its answers streamed in chunks (no
// Content-Length) and, when asked, gzip-compressed (Content-Encoding: gzip), as nginx, Django's
// GZipMiddleware or Express's compression send them. The suite's transport reads them through
// fetch, which decodes them; the answers keep the public origin the suite addressed, so links
// stay on it. One server per process serves every deployment made here (a path prefix each);
// it and its connections are unreferenced, so nothing it holds keeps a process alive.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { headerRecord } from '../../engine/request';
import type { FetchLike } from '../../engine/transport';

export interface Encoding {
  gzip: boolean;
}

/** Bytes per chunk written: answers of a few KB go out in several. */
const CHUNK = 1024;

const deployments: Array<{ fetch: FetchLike; encoding: Encoding }> = [];
let listening: Promise<string> | undefined;

function server(): Promise<string> {
  listening ??= new Promise((resolve) => {
    const srv = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const [, id, rest] = /^\/d(\d+)(\/.*)$/.exec(req.url ?? '') ?? [];
        const deployment = deployments[Number(id)];
        if (!deployment || rest === undefined) return void res.writeHead(404).end();
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string' && name !== 'host') headers.set(name, value);
        const origin = headers.get('x-public-origin')!;
        headers.delete('x-public-origin');
        const body = chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined;
        deployment
          .fetch(new Request(`${origin}${rest}`, { method: req.method, headers, body }))
          .then(async (response) => {
            const plain = Buffer.from(await response.arrayBuffer());
            const out = headerRecord(response.headers);
            delete out['content-length'];
            const bytes = deployment.encoding.gzip && plain.length ? zlib.gzipSync(plain) : plain;
            if (deployment.encoding.gzip && plain.length) out['content-encoding'] = 'gzip';
            res.writeHead(response.status, out);
            for (let at = 0; at < bytes.length; at += CHUNK) res.write(bytes.subarray(at, at + CHUNK));
            res.end();
          })
          .catch((error: unknown) => res.writeHead(502, { 'content-type': 'text/plain' }).end(`test server: ${String(error)}`));
      });
    });
    srv.on('connection', (socket) => socket.unref());
    // Idle connections are the client's to close (fetch does after 4 s): a server that closes them
    // too (Node's 5 s) races a request reusing one on a loaded machine, and the request gets no answer.
    srv.keepAliveTimeout = 0;
    srv.listen(0, '127.0.0.1', () => {
      srv.unref();
      resolve(`http://127.0.0.1:${(srv.address() as AddressInfo).port}`);
    });
  });
  return listening;
}

/** The deployment reached over loopback HTTP with these encodings, as a fetch function. */
export function overHttp(fetch: FetchLike, encoding: Encoding): FetchLike {
  const id = deployments.push({ fetch, encoding }) - 1;
  return async (request) => {
    const url = new URL(request.url);
    const headers = new Headers(request.headers);
    headers.set('x-public-origin', url.origin);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return globalThis.fetch(`${await server()}/d${id}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: 'manual', signal: request.signal });
  };
}
