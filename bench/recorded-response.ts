// One request of a benchmark, and one response recorded byte for byte so that the bare server
// (bench/bare-server.ts) can answer exactly what the measured server answered.
import http from 'node:http';

/** A request as autocannon and the recorder send it. */
export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** JSON text for a POST. */
  body?: string;
}

export interface RecordedResponse {
  status: number;
  /** Header name -> value as the server sent them (Date and connection headers left to Node). */
  headers: Record<string, string>;
  /** Base64 of the body bytes. */
  body: string;
}

/** Headers Node writes itself on every server, so they are not replayed. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function recordResponse(baseUrl: string, request: BenchRequest): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (!NODE_HEADERS.has(name) && typeof value === 'string') kept[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

export const bodyBytes = (recorded: RecordedResponse) => Buffer.from(recorded.body, 'base64').length;

/** Whether a replay is the recorded answer: status, headers and body bytes. */
export const sameAnswer = (a: RecordedResponse, b: RecordedResponse) => JSON.stringify(a) === JSON.stringify(b);
