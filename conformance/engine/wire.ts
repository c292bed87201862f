// A request as it goes on the wire: the path filled in, the credential placed with the run's
// secret, the body encoded for its media type.
import { credentialForms, operations } from '../../generated';
import { credentialParts, fullAccess, secretValue } from './credentials';
import { nearMissOf } from './near-miss';
import { wellFormed, type RequestSpec } from './request';
import type { RunConfig } from './types';

/** The request as it goes on the wire (secrets filled in). */
export interface WireRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

export function fillPath(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter {${name}} of ${template}`);
    // A lone surrogate cannot be sent in UTF-8; like every encoder, send U+FFFD instead.
    return encodeURIComponent(wellFormed(value));
  });
}

/** Where a credential goes in a header (Authorization, Cookie): the suite fills these itself, in every published form. */
const CREDENTIAL_HEADERS = new Set(credentialForms.map((form) => (form.in === 'header' ? form.name : form.in === 'cookie' ? 'cookie' : '')).filter(Boolean).map((name) => name.toLowerCase()));
/** Headers the suite sets or varies itself besides: the media types, the framing, the run's id (X-Conformance-Run). */
const OWN_HEADERS = new Set(['accept', 'content-type', 'content-length', 'transfer-encoding', 'host', 'x-conformance-run']);

/** Why the user may not add this header to every request (undefined: they may). */
export function ownHeaderProblem(name: string): string | undefined {
  if (CREDENTIAL_HEADERS.has(name.toLowerCase())) return 'it carries credentials, which the suite sends itself in every published form (--token, --limited-token, --session-id)';
  return OWN_HEADERS.has(name.toLowerCase()) ? 'the suite sets this header itself' : undefined;
}

/**
 * The request's query after what the URL already carries (a followed link's own), the credential's
 * parameters after it or, `first`, before it. Written as URLSearchParams writes it, or as the
 * request's own spelling of it (`querySpelling`), kept byte for byte.
 */
function writeQuery(url: URL, spec: RequestSpec, credential: Array<[string, string]>, first: boolean): void {
  if (spec.querySpelling === undefined && !first) {
    for (const [name, v] of [...(spec.query ?? []), ...credential]) url.searchParams.append(name, v);
    return;
  }
  const own = spec.querySpelling ?? new URLSearchParams(spec.query ?? []).toString();
  const secret = new URLSearchParams(credential).toString();
  const carried = url.search.slice(1);
  url.search = (first ? [secret, carried, own] : [carried, own, secret]).filter((part) => part !== '').join('&');
}

/** Secrets resolved; a credential whose secret the run lacks is sent as none. */
export function toWire(spec: RequestSpec, config: RunConfig): WireRequest {
  const method = (spec.method ?? operations[spec.operationId].method).toUpperCase();
  const credential = spec.credential ?? fullAccess(config.keyScheme);
  const secret = credential === 'none' || 'literal' in credential ? undefined : secretValue(config, credential.secret);
  const value = credential === 'none' ? undefined : 'literal' in credential ? credential.literal : secret && (credential.nearMiss ? nearMissOf(secret, credential.nearMiss) : secret);
  const parts = credential === 'none' || value === undefined ? { headers: {}, query: [] } : credentialParts(credential.scheme, value, credential.spelling, credential.cookies);
  const path = fillPath(operations[spec.operationId].path, spec.params);
  const url = new URL(spec.url ?? `${config.baseUrl}${spec.trailingSlash === false ? path.replace(/\/$/, '') : path}`);
  writeQuery(url, spec, parts.query, credential !== 'none' && credential.first === true);
  // The user's extra headers (a gateway's) go on every request; a case's own headers win.
  const headers: Record<string, string> = { Accept: 'application/json', ...config.headers, ...parts.headers, ...spec.headers };
  const wire: WireRequest = { method, url: url.toString(), headers };
  const body = spec.body;
  if (!body) return wire;
  // The framing header is what goes on the wire; the transport streams the body to send it so.
  const framed = (type: string) => ({ ...headers, 'Content-Type': type, ...(spec.framing === 'chunked' && { 'Transfer-Encoding': 'chunked' }) });
  switch (body.kind) {
    case 'json':
      if (body.value === undefined) return wire;
      return { ...wire, headers: framed('application/json'), body: JSON.stringify(body.value) };
    case 'raw':
      return { ...wire, headers: framed(body.contentType), body: body.text };
    case 'form':
      return { ...wire, headers: framed('application/x-www-form-urlencoded'), body: new URLSearchParams(body.fields).toString() };
    case 'multipart': {
      const form = new FormData();
      for (const [name, v] of body.fields) form.append(name, v);
      return { ...wire, body: form };
    }
  }
}

