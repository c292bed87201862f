// A request as a curl command QA can paste; the caller's Redactor hides every credential.
import type { Body } from './request';
import type { WireRequest } from './wire';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCommand(wire: WireRequest, body?: Body): string {
  const parts = ['curl', '-sS', '-i', '-X', wire.method, quote(wire.url)];
  for (const [name, value] of Object.entries(wire.headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (body?.kind === 'multipart') {
    for (const [name, value] of body.fields) parts.push('-F', quote(`${name}=${value}`));
  } else if (typeof wire.body === 'string') {
    parts.push('--data-raw', quote(wire.body));
  }
  return parts.join(' ');
}
