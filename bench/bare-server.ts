// The baseline of the throughput benchmarks: a bare node:http server that answers every
// request with one recorded response (status, headers, body), byte for byte, and does nothing
// else: the limit of node:http for those bytes on this machine.
// Usage: [PORT=n] npx tsx bench/bare-server.ts <recorded-response.json>   (PORT default 0: a free port)
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordedResponse } from './recorded-response';

const file = process.argv[2];
if (!file) {
  process.stderr.write('bare-server: give the recorded response file\n');
  process.exit(2);
}
const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as RecordedResponse;
const body = Buffer.from(recorded.body, 'base64');

const server = http.createServer((request, response) => {
  // A request body (POST) is read to its end, as every real server must.
  request.resume();
  request.once('end', () => {
    response.writeHead(recorded.status, recorded.headers);
    response.end(body);
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`Bare server listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
