// Serves the API reference page (built into docs/ by `npm run docs`) at /docs/, so frontend
// teams open the reference next to the mock. Files are read per request so a rebuilt page
// shows without restarting the mock.
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { requestOrigin } from './links';

export const DOCS_DIR = path.resolve(__dirname, '../docs');
export const DOCS_PREFIX = '/docs/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.yaml': 'application/yaml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The meta element that tells a page the mock serves the mock's origin: the reference page's
 * server defaults to it (scripts/docs/boot.ts), so it shows the port it is served on, not the
 * contract's default (4010).
 */
export const MOCK_ORIGIN_META = 'cmds-mock-origin';

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** An HTML page with the mock's origin in its head. */
export function withMockOrigin(html: Buffer, origin: string): Buffer {
  const text = html.toString('utf8');
  // In the head; a page without a head tag gets it where the parser opens one (after the doctype).
  const opening = /<head(?:\s[^>]*)?>/i.exec(text) ?? /<!doctype[^>]*>/i.exec(text);
  const at = opening ? opening.index + opening[0].length : 0;
  return Buffer.from(`${text.slice(0, at)}\n<meta name="${MOCK_ORIGIN_META}" content="${escapeAttribute(origin)}">${text.slice(at)}`);
}

export function docsBuilt(dir = DOCS_DIR): boolean {
  return fs.existsSync(path.join(dir, 'index.html'));
}

export function isDocsPath(pathname: string): boolean {
  return pathname === '/docs' || pathname.startsWith(DOCS_PREFIX);
}

type Reply = (status: number, code: string, error: string) => void;

/** Answers GET/HEAD under /docs/; `reply` writes an error body in the contract's shape. */
export function serveDocs(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  reply: Reply,
  dir = DOCS_DIR,
): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    reply(405, 'method_not_allowed', `Method ${request.method ?? ''} is not allowed on ${pathname}`);
    return;
  }
  if (pathname === '/docs') {
    response.writeHead(301, { location: DOCS_PREFIX }).end();
    return;
  }
  if (!docsBuilt(dir)) {
    reply(404, 'not_found', 'The API reference is not built; run `npm run docs` (the mock serves it at /docs/)');
    return;
  }
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(DOCS_PREFIX.length)) || 'index.html';
  } catch {
    reply(400, 'bad_request', `Malformed percent-encoding in ${pathname}`);
    return;
  }
  const file = path.resolve(dir, relative.endsWith('/') ? `${relative}index.html` : relative);
  if (!file.startsWith(dir + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
    reply(404, 'not_found', `No file ${pathname} in the API reference`);
    return;
  }
  const read = fs.readFileSync(file);
  const content = path.extname(file) === '.html' ? withMockOrigin(read, requestOrigin(request)) : read;
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': content.length,
    'cache-control': 'no-cache',
  });
  response.end(request.method === 'HEAD' ? undefined : content);
}
