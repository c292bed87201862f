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
  ['the first list request', (request: Request, count: number) => count === 0 && isList(request), 'response_received municipalitiesList'],
  ['every request', () => true, 'response_received companiesSearch'],
] as const)('%s dropped: named by response_received, nothing escapes the run', async (_name, drops, line) => {
  const report = await judge(dropping(drops), { seed: 1, budget: 300 });
  expect(failing(report).join('\n')).toContain(`${line}: `);
  expect(report.lines.find((l) => `${l.rule} ${l.operationId}` === line)?.evidence[0]?.curl).toMatch(/^curl /);
  // Rejections are reported a tick after they happen.
  await new Promise((resolve) => setImmediate(resolve));
  expect(escaped).toEqual([]);
});
