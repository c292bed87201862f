// The client sends each published credential form where the service expects it and
// serialises array query parameters as repeated parameters.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApiClient, type Credential } from '../../client';

interface Seen { url: string; authorization?: string; cookie?: string }

let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', authorization: req.headers.authorization, cookie: req.headers.cookie });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"count":0,"next":null,"previous":null,"results":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

test.each<[string, Credential, Partial<Seen>]>([
  ['Bearer', { bearer: 'k1' }, { authorization: 'Bearer k1' }],
  ['Token', { token: 'k2' }, { authorization: 'Token k2' }],
  ['Session header', { sessionHeader: 's1' }, { authorization: 'Session s1' }],
  ['Session query', { sessionQuery: 's2' }, { url: '/api/v1/municipalities/?country_code=AT&country_code=CH&sessionid=s2' }],
  ['Session cookie', { sessionCookie: 's3' }, { cookie: 'sessionid=s3' }],
])('%s credential is sent where the service expects it', async (_form, auth, expected) => {
  const client = createApiClient({ baseUrl, auth });
  const { data, response } = await client.GET('/api/v1/municipalities/', {
    params: { query: { country_code: ['AT', 'CH'] } },
  });
  expect(response.status).toBe(200);
  expect(data?.count).toBe(0);
  const last = seen[seen.length - 1]!;
  expect(last).toMatchObject(expected);
  expect(last.url.startsWith('/api/v1/municipalities/?country_code=AT&country_code=CH')).toBe(true);
});
