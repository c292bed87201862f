// The contract changes the evolution test makes, each the ordinary way the API's owners would:
// an edit of openapi/ (a parameter file and its place in the path, a schema property, a new path
// with its example, a parameter made required and the break declared in CHANGES.md), nothing else.
// For each: what the suite must judge against a correct deployment (lines that must PASS), the
// realistic bug that ignores it, and the rule that must fail that bug.
import fs from 'node:fs';
import path from 'node:path';
import type { Fault } from './plan';

export interface Change {
  name: string;
  /** Edits the copy's openapi/ (and only that). */
  edit(root: string): void;
  /** Areas and scope of the live runs (the sandbox, the faulty deployment) and of the mock's. */
  live: string[];
  mock: string[];
  /** Rule × operation lines that must PASS against the sandbox: the new meaning judged. */
  judged: Array<[rule: string, operationId: string]>;
  fault: Fault;
  /** The rule × operation that must FAIL the faulty deployment. */
  caught: [rule: string, operationId: string];
}

const LIST = '/api/v1/municipalities/';

const file = (root: string, relative: string) => path.join(root, 'openapi', relative);
const write = (root: string, relative: string, text: string) => fs.writeFileSync(file(root, relative), text);
function replace(root: string, relative: string, from: string, to: string): void {
  const text = fs.readFileSync(file(root, relative), 'utf8');
  if (!text.includes(from)) throw new Error(`openapi/${relative} no longer holds ${JSON.stringify(from)}: update test/evolution/changes.ts`);
  fs.writeFileSync(file(root, relative), text.replace(from, to));
}

/** A new query parameter of the municipality list, in a file of its own, listed after the others. */
function addListParameter(root: string, name: string, yaml: string): void {
  write(root, `parameters/${name}.yaml`, yaml);
  replace(root, 'paths/municipalities.yaml', '    - $ref: ../parameters/MunicipalityUuid.yaml\n', `    - $ref: ../parameters/MunicipalityUuid.yaml\n    - $ref: ../parameters/${name}.yaml\n`);
}

/** The list's filters judged against the sandbox (its filters phase), and its inputs against the mock. */
const FILTERS = ['--only', 'filters', '--budget', '1500'];
const MOCK_INPUTS = ['--only', 'inputs', '--budget', '800'];

/**
 * A new filter of the municipality list (its parameter's YAML lines, `name:` first): judged by its
 * own rule against the sandbox (its filters phase), its inputs against the mock, and failed by a
 * deployment that drops the parameter.
 */
function listFilter(name: string, file: string, lines: string[]): Change {
  const parameter = /^name: (\w+)$/.exec(lines[0] ?? '')?.[1];
  if (!parameter) throw new Error(`listFilter ${file}: the first line names the parameter`);
  const rule = `filter_${parameter}`;
  return {
    name,
    edit: (root) => addListParameter(root, file, [...lines, ''].join('\n')),
    live: FILTERS,
    mock: MOCK_INPUTS,
    judged: [[rule, 'municipalitiesList']],
    fault: { kind: 'drop-parameter', name: parameter },
    caught: [rule, 'municipalitiesList'],
  };
}

export const CHANGES: Change[] = [
  listFilter('a numeric bound filter: min_population (integer >= 0, at-least on population)', 'MinPopulation', [
    'name: min_population',
    'in: query',
    'required: false',
    'description: Only municipalities with at least this population.',
    'schema:',
    '  type: integer',
    '  minimum: 0',
    'x-filter:',
    '  match: at-least',
    '  reads: [population]',
    '  words: only municipalities with at least this population',
  ]),
  listFilter('a date filter: population_as_of_from (format date, at-least on population_as_of)', 'PopulationAsOfFrom', [
    'name: population_as_of_from',
    'in: query',
    'required: false',
    'description: Only municipalities whose population figure is as of this date or later (YYYY-MM-DD).',
    'schema:',
    '  type: string',
    '  format: date',
    'x-filter:',
    '  match: at-least',
    '  reads: [population_as_of]',
    '  words: population figure as of this date or later',
  ]),
  listFilter('a boolean filter: has_population (exists on population)', 'HasPopulation', [
    'name: has_population',
    'in: query',
    'required: false',
    'description: true, only municipalities with a population figure; false, only those without.',
    'schema:',
    '  type: boolean',
    'x-filter:',
    '  match: exists',
    '  reads: [population]',
    '  words: with or without a population figure',
  ]),
  listFilter("an enum filter on a list: verification_status (repeated, equals on officials[].verification_status)", 'OfficialVerification', [
    'name: verification_status',
    'in: query',
    'required: false',
    'description: Municipalities with a current official of one of these verification statuses (repeated parameter).',
    'style: form',
    'explode: true',
    'schema:',
    '  type: array',
    '  items:',
    '    $ref: ../schemas/VerificationStatus.yaml',
    'x-filter:',
    '  match: equals',
    "  reads: ['officials[].verification_status']",
    "  words: an official's verification status",
  ]),
  {
    name: 'a new retrieve-by-id operation: GET /api/v1/municipalities/{uuid}/ (404 for an unknown one)',
    edit: (root) => {
      const example = fs.readFileSync(file(root, 'examples/municipalities-at.yaml'), 'utf8');
      // The first item of the list's example, as the example of one municipality.
      const item = example.slice(example.indexOf('    - uuid:'), example.indexOf('\n    - uuid:', example.indexOf('    - uuid:') + 1));
      write(root, 'examples/municipality-hallstatt.yaml', `summary: One municipality\nvalue:\n${item.replace(/^ {4}/gm, '').replace(/^- /, '  ')}\n`);
      write(root, 'paths/municipality.yaml', [
        'get:',
        '  operationId: municipalitiesRetrieve',
        '  tags: [municipalities]',
        '  summary: One municipality with its current officials',
        '  parameters:',
        '    - name: uuid',
        '      in: path',
        '      required: true',
        '      description: UUID of the municipality.',
        '      schema:',
        '        type: string',
        '        format: uuid',
        '      x-resource:',
        '        name: municipality',
        '        key: uuid',
        '        listedBy: municipalitiesList',
        '  responses:',
        "    '200':",
        '      description: The municipality.',
        '      content:',
        '        application/json:',
        '          schema:',
        '            $ref: ../schemas/Municipality.yaml',
        '          examples:',
        '            hallstatt:',
        '              $ref: ../examples/municipality-hallstatt.yaml',
        "    '401':",
        '      $ref: ../responses/Unauthorized.yaml',
        "    '403':",
        '      $ref: ../responses/Forbidden.yaml',
        "    '404':",
        '      $ref: ../responses/NotFound.yaml',
        '',
      ].join('\n'));
      replace(root, 'openapi.yaml', '  /api/v1/municipalities/:\n    $ref: paths/municipalities.yaml\n', '  /api/v1/municipalities/:\n    $ref: paths/municipalities.yaml\n  /api/v1/municipalities/{uuid}/:\n    $ref: paths/municipality.yaml\n');
    },
    live: ['--only', 'inputs', '--budget', '1500'],
    mock: ['--only', 'inputs,responses', '--budget', '800'],
    judged: [
      ['valid_request_accepted', 'municipalitiesRetrieve'],
      ['addressed_resource_answered', 'municipalitiesRetrieve'],
      ['unknown_resource_refused', 'municipalitiesRetrieve'],
    ],
    fault: { kind: 'another-item', prefix: LIST },
    caught: ['addressed_resource_answered', 'municipalitiesRetrieve'],
  },
  {
    name: 'an optional query parameter made required: country_code of the municipality list (declared in CHANGES.md)',
    edit: (root) => {
      replace(root, 'parameters/CountryCode.yaml', 'required: false', 'required: true');
      const changes = fs.readFileSync(file(root, 'CHANGES.md'), 'utf8');
      write(root, 'CHANGES.md', `${changes.trimEnd()}\n| parameter-became-required | GET ${LIST} query parameter country_code | the evolution test: every read of the list names its countries |\n`);
    },
    live: ['--only', 'inputs,lists,filters', '--budget', '2500'],
    mock: ['--only', 'inputs,lists', '--budget', '800'],
    judged: [
      ['invalid_request_refused', 'municipalitiesList'],
      ['valid_request_accepted', 'municipalitiesList'],
      ['count_is_total', 'municipalitiesList'],
      ['filter_country_code_exclude', 'municipalitiesList'],
      ['filter_official_role', 'municipalitiesList'],
    ],
    fault: { kind: 'default-parameter', path: LIST, name: 'country_code', value: 'AT' },
    caught: ['invalid_request_refused', 'municipalitiesList'],
  },
  {
    name: 'a new optional response field: area_km2 of a municipality (a number >= 0, or null)',
    edit: (root) =>
      replace(root, 'schemas/Municipality.yaml', '  company_count:\n', [
        '  area_km2:',
        "    type: [number, 'null']",
        '    minimum: 0',
        '    description: Area in square kilometres.',
        '  company_count:',
        '',
      ].join('\n')),
    live: ['--only', 'lists', '--budget', '300'],
    mock: ['--only', 'responses', '--budget', '300'],
    judged: [['body_matches_schema', 'municipalitiesList']],
    fault: { kind: 'field-value', path: LIST, name: 'area_km2', value: 'about 20' },
    caught: ['body_matches_schema', 'municipalitiesList'],
  },
];

/** The config every run of a change reads: only the municipality operations are judged (the others are not what changed). */
export function writeConfig(root: string): void {
  const operations = { include: ['municipalitiesList', ...(fs.readFileSync(file(root, 'openapi.yaml'), 'utf8').includes('municipality.yaml') ? ['municipalitiesRetrieve'] : [])] };
  fs.writeFileSync(path.join(root, 'evolution.config.json'), JSON.stringify({ operations }));
}
