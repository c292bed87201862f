// Turns every error Prism (or its HTTP layer) answers in its own shape into the contract's
// error body `{error, code}`, so a frontend never learns a shape the real service will not send.
// Codes other than the published `unauthorized` and `forbidden` are the mock's choice
// (listed in mock/README.md); `mock_*` codes describe the mock itself, not the service.
import { publishedError, type ErrorBody } from '../protocol/errors';
import { KIT_ERRORS } from '../protocol/kit-errors';

/** An error the front sends: protocol/errors.ts writes it as the `{error, code}` reply. */
export interface ErrorReply {
  status: number;
  body: ErrorBody;
}

/** One entry of Prism's `sl-violations` response header. */
export interface Violation {
  location: string[];
  severity: string;
  code: string | number;
  message: string;
}

/** What the request looked like, for messages that name it. */
export interface RequestFacts {
  method: string;
  path: string;
  body: Uint8Array;
}

interface ProblemRule {
  status: number;
  code: string;
  message: (request: RequestFacts, detail: string) => string;
}

const UNAUTHORIZED = publishedError('401');

const detailOnly = (_request: RequestFacts, detail: string) => detail;
const notFound: ProblemRule = {
  status: 404,
  code: 'not_found',
  message: (request) => `No operation ${request.method} ${request.path} in API v1 (paths end with a slash)`,
};

/** Prism problem types (the part after `errors#`) -> the reply the mock gives instead. */
const PRISM_PROBLEMS: Record<string, ProblemRule> = {
  NO_PATH_MATCHED_ERROR: notFound,
  NO_RESOURCE_PROVIDED_ERROR: notFound,
  NO_SERVER_MATCHED_ERROR: notFound,
  NO_METHOD_MATCHED_ERROR: {
    status: 405,
    code: 'method_not_allowed',
    message: (request) => `Method ${request.method} is not allowed on ${request.path}`,
  },
  NOT_ACCEPTABLE: { status: 406, code: 'not_acceptable', message: detailOnly },
  INVALID_CONTENT_TYPE: { status: 415, code: 'unsupported_media_type', message: detailOnly },
  // Prism raises these two only for the mock's own controls: a Prefer header naming a status or
  // example the contract does not declare, or a Prefer value it cannot decode.
  NOT_FOUND: {
    status: 400,
    code: 'mock_prefer_unsupported',
    message: (_r, d) => `Prefer header names a status or example this operation does not declare${d ? `: ${d}` : ''}`,
  },
  UNPROCESSABLE_ENTITY: {
    status: 400,
    code: 'mock_prefer_invalid',
    message: (_r, d) => `Prefer header: ${d.replace(/\s*\n\s*└─\s*/g, ': ')}`,
  },
  // Prism's security check: the published 401 body, byte for byte from the contract.
  UNAUTHORIZED: { status: 401, code: UNAUTHORIZED.code, message: () => UNAUTHORIZED.error },
};

interface ProblemJson {
  type?: unknown;
  title?: unknown;
  detail?: unknown;
  status?: unknown;
}

/** `https://stoplight.io/prism/errors#NOT_FOUND` -> `NOT_FOUND`; Prism wraps some errors as UNKNOWN and names the cause in the title. */
function problemType(problem: ProblemJson): string {
  const type = String(problem.type ?? '').split('#').pop() ?? '';
  if (type !== 'UNKNOWN') return type;
  return /errors#([A-Z_]+)/.exec(String(problem.title ?? ''))?.[1] ?? type;
}

/** A Prism problem+json body -> the contract's shape. Unknown problem types are mock defects. */
export function fromProblem(problem: ProblemJson, request: RequestFacts): ErrorReply {
  const type = problemType(problem);
  const rule = PRISM_PROBLEMS[type];
  const detail = typeof problem.detail === 'string' ? problem.detail : '';
  if (rule) return { status: rule.status, body: { error: rule.message(request, detail), code: rule.code } };
  return mockDefect(`Prism answered ${String(problem.status)} ${type}: ${detail || String(problem.title)}`);
}

/** Prism's HTTP layer (micri) answers body-parsing failures with `{"error": {code, message}}`. */
export function isHttpLayerError(body: unknown): body is { error: { code: string; message?: string } } {
  const error = (body as { error?: { code?: unknown } } | null)?.error;
  return typeof error === 'object' && error !== null && typeof error.code === 'string';
}

export function fromHttpLayerError(status: number, error: { code: string; message?: string }, request: RequestFacts): ErrorReply {
  if (status >= 500) return mockDefect(`Prism's HTTP layer failed: ${error.code}`);
  if (error.code === 'invalid_json') {
    return { status: 400, body: { error: `Malformed JSON body: ${jsonParseError(request.body)}`, code: 'parse_error' } };
  }
  return { status, body: { error: `Body cannot be read: ${error.message ?? error.code}`, code: 'parse_error' } };
}

function jsonParseError(body: Uint8Array): string {
  try {
    JSON.parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(body)); // a BOM is kept, so the message names it
    return 'not valid JSON';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Parses the `sl-violations` header; an unreadable header yields no violations. */
export function parseViolations(header: string | string[] | undefined): Violation[] {
  if (typeof header !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(header);
    return Array.isArray(parsed) ? (parsed as Violation[]).filter((v) => Array.isArray(v?.location)) : [];
  } catch {
    return [];
  }
}

/**
 * One violation as `field: rule`, e.g. `name: must NOT have more than 200 characters`.
 * Prism writes `Request <where> <property|parameter> <a.b> <ajv message>` at location
 * `[request, where, a, b]`; the field comes from the location and the rule is what follows it.
 */
export function describeViolation(violation: Violation): string {
  const [, where, ...field] = violation.location.map(String);
  const required = /must have required property '([^']+)'/.exec(violation.message);
  if (where === 'body' && required) return `${[...field, required[1]].join('.')}: is required`;
  if (!where) return `request: ${violation.message}`;
  const name = field.join('.');
  const prefix = `Request ${where} ${field.length > 0 ? (where === 'body' ? 'property ' : 'parameter ') : ''}${name}`;
  const rule = violation.message.startsWith(prefix) ? violation.message.slice(prefix.length).trim() : violation.message;
  if (where === 'body') return `${name || 'body'}: ${rule}`;
  return `${name} (${where}): ${rule}`;
}

/** The `error` text of a refused request: every error-severity violation, in Prism's order. */
export function describeViolations(violations: Violation[]): string | undefined {
  const errors = violations.filter((v) => v.severity === 'Error');
  return errors.length > 0 ? errors.map(describeViolation).join('; ') : undefined;
}

/** A failure of the mock itself (never caused by the request): the one place a 5xx is right. */
export function mockDefect(message: string): ErrorReply {
  return { status: 500, body: { error: `Mock defect (please report): ${message}`, code: 'mock_error' } };
}

export const ERROR_REPLIES = {
  badRequestTarget: (target: string): ErrorReply => ({
    status: 400,
    body: {
      error: `Request target is not an origin-form path: ${target.slice(0, 200).replace(/(sessionid=)[^&#]*/gi, '$1<redacted>')}`,
      code: 'bad_request',
    },
  }),
  unreadableAccept: (accept: string): ErrorReply => ({
    status: 406,
    body: { error: `No response matches the Accept header ${accept.slice(0, 100)}`, code: 'not_acceptable' },
  }),
  /** A fault preference (`delay=`, `code=`, `retry-after=`) that cannot be read. */
  preferInvalid: (message: string): ErrorReply => ({ status: 400, body: { error: message, code: 'mock_prefer_invalid' } }),
  /** The kit's 413, as the sandbox sends it (protocol/kit-errors.ts). */
  tooLarge: (limit: number): ErrorReply => KIT_ERRORS.tooLarge(limit),
  /** `message`: one of UNAVAILABLE's, saying what happened and what to do. */
  mockUnavailable: (message: string): ErrorReply => ({ status: 503, body: { error: message, code: 'mock_unavailable' } }),
};

/** Why the mock cannot answer a request, each with what to do (the `error` of a 503 mock_unavailable). */
export const UNAVAILABLE = {
  startFailed: (reason: string) => `The mock cannot answer: Prism could not serve the contract (${reason}). Fix that, then restart \`npm start\`.`,
  prismGone: (how: string) => `The mock cannot answer: ${how}. Restart \`npm start\`.`,
  notAnswering: (code: string) => `The mock cannot answer: Prism did not answer (${code}). Retry; if it persists, restart \`npm start\`.`,
  stopping: () => 'The mock is stopping. Start it again with `npm start`.',
};
