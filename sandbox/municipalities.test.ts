// GET /api/v1/municipalities/ against the sandbox: seed coverage, pagination and every filter.
// Expected sets are computed from the full list (walked page by page), so each filter test
// checks the filter's rule, not a number copied from the seed.
import { operations } from '../generated';
import { filtersOf, pageParameter } from '../protocol/meaning';
import { MUNICIPAL_ROLES, RELATIONSHIP_TYPES, VERIFICATION_STATUSES, type Municipality } from './core/types';
import { ADAPTERS, BEARER, call, walk, type Target } from './test/test-support';

const LIST = '/api/v1/municipalities/';

describe.each(ADAPTERS)('through the $name adapter', ({ start }) => {
  let sandbox: Target;
  let all: Municipality[];

  beforeAll(async () => {
    sandbox = await start();
    all = (await walk<Municipality>(sandbox, LIST)).items;
  });
  afterAll(() => sandbox.close());

  async function list(query: string): Promise<Municipality[]> {
    return (await walk<Municipality>(sandbox, `${LIST}?${query}`)).items;
  }

  const uuids = (items: Municipality[]) => items.map((m) => m.uuid).sort();
  const officials = () => all.flatMap((m) => m.officials);

  describe('seed data', () => {
    test('at least 50 municipalities over AT, DE and CH, with unique uuids and official codes per country', () => {
      expect(all.length).toBeGreaterThanOrEqual(50);
      expect(new Set(all.map((m) => m.country_code))).toEqual(new Set(['AT', 'DE', 'CH']));
      expect(new Set(all.map((m) => m.uuid)).size).toBe(all.length);
      expect(new Set(all.map((m) => `${m.country_code}${m.official_code}`)).size).toBe(all.length);
    });

    test('every municipal role, verification status and relationship type occurs', () => {
      const types = new Set(officials().map((o) => o.relationship_type));
      for (const role of MUNICIPAL_ROLES) expect(types).toContain(role);
      for (const type of RELATIONSHIP_TYPES) expect(types).toContain(type);
      const statuses = new Set(officials().map((o) => o.verification_status));
      for (const status of VERIFICATION_STATUSES) expect(statuses).toContain(status);
    });

    test.each(['population', 'population_as_of', 'reference_date'] as const)('municipality field %s is null somewhere and set elsewhere', (field) => {
      expect(all.some((m) => m[field] === null)).toBe(true);
      expect(all.some((m) => m[field] !== null && m[field] !== undefined)).toBe(true);
    });

    test.each(['work_email', 'work_phone', 'start_date', 'source_url', 'source_label', 'source_as_of', 'source_role'] as const)(
      'official field %s is null somewhere and set elsewhere',
      (field) => {
        expect(officials().some((o) => o[field] === null)).toBe(true);
        expect(officials().some((o) => typeof o[field] === 'string')).toBe(true);
      },
    );

    test("the contract's example municipalities are served", () => {
      expect(all.map((m) => m.name)).toEqual(expect.arrayContaining(['Hallstatt', 'Linz', 'Heidelberg', 'Gengenbach', 'Zermatt']));
    });
  });

  describe('pagination', () => {
    test('pages of 20 walk the whole list: true count, disjoint pages, null next/previous exactly at the ends', async () => {
      const { pages, items } = await walk<Municipality>(sandbox, LIST);
      expect(pages.length).toBe(Math.ceil(items.length / 20));
      expect(new Set(items.map((m) => m.uuid)).size).toBe(items.length);
      pages.forEach((page, i) => {
        expect(page.body.count).toBe(items.length);
        expect(page.body.results.length).toBe(i < pages.length - 1 ? 20 : items.length - 20 * (pages.length - 1));
        expect(page.body.previous === null).toBe(i === 0);
        expect(page.body.next === null).toBe(i === pages.length - 1);
      });
      expect(pages[1]!.body.previous).toBe(`${sandbox.url}${LIST}?page=1`);
      expect(pages[0]!.body.next).toBe(`${sandbox.url}${LIST}?page=2`);
    });

    test('links are absolute, on the origin of the request, and keep the other query parameters (not sessionid)', async () => {
      const page = await call(sandbox, `${LIST}?x=1&country_code=AT&country_code=DE`, { headers: BEARER });
      expect(page.body.next).toBe(`${sandbox.url}/api/v1/municipalities/?country_code=AT&country_code=DE&page=2&x=1`);
      const bySession = await call(sandbox, `${LIST}?sessionid=test-session`);
      expect(bySession.status).toBe(200);
      expect(bySession.body.next).toBe(`${sandbox.url}${LIST}?page=2`);
    });

    test('page 1 of an empty result is an empty page', async () => {
      const empty = await call(sandbox, `${LIST}?q=no-such-place-anywhere`, { headers: BEARER });
      expect(empty.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    test.each(['0', '-1', '99'])('page=%s is out of range: 404 not_found', async (page) => {
      const answer = await call(sandbox, `${LIST}?page=${page}`, { headers: BEARER });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('not_found');
      expect(answer.body.error).toMatch(/page/);
    });

    test.each(['x', '1.5', '', '2e1'])('page=%j is not an integer: 400 invalid naming page', async (page) => {
      const answer = await call(sandbox, `${LIST}?page=${page}`, { headers: BEARER });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringMatching(/^page: must be integer/), code: 'invalid' });
    });
  });

  describe('filters', () => {
    test('every query parameter of the list is a filter the contract declares (the sandbox reads each, filters.ts) or the page', () => {
      const read = [...filtersOf('municipalitiesList').filter((f) => f.where === 'query').map((f) => f.name), pageParameter('municipalitiesList')];
      const declared = operations.municipalitiesList.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      expect(read.sort()).toEqual([...declared].sort());
    });

    test('country_code: one value, repeated values (OR)', async () => {
      const at = await list('country_code=AT');
      expect(uuids(at)).toEqual(uuids(all.filter((m) => m.country_code === 'AT')));
      expect(at.length).toBeGreaterThan(0);
      const atCh = await list('country_code=AT&country_code=CH');
      expect(uuids(atCh)).toEqual(uuids(all.filter((m) => m.country_code !== 'DE')));
    });

    test.each(['at', 'AUT', 'A', 'A1', 'conformance-1'])('country_code=%s is not ISO 3166-1 alpha-2: 400 naming the parameter', async (code) => {
      const answer = await call(sandbox, `${LIST}?country_code=AT&country_code=${code}`, { headers: BEARER });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: expect.stringMatching(new RegExp(`^country_code: must .* \\(got "${code}"\\)$`)), code: 'invalid' });
    });

    test('country_code_exclude: repeated values are all excluded', async () => {
      const onlyDe = await list('country_code_exclude=AT&country_code_exclude=CH');
      expect(uuids(onlyDe)).toEqual(uuids(all.filter((m) => m.country_code === 'DE')));
    });

    test('district: matches the code or the name exactly, case-insensitive', async () => {
      const byCode = await list('district=407');
      expect(byCode.map((m) => m.name)).toEqual(expect.arrayContaining(['Hallstatt', 'Gmunden', 'Bad Ischl']));
      expect(byCode.every((m) => m.district_code === '407')).toBe(true);
      expect(uuids(await list('district=gmunden'))).toEqual(uuids(byCode));
      expect(await list('district=Gmund')).toEqual([]);
    });

    test('state: matches the code or the name exactly, case-insensitive', async () => {
      const byCode = await list('state=VS');
      expect(byCode.length).toBeGreaterThan(1);
      expect(uuids(byCode)).toEqual(uuids(all.filter((m) => m.state_code === 'VS')));
      expect(uuids(await list('state=wallis'))).toEqual(uuids(byCode));
    });

    test('official_code: repeated values (OR), exact', async () => {
      const found = await list('official_code=40734&official_code=6300&official_code=4073');
      expect(found.map((m) => m.name).sort()).toEqual(['Hallstatt', 'Zermatt']);
    });

    test.each(['mayor', 'vice_mayor', 'municipal_office_director', 'municipal_councillor', 'municipal_official'])(
      'official_role=%s: municipalities with a current official of that relationship type',
      async (role) => {
        const found = await list(`official_role=${role}`);
        expect(found.length).toBeGreaterThan(0);
        expect(uuids(found)).toEqual(uuids(all.filter((m) => m.officials.some((o) => o.relationship_type === role))));
      },
    );

    test('official_role outside the enum: 400 naming the parameter and the allowed values', async () => {
      const answer = await call(sandbox, `${LIST}?official_role=king`, { headers: BEARER });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/^official_role: must be equal to one of the allowed values/);
    });

    test.each([
      ['official code', '08221', (m: Municipality) => m.official_code.includes('08221')],
      ['name', 'ZERM', (m: Municipality) => m.name.toLowerCase().includes('zerm')],
      ['district name', 'ortenau', (m: Municipality) => (m.district_name ?? '').toLowerCase().includes('ortenau')],
      ['state name', 'württemberg', (m: Municipality) => (m.state_name ?? '').toLowerCase().includes('württemberg')],
      ['state code', 'vs', (m: Municipality) => m.state_code === 'VS'],
    ])('q searches the %s (case-insensitive substring)', async (_what, q, expected) => {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.length).toBeGreaterThan(0);
      for (const m of all.filter(expected)) expect(uuids(found)).toContain(m.uuid);
    });

    test("q searches officials' full names", async () => {
      const found = await list('q=eckart%20w%C3%BCrzner');
      expect(found.map((m) => m.name)).toEqual(['Heidelberg']);
    });

    test('status: the exact national type code, whatever its case (the sandbox reads every equals filter so)', async () => {
      const found = await list('status=MG');
      expect(found.length).toBeGreaterThan(0);
      expect(uuids(found)).toEqual(uuids(all.filter((m) => m.status === 'MG')));
      expect(uuids(await list('status=mg'))).toEqual(uuids(found));
      expect(uuids(await list('status=M'))).toEqual(uuids(all.filter((m) => m.status === 'M')));
    });

    test('uuid: repeated values (OR), case-insensitive; an invalid UUID is 400', async () => {
      const [a, b] = [all[3]!, all[40]!];
      const found = await list(`uuid=${a.uuid.toUpperCase()}&uuid=${b.uuid}`);
      expect(uuids(found)).toEqual(uuids([a, b]));
      const bad = await call(sandbox, `${LIST}?uuid=${a.uuid}&uuid=not-a-uuid`, { headers: BEARER });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('uuid: must match format "uuid" (got "not-a-uuid")');
    });

    test('filters combine with AND; empty values are ignored', async () => {
      const found = await list('country_code=DE&state=09&official_role=mayor&district=');
      expect(uuids(found)).toEqual(
        uuids(all.filter((m) => m.country_code === 'DE' && m.state_code === '09' && m.officials.some((o) => o.relationship_type === 'mayor'))),
      );
      expect(found.length).toBeGreaterThan(0);
    });

    test('a malformed percent-encoding in the query is a 400 parse_error', async () => {
      const answer = await call(sandbox, `${LIST}?q=%E0%A4`, { headers: BEARER });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('parse_error');
    });
  });
});
