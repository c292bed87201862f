// A failing request as a curl command QA can paste; the Redactor hides every credential.
import type { Body } from './request';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function curlCommand(method: string, url: string, headers: Record<string, string>, body?: Body): string {
  const parts = ['curl', '-sS', '-i', '-X', method.toUpperCase(), quote(url)];
  for (const [name, value] of Object.entries(headers)) parts.push('-H', quote(`${name}: ${value}`));
  if (body) {
    switch (body.kind) {
      case 'json':
        parts.push('-H', quote('Content-Type: application/json'), '--data-raw', quote(JSON.stringify(body.value)));
        break;
      case 'raw':
        parts.push('-H', quote(`Content-Type: ${body.contentType}`), '--data-raw', quote(body.text));
        break;
      case 'form':
        parts.push('-H', quote('Content-Type: application/x-www-form-urlencoded'), '--data-raw', quote(new URLSearchParams(body.fields).toString()));
        break;
      case 'multipart':
        for (const [name, value] of Object.entries(body.fields)) parts.push('-F', quote(`${name}=${value}`));
        break;
    }
  }
  return parts.join(' ');
}
