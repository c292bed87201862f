// What a scenario asks to send, and what came back.
import type { OperationId } from '../../generated';
import type { Credential } from './credentials';

export type Body =
  | { kind: 'json'; value: unknown }
  /** Bytes as given, e.g. malformed JSON. */
  | { kind: 'raw'; text: string; contentType: string }
  | { kind: 'form'; fields: Record<string, string> }
  | { kind: 'multipart'; fields: Record<string, string> };

export interface RequestSpec {
  operationId: OperationId;
  /** What the request is for, in words (appears in messages), e.g. "create with a 201-character name". */
  purpose: string;
  /** Values for the operation's path template ({uuid}, {event_uuid}). */
  params?: Record<string, string>;
  /** An absolute URL instead of the operation's path, to follow `next` and `previous` links. */
  url?: string;
  query?: Array<[string, string]>;
  headers?: Record<string, string>;
  body?: Body;
  /** Default: the full token as `Authorization: Bearer`. */
  credential?: Credential;
  /** A valid, authorised request: the published success status is expected. */
  expectSuccess?: boolean;
}

export interface Exchange {
  spec: RequestSpec;
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The media type without parameters, lower case; '' when absent. */
  mediaType: string;
  text: string;
  /** The parsed body, or undefined when the body is empty or not JSON. */
  json: unknown;
  /** Redacted. */
  curl: string;
  /** How often a 429 was waited out. */
  retries: number;
}

/** No HTTP response (refused, reset, timed out). Already recorded as a failure when thrown. */
export class NoResponse extends Error {
  constructor(message: string, readonly curl: string) {
    super(message);
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
