// --strict: correct responses pass unchanged; a response that breaks the contract is never
// sent, but logged and replaced by a 500 contract_violation.
import { createResponseChecker } from './core/strict';
import { ADAPTERS, BEARER, call, type Target } from './test/test-support';

const LIST = '/api/v1/municipalities/';

describe.each(ADAPTERS)('strict mode through the $name adapter', ({ start }) => {
  let sandbox: Target;
  const log: string[] = [];
  beforeAll(async () => {
    sandbox = await start({ strict: true, log: (line) => log.push(line) });
  });
  afterAll(() => sandbox.close());

  test('lets contract-valid responses through, errors included', async () => {
    expect((await call(sandbox, LIST, { headers: BEARER })).status).toBe(200);
    expect((await call(sandbox, `${LIST}?page=99`, { headers: BEARER })).status).toBe(404);
    expect((await call(sandbox, '/api/v1/watchdogs/', { method: 'POST', headers: BEARER, body: { name: 'n', prompt: 'p' } })).status).toBe(201);
    expect(log).toEqual([]);
  });

  test('a response that violates the contract becomes a logged 500 contract_violation', async () => {
    const first = JSON.parse(sandbox.state.municipalityJson[0]!);
    sandbox.state.municipalityJson[0] = JSON.stringify({ ...first, population: -1 });
    // A query not asked before, so the page is rendered afresh rather than served from the page cache.
    const answer = await call(sandbox, `${LIST}?fresh=1`, { headers: BEARER });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      error: 'sandbox response violates the contract: /results/0/population must be >= 0',
      code: 'contract_violation',
    });
    expect(log).toEqual([expect.stringContaining('contract violation: GET /api/v1/municipalities/ -> 200: /results/0/population must be >= 0')]);
  });
});

describe('the response checker', () => {
  const check = createResponseChecker();

  test.each([
    ['a declared status with a wrong body', 'watchdogsCreate', 201, '{"uuid":"x"}', /must have required property/],
    ['an undeclared success status', 'watchdogsCreate', 200, '{}', /status 200 is not declared/],
    ['an undeclared error status without the error shape', 'municipalitiesList', 404, '{"detail":"x"}', /required property/],
    ['a body that is not JSON', 'municipalitiesList', 200, 'oops', /not JSON/],
  ] as const)('flags %s', (_what, operationId, status, body, problem) => {
    expect(check(operationId, status, body).join('; ')).toMatch(problem);
  });

  test('passes an undeclared error status with the error shape', () => {
    expect(check(undefined, 405, '{"error":"e","code":"method_not_allowed"}')).toEqual([]);
  });
});
