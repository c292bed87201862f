// POST /api/v1/companies/search/ against the sandbox: the three body media types, each
// criterion, the `status` query parameter and pagination.
import { COMPANY_STATUSES, type Company } from './core/types';
import { ADAPTERS, BEARER, call, walk, type Target } from './test/test-support';

const SEARCH = '/api/v1/companies/search/';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe.each(ADAPTERS)('through the $name adapter', ({ start }) => {
  let sandbox: Target;
  let all: Company[];

  beforeAll(async () => {
    sandbox = await start();
    all = (await walk<Company>(sandbox, SEARCH, { method: 'POST', body: {} })).items;
  });
  afterAll(() => sandbox.close());

  async function search(body: unknown, query = ''): Promise<Company[]> {
    return (await walk<Company>(sandbox, `${SEARCH}${query}`, { method: 'POST', body })).items;
  }
  const ids = (items: Company[]) => items.map((c) => c.uuid).sort();

  test('the seed has at least 60 companies over AT, DE and CH with every status', () => {
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(new Set(all.map((c) => c.country))).toEqual(new Set(['AT', 'DE', 'CH']));
    expect(new Set(all.map((c) => c.status))).toEqual(new Set(COMPANY_STATUSES));
    expect(new Set(all.map((c) => c.uuid)).size).toBe(all.length);
  });

  test('an empty body lists every company, 20 per page, with the POST path in the links', async () => {
    const first = await call(sandbox, SEARCH, { method: 'POST', headers: BEARER });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(all.length);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.next).toBe(`${sandbox.url}${SEARCH}?page=2`);
  });

  describe('the same criteria give the same result in every media type', () => {
    const criteria = { name: 'hofbauer', country: 'AT' };
    let expected: string[];
    beforeAll(async () => {
      expected = ids(await search(criteria));
    });

    test('JSON', () => {
      expect(expected.length).toBeGreaterThan(1);
      expect(expected).toEqual(ids(all.filter((c) => c.country === 'AT' && c.name.toLowerCase().includes('hofbauer'))));
    });

    test('application/x-www-form-urlencoded', async () => {
      expect(ids(await search(new URLSearchParams(criteria)))).toEqual(expected);
    });

    test('multipart/form-data', async () => {
      expect(ids(await search(form(criteria)))).toEqual(expected);
    });
  });

  test('name: case-insensitive substring', async () => {
    const found = await search({ name: 'GMBH' });
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(ids(all.filter((c) => c.name.toLowerCase().includes('gmbh'))));
  });

  test.each([
    ['exact', 'HRB 148213'],
    ['substring, case and separators ignored', 'che109322'],
  ])('registration_number: %s', async (_how, value) => {
    const found = await search({ registration_number: value });
    expect(found.length).toBe(1);
    expect(found[0]!.registration_number.replace(/[\s.\-]/g, '').toLowerCase()).toContain(value.replace(/\s/g, '').toLowerCase());
  });

  test.each(COMPANY_STATUSES)('status %s in the body: exact', async (status) => {
    const found = await search({ status });
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(ids(all.filter((c) => c.status === status)));
  });

  test('status query parameter: repeated values (OR), combined with the body (AND)', async () => {
    const found = await search({ country: 'de' }, '?status=Active&status=Bankrupt');
    expect(found.length).toBeGreaterThan(0);
    expect(ids(found)).toEqual(ids(all.filter((c) => c.country === 'DE' && ['Active', 'Bankrupt'].includes(c.status))));
  });

  test('the status query parameter is kept in the next link', async () => {
    const page = await call(sandbox, `${SEARCH}?status=Active`, { method: 'POST', headers: BEARER, body: {} });
    const active = all.filter((c) => c.status === 'Active').length;
    expect(page.body.count).toBe(active);
    expect(page.body.next).toBe(active > 20 ? `${sandbox.url}${SEARCH}?page=2&status=Active` : null);
  });

  test('country: exact code, case-insensitive', async () => {
    const found = await search({ country: 'ch' });
    expect(ids(found)).toEqual(ids(all.filter((c) => c.country === 'CH')));
    expect(await search({ country: 'C' })).toEqual([]);
  });

  describe('refusals', () => {
    test.each([
      ['status outside the enum', { status: 'Closed' }, /^status: must be equal to one of the allowed values/],
      ['name of 513 characters', { name: 'x'.repeat(513) }, /^name: must NOT have more than 512 characters$/],
      ['registration_number a number', { registration_number: 7 }, /^registration_number: must be string$/],
      ['an array body', ['name'], /^body: must be object$/],
    ])('JSON body with %s: 400 naming field and rule', async (_what, body, message) => {
      const answer = await call(sandbox, SEARCH, { method: 'POST', headers: BEARER, body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringMatching(message), code: 'invalid' });
    });

    test('an invalid value in a form body is refused the same way', async () => {
      const answer = await call(sandbox, SEARCH, { method: 'POST', headers: BEARER, body: new URLSearchParams({ status: 'Closed' }) });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^status: must be equal to one of the allowed values/);
    });

    test('an invalid status query value: 400 naming the query parameter', async () => {
      const answer = await call(sandbox, `${SEARCH}?status=Gone`, { method: 'POST', headers: BEARER, body: {} });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^status \(query\): must be equal to one of the allowed values/);
    });

    test('a file in a multipart body: 400', async () => {
      const data = form({ country: 'AT' });
      data.append('name', new Blob(['hofbauer']), 'name.txt');
      const answer = await call(sandbox, SEARCH, { method: 'POST', headers: BEARER, body: data });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('name: must be a text field, not a file');
    });

    test('a multipart body without a boundary: 400 parse_error', async () => {
      const answer = await call(sandbox, SEARCH, {
        method: 'POST',
        headers: { ...BEARER, 'content-type': 'multipart/form-data' },
        body: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('parse_error');
    });

    test.each(['text/plain', 'application/xml', 'application/json; charset=latin1'])('media type %s: 415', async (type) => {
      const answer = await call(sandbox, SEARCH, { method: 'POST', headers: { ...BEARER, 'content-type': type }, body: '{"name":"x"}' });
      expect(answer.status).toBe(415);
      expect(answer.body.code).toBe('unsupported_media_type');
    });
  });
});
