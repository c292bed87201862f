// A response as plain values, so any server can send it: a node:http front writes it with
// writeHead/end, a fetch-style handler turns it into a Response.

export interface Reply {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Serialized JSON (bytes when already encoded, e.g. a cached page); null for 204. */
  body: string | Uint8Array | null;
}

export const JSON_MEDIA_TYPE = 'application/json';

/** A JSON reply from a body that is already serialized. */
export function jsonReply(status: number, json: string | Uint8Array, headers: Record<string, string> = {}): Reply {
  return { status, headers: { ...headers, 'content-type': JSON_MEDIA_TYPE }, body: json };
}
