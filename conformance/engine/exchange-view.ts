// An exchange as people read it in report.html: the request as sent and the answer as received,
// every header line and body through the redactor (a secret never shows, whatever the form).
import type { Redactor } from './redact';
import type { Exchange } from './request';
import type { Finding } from './types';

export interface ExchangeView {
  request: { method: string; url: string; headers: string[]; body?: string };
  response: { status: number; headers: string[]; body: string; ms?: number };
}

const lines = (headers: Record<string, string>, redact: Redactor) => Object.entries(headers).map(([name, value]) => redact(`${name}: ${value}`));

export function exchangeView(x: Exchange, redact: Redactor): ExchangeView {
  const sent = x.sent ?? { method: x.method, url: x.url, headers: {} };
  return {
    request: { method: sent.method, url: redact(sent.url), headers: lines(sent.headers, redact), ...(sent.body !== undefined && { body: redact(sent.body) }) },
    response: { status: x.status, headers: lines(x.headers, redact), body: redact(x.text), ...(x.ms !== undefined && { ms: Math.round(x.ms) }) },
  };
}

/** Gives a finding the view of its exchange, redacted when first read (a few a line are shown). */
export function attachExchange(finding: Finding, x: Exchange, redact: Redactor): Finding {
  let view: ExchangeView | undefined;
  return Object.defineProperty(finding, 'exchange', { enumerable: true, configurable: true, get: () => (view ??= exchangeView(x, redact)) });
}
