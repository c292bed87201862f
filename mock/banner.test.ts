// The start banner's credential lines, as people copy them from the terminal or from the README.
import fs from 'node:fs';
import path from 'node:path';
import { banner } from './banner';
import { credentialForms, curlLine } from './credentials';
import { readExamples } from './examples';

const BASE = 'http://127.0.0.1:4010';
const LIST = `${BASE}/api/v1/municipalities/`;

test('the banner prints one curl line per credential form, with the example secrets', () => {
  const lines = banner({ url: BASE, docsBuilt: true, examples: readExamples() }).split('\n');
  expect(credentialForms.map((form) => lines.filter((line) => line.includes(curlLine(form, LIST))).length)).toEqual(credentialForms.map(() => 1));
  expect(credentialForms.map((form) => curlLine(form, LIST))).toEqual([
    `curl -H 'Authorization: Bearer demo-key' ${LIST}`,
    `curl -H 'Authorization: Token demo-key' ${LIST}`,
    `curl -H 'Authorization: Session demo-session' ${LIST}`,
    `curl '${LIST}?sessionid=demo-session'`,
    `curl --cookie 'sessionid=demo-session' ${LIST}`,
  ]);
});

test('mock/README.md’s credentials table is the banner’s: one row per form, its label and curl line', () => {
  const readme = fs.readFileSync(path.join(__dirname, 'README.md'), 'utf8');
  const table = readme.split('## Credentials')[1]!.split('\n').filter((line) => line.startsWith('| ') && line.includes('`curl '));
  expect(table).toEqual(credentialForms.map((form) => `| ${form.label} | \`${curlLine(form, LIST)}\` |`));
});
