// The format of openapi/CHANGES.md: the shipped file parses, and every malformed entry is an
// error that names its line.
import fs from 'node:fs';
import path from 'node:path';
import { parseDeclarations } from '../../scripts/breaking/declared';
import { GateError } from '../../scripts/breaking/errors';
import { ROOT } from './support';

const HEAD = '## Declared breaking changes\n\n| rule | location | reason |\n|---|---|---|\n';

test('the shipped openapi/CHANGES.md explains the format and parses (no declarations yet)', () => {
  const text = fs.readFileSync(path.join(ROOT, 'openapi/CHANGES.md'), 'utf8');
  expect(text).toMatch(/rule \| location \| reason/);
  expect(parseDeclarations(text)).toEqual([]);
});

test('a row gives rule, location and reason; backticks, escaped pipes and spacing are normalised', () => {
  expect(parseDeclarations(`${HEAD}| \`response-removed\` |  POST /api/v1/watchdogs/   response 201 | 200 \\| 201 (API-12) |\n`)).toEqual([
    { rule: 'response-removed', location: 'POST /api/v1/watchdogs/ response 201', reason: '200 | 201 (API-12)', line: 5 },
  ]);
});

test('prose after the table and further sections are allowed', () => {
  const text = `${HEAD}| path-removed | /api/v1/x/ | gone in v2 |\n\nMore words.\n\n## Released\n\nnot read\n`;
  expect(parseDeclarations(text)).toHaveLength(1);
});

test.each([
  ['no heading', '# Changes\n', /no "## Declared breaking changes" heading/],
  ['a wrong header', '## Declared breaking changes\n\n| rule | where | why |\n|---|---|---|\n', /line 3: the table header must be/],
  ['no separator', '## Declared breaking changes\n\n| rule | location | reason |\n| path-removed | /x/ | y |\n', /line 4: expected the separator row/],
  ['an unknown rule', `${HEAD}| enum-removed | /x/ | y |\n`, /line 5: unknown rule 'enum-removed' \(known: path-removed, /],
  ['an empty reason', `${HEAD}| path-removed | /x/ |  |\n`, /line 5: the reason is empty/],
  ['an empty location', `${HEAD}| path-removed |  | y |\n`, /line 5: the location is empty/],
  ['too few cells', `${HEAD}| path-removed | /x/ |\n`, /line 5: expected 3 cells \(rule \| location \| reason\), found 2/],
  ['a row without pipes', `${HEAD}path-removed, /x/, gone\n`, /line 5: not a table row/],
  ['a repeated row', `${HEAD}| path-removed | /x/ | a |\n| path-removed | /x/ | b |\n`, /line 6: repeats the declaration on line 5/],
])('%s is an error naming the line', (_name, text, message) => {
  expect(() => parseDeclarations(text)).toThrow(GateError);
  expect(() => parseDeclarations(text)).toThrow(message);
});
