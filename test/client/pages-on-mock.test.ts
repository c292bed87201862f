// api.pages() against the Prism mock ends on the mock's last page (its lists end: mock/pages.ts),
// a list read with GET and a search paged by POSTing its body, each page counted once.
import { createApiClient } from '../../client';
import { readExamples, successStatus } from '../../mock/examples';
import { startMock, type RunningMock } from '../../mock/server';

type Example = { count: number; results: unknown[] };
const examples = readExamples();
const example = (id: 'municipalitiesList' | 'companiesSearch', name: string) => examples.responseExample(id, successStatus(id), name) as Example;
/** The mock's pages of an example: its results are one full page. */
const pagesOf = ({ count, results }: Example) => Math.ceil(count / results.length);

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ port: 0 });
});
afterAll(() => mock?.close());

async function sizes(pages: AsyncIterable<{ results: unknown[] }>): Promise<[pages: number, items: number]> {
  const seen: number[] = [];
  for await (const page of pages) seen.push(page.results.length);
  return [seen.length, seen.reduce((a, b) => a + b, 0)];
}

test('the municipalities as a frontend first pages them: every page of the default example, then the end', async () => {
  const api = createApiClient({ baseUrl: mock.url, auth: { bearer: 'demo-key' } });
  const first = example('municipalitiesList', examples.responseNames('municipalitiesList', 200)[0]!);
  expect(pagesOf(first)).toBeGreaterThan(1);
  expect(await sizes(api.pages('/api/v1/municipalities/'))).toEqual([pagesOf(first), first.count]);
});

test('a search paged by POSTing its body to next ends on its last page', async () => {
  const api = createApiClient({ baseUrl: mock.url, auth: { bearer: 'demo-key' } });
  const search = example('companiesSearch', 'ch-in-liquidation');
  expect(await sizes(api.pages('/api/v1/companies/search/', { body: {}, headers: { prefer: 'example=ch-in-liquidation' } }))).toEqual([pagesOf(search), search.count]);
});
