// The acceptance cases, checked on the printed lines (rule, place, old → new), and a
// declared break: reported as DECLARED with its reason, and the gate passes.
import { judge, parseDeclarations } from '../../scripts/breaking/declared';
import { isUndeclaredBreak, type GateResult } from '../../scripts/breaking/findings';
import { compareContracts } from '../../scripts/breaking/gate';
import { formatResult } from '../../scripts/breaking/report';
import { inPool, realContract, type Contract } from './support';

interface Acceptance {
  name: string;
  mutate(doc: Contract): void;
  /** The finding lines printed, in order; the verdict line follows them. */
  lines: string[];
  fails: boolean;
}

const ACCEPTANCE: Acceptance[] = [
  {
    name: 'removing a value from the company status enum fails',
    mutate: (doc) => void doc.components.schemas.CompanyStatus!.enum!.splice(-1, 1),
    // CompanyStatus is the query's items and a property of the body: shown at both.
    lines: [
      'BREAKING  enum-values-removed  POST /api/v1/companies/search/ query parameter status[] (schema CompanyStatus): enum: […, "Relocated"] → […]',
      '          also at POST /api/v1/companies/search/ request body status',
    ],
    fails: true,
  },
  {
    name: "changing watchdog create's 201 to 200 fails",
    mutate: (doc) => {
      const responses = doc.paths['/api/v1/watchdogs/']!.post!.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    },
    lines: ['BREAKING  response-removed  POST /api/v1/watchdogs/ response 201: "201" → "200"'],
    fails: true,
  },
  {
    name: 'making tags required on create fails',
    mutate: (doc) => void doc.components.schemas.WatchdogRequest!.required!.push('tags'),
    // WatchdogRequest is the body of create and of deactivate: shown at both.
    lines: [
      'BREAKING  required-properties-added  POST /api/v1/watchdogs/ request body tags (schema WatchdogRequest tags): optional → required',
      '          also at POST /api/v1/watchdogs/{uuid}/deactivate/ request body tags',
    ],
    fails: true,
  },
  {
    name: 'adding an optional field to the Watchdog response passes',
    mutate: (doc) => void (doc.components.schemas.Watchdog!.properties.labels = { type: 'array', items: { type: 'string' } }),
    lines: [],
    fails: false,
  },
];

const results = new Map<string, GateResult>();

beforeAll(async () => {
  await inPool(ACCEPTANCE, async (acceptance) => {
    const revision = realContract();
    acceptance.mutate(revision);
    results.set(acceptance.name, await compareContracts(realContract(), revision));
  });
});

test.each(ACCEPTANCE.map((acceptance) => [acceptance.name, acceptance] as const))('%s', (_name, acceptance) => {
  const result = results.get(acceptance.name)!;
  const printed = formatResult(result, 'HEAD~1');
  expect(printed.slice(0, -1)).toEqual(acceptance.lines);
  expect(printed.at(-1)).toMatch(acceptance.fails ? /^breaking-change gate: FAILED, 1 undeclared breaking change / : /^breaking-change gate: passed/);
  expect(result.findings.some(isUndeclaredBreak)).toBe(acceptance.fails);
});

describe('a declared break', () => {
  const changes = (row: string) => `# Contract changes\n\n## Declared breaking changes\n\n| rule | location | reason |\n|---|---|---|\n${row}\n`;
  const tagsRequired = () => results.get('making tags required on create fails')!.findings;

  const declaring = (row: string) => judge(tagsRequired(), parseDeclarations(changes(row)));

  test('passes the gate and is printed as DECLARED with its reason, at every place', () => {
    const result = declaring('| `required-properties-added` | `schema WatchdogRequest tags` | v1.1 makes tags mandatory (API-7) |');
    expect(result.findings.some(isUndeclaredBreak)).toBe(false);
    const printed = formatResult(result, 'HEAD~1');
    expect(printed.slice(0, 2)).toEqual([
      'DECLARED  required-properties-added  POST /api/v1/watchdogs/ request body tags (schema WatchdogRequest tags): optional → required — declared: v1.1 makes tags mandatory (API-7)',
      '          also at POST /api/v1/watchdogs/{uuid}/deactivate/ request body tags',
    ]);
    expect(printed.at(-1)).toMatch(/^breaking-change gate: passed, no undeclared breaking change \(1 declared break, 0 warnings; base: HEAD~1\)/);
  });

  test('at the level a person writes it: the schema covers its properties, an operation its body', () => {
    for (const location of ['schema WatchdogRequest', 'schema WatchdogRequest tags']) {
      expect(declaring(`| required-properties-added | ${location} | v1.1 |`)).toMatchObject({ findings: [{ declaredBy: { location } }], unusedDeclarations: [] });
    }
    const both = '| required-properties-added | POST /api/v1/watchdogs/ request body | v1.1 |\n| required-properties-added | POST /api/v1/watchdogs/{uuid}/deactivate/ | v1.1 |';
    expect(declaring(both).findings.some(isUndeclaredBreak)).toBe(false);
  });

  test('a prefix that is not a whole word or field does not match', () => {
    expect(declaring('| required-properties-added | schema WatchdogReq | v1.1 |').findings.some(isUndeclaredBreak)).toBe(true);
    expect(declaring('| required-properties-added | POST /api/v1/watchdogs/ request body ta | v1.1 |').findings.some(isUndeclaredBreak)).toBe(true);
  });

  test('one operation of a shared change is not enough: the note names the other places', () => {
    const result = declaring('| required-properties-added | POST /api/v1/watchdogs/ request body tags | v1.1 |');
    expect(result.findings.some(isUndeclaredBreak)).toBe(true);
    expect(formatResult(result, 'HEAD~1')).toContain(
      'note: openapi/CHANGES.md line 7 declares required-properties-added at "POST /api/v1/watchdogs/ request body tags", which covers only part of a change that also reaches "POST /api/v1/watchdogs/{uuid}/deactivate/ request body tags": declare each place, or declare "schema WatchdogRequest" for all of them',
    );
  });

  test('a declaration that matches nothing says what it probably meant', () => {
    const typo = declaring('| required-properties-added | schema WatchdogRequests | v1.1 |');
    expect(formatResult(typo, 'HEAD~1')).toContain(
      'note: openapi/CHANGES.md line 7 declares required-properties-added at "schema WatchdogRequests", which this comparison does not contain; did you mean "required-properties-added | schema WatchdogRequest"?',
    );
    const wrongRule = declaring('| property-removed | POST /api/v1/watchdogs/ request body tags | wrong rule |');
    expect(wrongRule.findings.some(isUndeclaredBreak)).toBe(true);
    expect(formatResult(wrongRule, 'HEAD~1')).toContain(
      'note: openapi/CHANGES.md line 7 declares property-removed at "POST /api/v1/watchdogs/ request body tags", which this comparison does not contain; did you mean rule required-properties-added? (that is what changed at "POST /api/v1/watchdogs/ request body tags")',
    );
  });
});
