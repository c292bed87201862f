// The "What the filters keep" section of the page: Scalar shows a parameter's description but not
// its `x-filter`, so what each filter compares, and with which fields of the items, is restated as
// text, generated from the contract's declarations (generated/index.ts `meaning`).
import { meaning, operations, type FilterDeclaration, type OperationId } from '../../generated';
import { cell, table } from './markdown';

const KEEPS: Record<FilterDeclaration['match'], string> = {
  equals: 'a field equals the value',
  excludes: 'no field equals the value',
  'code-or-name': 'a code or a name equals the value',
  text: 'a field holds the text (a search)',
  'at-least': 'the field is at least the value',
  'at-most': 'the field is at most the value',
  exists: '`true`: the field is present and not empty; `false`: the others',
};

const row = (f: FilterDeclaration) => [
  `\`${f.name}\`${f.where === 'body' ? ' (body)' : ''}`,
  `${KEEPS[f.match]}${f.repeated ? '; repeated: any of the values' : ''}${f.nulls ? `; an item whose field is null is ${f.nulls}` : ''}`,
  f.reads.map((field) => `\`${field}\``).join(', '),
  cell(f.words),
];

export function meaningSection(): string {
  const lists = (Object.keys(meaning) as OperationId[]).filter((op) => meaning[op].filters.length > 0);
  return [
    '## What the filters keep',
    '',
    'Each filter keeps the items for which, under the contract (`x-filter`):',
    '',
    ...lists.flatMap((op) => [
      `**${operations[op].method.toUpperCase()} ${operations[op].path}** (\`${op}\`)`,
      '',
      table(['filter', 'keeps an item when', 'fields of the item', 'as published'], meaning[op].filters.map(row)),
      '',
    ]),
  ].join('\n').trimEnd();
}
