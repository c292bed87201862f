// The baseline of `npm run bench:mock`: a bare node:http server that answers every request
// with one recorded response (status, headers, body), byte for byte, and does nothing else.
// Usage: npx tsx bench/bare-server.ts <recorded-response.json>
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedResponse {
  status: number;
  /** Header name -> value, as the sandbox sent them (Date and connection headers left to Node). */
  headers: Record<string, string>;
  /** Base64 of the body bytes. */
  body: string;
}

const file = process.argv[2];
if (!file) {
  process.stderr.write('bare-server: give the recorded response file\n');
  process.exit(2);
}
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedResponse;
const body = Buffer.from(recorded.body, 'base64');

const server = http.createServer((_request, response) => {
  response.writeHead(recorded.status, recorded.headers);
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`Bare server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
