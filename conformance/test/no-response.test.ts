// A deployment that closes the connection without answering: the request is named by
// response_received with its curl, the phases that needed the answer stop and say so, and no
// request's failure escapes the run as an unhandled rejection (which would crash the CLI).
import { failing, judge } from './support/judge';
import { sandboxFetch } from './support/sandbox';
import type { FetchLike } from '../engine/transport';

/** The sandbox, except that the requests `drops` picks get no response: a reset connection. */
function dropping(drops: (request: Request, count: number) => boolean): FetchLike {
  const inner = sandboxFetch();
  let count = 0;
  return async (request) => {
    if (drops(request, count)) {
      count += 1;
      throw new TypeError('fetch failed', { cause: { code: 'ECONNRESET', message: 'socket hang up' } });
    }
    return inner(request);
  };
}

const isList = (request: Request) => request.method === 'GET' && new URL(request.url).pathname.endsWith('/municipalities/');

const escaped: unknown[] = [];
const onUnhandled = (reason: unknown) => escaped.push(reason);
beforeAll(() => process.on('unhandledRejection', onUnhandled));
afterAll(() => process.off('unhandledRejection', onUnhandled));

test.each([
  // Once is a kept-alive connection closed as it was reused: the GET is sent again (below).
  ['the first list request, and again', (request: Request, count: number) => count < 2 && isList(request), 'response_received municipalitiesList'],
  ['the first create (a POST is never sent again)', (request: Request, count: number) => count === 0 && request.method === 'POST' && new URL(request.url).pathname.endsWith('/watchdogs/'), 'response_received watchdogsCreate'],
  ['every request', () => true, 'response_received companiesSearch'],
] as const)('%s dropped: named by response_received, nothing escapes the run', async (_name, drops, line) => {
  const report = await judge(dropping(drops), { seed: 1, budget: 300 });
  expect(failing(report).join('\n')).toContain(`${line}: `);
  expect(report.lines.find((l) => `${l.rule} ${l.operationId}` === line)?.evidence[0]?.curl).toMatch(/^curl /);
  // Rejections are reported a tick after they happen.
  await new Promise((resolve) => setImmediate(resolve));
  expect(escaped).toEqual([]);
});

test('a GET whose connection closes before any answer is sent again once (RFC 9112 §9.3.1): no verdict', async () => {
  const closedOnce = new Set<string>();
  const report = await judge(dropping((request) => {
    if (request.method !== 'GET' || closedOnce.has(request.url)) return false;
    closedOnce.add(request.url);
    return true;
  }), { seed: 1, budget: 300 });
  expect(closedOnce.size).toBeGreaterThan(10);
  expect(failing(report)).toEqual([]);
});
