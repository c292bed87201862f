// The "Unknowns and modelling choices" section of the page: Scalar shows descriptions but not
// `x-` extensions, so the marks of the contract are restated as text, generated from them.
import { isObject, rootUnknowns, type Json, type JsonObject } from './contract';
import { labelPointer, labelWhere } from './locations';
import { cell, table } from './markdown';

/** One place of the contract that carries `x-unspecified` and/or `x-modelling-choice`. */
export interface Mark {
  pointer: string;
  /** The unknown facets (`["status", "code"]`), or true when the whole value is unknown. */
  unspecified?: string[] | true;
  modellingChoice?: string;
}

const escapeSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every mark in document order; the root `x-unspecified` list is the index, not a mark. */
export function collectMarks(document: JsonObject): Mark[] {
  const marks: Mark[] = [];
  const visit = (node: Json, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${pointer}/${index}`));
      return;
    }
    if (!isObject(node)) return;
    const unspecified = node['x-unspecified'];
    const choice = node['x-modelling-choice'];
    if (pointer !== '#' && (unspecified !== undefined || choice !== undefined)) {
      marks.push({
        pointer,
        ...(unspecified === true ? { unspecified: true as const } : Array.isArray(unspecified) ? { unspecified: unspecified.map(String) } : {}),
        ...(choice !== undefined ? { modellingChoice: String(choice) } : {}),
      });
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'x-unspecified' && key !== 'x-modelling-choice') visit(value, `${pointer}/${escapeSegment(key)}`);
    }
  };
  visit(document, '#');
  return marks;
}

const facets = (unspecified: Mark['unspecified']) =>
  unspecified === true ? 'the whole value' : (unspecified ?? []).map((facet) => `\`${facet}\``).join(', ');

export function unknownsSection(document: JsonObject): string {
  const marks = collectMarks(document);
  const choices = marks.filter((mark) => mark.modellingChoice !== undefined);
  return [
    '## Unknowns and modelling choices',
    '',
    'The published API document leaves the facts below open ("not shown"). The contract marks each',
    'place with `x-unspecified`; where it had to pick a name, type or status to write valid OpenAPI,',
    'it says so with `x-modelling-choice`. The mock follows these choices, the real service may not:',
    'do not build on them.',
    '',
    table(
      ['Not shown in the published document', 'Where the contract marks it'],
      rootUnknowns(document).map((entry) => [cell(entry.published), cell(labelWhere(document, entry.where))]),
    ),
    '',
    '### Modelling choices',
    '',
    table(
      ['Place', 'Choice'],
      choices.map((mark) => [cell(labelPointer(document, mark.pointer)), cell(mark.modellingChoice ?? '')]),
    ),
    '',
    '### Every place marked `x-unspecified`',
    '',
    table(
      ['Place', 'Unknown facets'],
      marks
        .filter((mark) => mark.unspecified !== undefined)
        .map((mark) => [cell(labelPointer(document, mark.pointer)), cell(facets(mark.unspecified))]),
    ),
  ].join('\n');
}
