// Links that lead back to the mock. The contract's examples carry the real service's absolute
// URLs (`"next": "https://service.example/api/v1/municipalities/?country_code=AT&page=2"`), so a
// pager built against the mock would leave it on its first click. The front points every
// absolute URL into the API (its path starts with the operations' common prefix, `/api/v1/`) at
// the origin the request came to, keeping path and query; other URLs (profile pages, sources)
// stay as they are, and so does every other byte of the body.
import type { IncomingMessage } from 'node:http';
import { operations } from '../generated';
import { baseUrl } from './address';
import { escapeRegExp } from '../protocol/regexp';

/** The path all `paths` start with, up to and including its last slash: `/api/v1/` for the contract's operations. */
export function commonPathPrefix(paths: readonly string[]): string {
  let prefix = paths[0] ?? '/';
  for (const path of paths) while (!path.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('/') + 1) || '/';
}

export const API_PREFIX = commonPathPrefix(Object.values(operations).map((operation) => operation.path));

// host or [IPv6], optional port: nothing that could break out of a JSON string.
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** `http://` and the Host the request was sent to; without a usable Host header, the address it arrived at. */
export function requestOrigin(request: IncomingMessage): string {
  const host = request.headers.host;
  if (host !== undefined && PLAIN_HOST.test(host)) return `http://${host}`;
  return baseUrl(request.socket.localAddress ?? '127.0.0.1', request.socket.localPort ?? 80);
}


export type LinkRewriter = (body: Buffer, origin: string) => Buffer;

/**
 * Rewrites JSON string values that are exactly an absolute http(s) URL under `prefix`. Works on
 * the text, so the rest of the body keeps its bytes; a body without the prefix is returned as is
 * after one byte search.
 */
export function linkRewriter(prefix = API_PREFIX): LinkRewriter {
  const marker = Buffer.from(prefix);
  // "scheme://authority/prefix…" as a whole JSON string; no escapes inside, so never across strings.
  const url = new RegExp(`"https?://[^"/\\\\\\s?#]+(${escapeRegExp(prefix)}[^"\\\\\\s]*)"`, 'g');
  return (body, origin) => {
    if (!body.includes(marker)) return body;
    let changed = false;
    const text = body.toString('utf8').replace(url, (_match, pathAndQuery: string) => {
      changed = true;
      return `"${origin}${pathAndQuery}"`;
    });
    return changed ? Buffer.from(text) : body;
  };
}
