// A declaration in openapi/CHANGES.md covers exactly the change it names (rule + place) and no
// other change at its place: two keywords of one field are two places, and a row that reaches
// two changes declares neither (and says so). One comparison of small documents.
import { judge, parseDeclarations } from '../../scripts/breaking/declared';
import { isUndeclaredBreak, type Finding } from '../../scripts/breaking/findings';
import { compareContracts } from '../../scripts/breaking/gate';
import { formatResult } from '../../scripts/breaking/report';

const body = (name: object, required: string[]) => ({
  openapi: '3.1.0',
  info: { title: 'declarations', version: '1.0.0' },
  paths: {
    '/x': {
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', required, properties: { name, tags: { type: 'array' }, note: { type: 'string' } } } } },
        },
        responses: { '200': { description: 'ok' } },
      },
    },
  },
});

let findings: Finding[];
beforeAll(async () => {
  const base = body({ type: 'string', minLength: 1, maxLength: 10 }, []);
  const revision = body({ type: 'string', minLength: 2, maxLength: 5 }, ['tags', 'note']);
  ({ findings } = await compareContracts(base, revision));
});

const declaring = (...rows: string[]) =>
  judge(findings, parseDeclarations(`## Declared breaking changes\n\n| rule | location | reason |\n|---|---|---|\n${rows.join('\n')}\n`));
const undeclared = (rows: string[]) => declaring(...rows).findings.filter(isUndeclaredBreak).map((f) => `${f.rule} @ ${f.location}`).sort();

test('two keywords changed on one field are two places', () => {
  expect(findings.map((f) => `${f.rule} @ ${f.location}: ${f.change}`).sort()).toEqual([
    'required-properties-added @ POST /x request body note: optional → required',
    'required-properties-added @ POST /x request body tags: optional → required',
    'schema-constraint-changed @ POST /x request body name maxLength: 10 → 5',
    'schema-constraint-changed @ POST /x request body name minLength: 1 → 2',
  ]);
});

test('a row declares the change it names and not the other change at its field', () => {
  expect(undeclared(['| schema-constraint-changed | POST /x request body name maxLength | shorter names (API-9) |'])).toEqual([
    'required-properties-added @ POST /x request body note',
    'required-properties-added @ POST /x request body tags',
    'schema-constraint-changed @ POST /x request body name minLength',
  ]);
});

test('a row that reaches two changes declares neither and says why', () => {
  const rows = ['| schema-constraint-changed | POST /x request body name | shorter names |', '| required-properties-added | POST /x request body | tags and note |'];
  expect(undeclared(rows)).toHaveLength(4);
  const notes = formatResult(declaring(...rows), 'base').filter((line) => line.startsWith('note:'));
  expect(notes).toEqual([
    'note: openapi/CHANGES.md line 5 declares schema-constraint-changed at "POST /x request body name", which reaches 2 changes ("POST /x request body name maxLength: 10 → 5", "POST /x request body name minLength: 1 → 2") and so declares none: a row declares one change, name each at its own place',
    'note: openapi/CHANGES.md line 6 declares required-properties-added at "POST /x request body", which reaches 2 changes ("POST /x request body tags: optional → required", "POST /x request body note: optional → required") and so declares none: a row declares one change, name each at its own place',
  ]);
});

test('one row per change declares them all', () => {
  const rows = [
    '| schema-constraint-changed | POST /x request body name maxLength | shorter names |',
    '| schema-constraint-changed | POST /x request body name minLength | no single letters |',
    '| required-properties-added | POST /x request body tags | tags required |',
    '| required-properties-added | POST /x request body note | note required |',
  ];
  const result = declaring(...rows);
  expect(result.findings.filter(isUndeclaredBreak)).toEqual([]);
  expect(result.unusedDeclarations).toEqual([]);
});
