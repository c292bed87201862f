// Declared breaking changes: the table under `## Declared breaking changes` in
// openapi/CHANGES.md, one row per intended break: rule | location | reason. A location is read
// at the level a person writes it: a place covers itself and everything under it
// (`schema WatchdogRequest` covers `schema WatchdogRequest companies`, `POST /x/ request body`
// covers `POST /x/ request body name`). A finding of the same rule is declared when its
// component place is covered, or each place it reaches is; it is then reported as declared and
// does not fail the gate. A row declares exactly one change: a row whose rule and place reach
// two findings (two fields made required under a declared schema; a declared change and a later
// one at its place) declares neither and says so, so nothing passes under a row that did not
// name it. Anything malformed is an error, never a silently ignored row.
import fs from 'node:fs';
import { GateError } from './errors';
import type { Declaration, Finding, GateResult, JudgedFinding } from './findings';
import { OWN_CHECKS } from './own-checks';
import { REDOCLY_RULES } from './rules';
import { placesOf, suggestion } from './suggest';

export const CHANGES_FILE = 'openapi/CHANGES.md';
const HEADING = /^##\s+Declared breaking changes\s*$/i;
const COLUMNS = ['rule', 'location', 'reason'];
const SEPARATOR = /^\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/;

export const KNOWN_RULES: readonly string[] = [...REDOCLY_RULES, ...OWN_CHECKS.map((check) => check.id)];

/** `| a | b \| c |` → `['a', 'b | c']`; surrounding backticks are markdown, not part of the value. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|').replace(/^`(.*)`$/, '$1').trim());
}

const normalized = (text: string) => text.trim().replace(/\s+/g, ' ');

function rowOf(line: string, number: number, fail: (message: string) => never): Declaration {
  const row = cells(line);
  if (row.length !== COLUMNS.length) fail(`line ${number}: expected 3 cells (rule | location | reason), found ${row.length}`);
  const [rule = '', location = '', reason = ''] = row;
  if (!KNOWN_RULES.includes(rule)) fail(`line ${number}: unknown rule '${rule}' (known: ${KNOWN_RULES.join(', ')})`);
  if (location === '') fail(`line ${number}: the location is empty; copy it from the gate's output`);
  if (reason === '') fail(`line ${number}: the reason is empty; say why the break is intended`);
  return { rule, location: normalized(location), reason, line: number };
}

/** Parses the declarations; `file` names the source in error messages. */
export function parseDeclarations(text: string, file = CHANGES_FILE): Declaration[] {
  const fail = (message: string): never => {
    throw new GateError(`${file}: ${message}`);
  };
  const lines = text.split(/\r?\n/);
  const start = lines.findIndex((line) => HEADING.test(line.trim()));
  if (start < 0) fail('no "## Declared breaking changes" heading (the format is explained at the top of the file)');
  const declarations: Declaration[] = [];
  let table: 'none' | 'header' | 'rows' = 'none';
  for (let index = start + 1; index < lines.length && !/^#{1,2}\s/.test(lines[index]!); index++) {
    const line = lines[index]!.trim();
    const number = index + 1;
    if (table === 'none') {
      if (!line.startsWith('|')) continue; // prose before the table
      const header = cells(line).map((cell) => cell.toLowerCase());
      if (header.join('|') !== COLUMNS.join('|')) fail(`line ${number}: the table header must be | rule | location | reason |`);
      table = 'header';
    } else if (table === 'header') {
      if (!SEPARATOR.test(line)) fail(`line ${number}: expected the separator row |---|---|---| under the header`);
      table = 'rows';
    } else if (line === '') {
      table = 'none'; // the table ended; a second table under the heading would be read the same way
    } else if (!line.startsWith('|')) {
      fail(`line ${number}: not a table row (every declared break is a row | rule | location | reason |)`);
    } else {
      const declaration = rowOf(line, number, fail);
      const twin = declarations.find((d) => d.rule === declaration.rule && d.location === declaration.location);
      if (twin) fail(`line ${number}: repeats the declaration on line ${twin.line}`);
      declarations.push(declaration);
    }
  }
  if (table === 'header') fail('the declarations table has a header but no separator row');
  return declarations;
}

/** The declarations of a project; a project without openapi/CHANGES.md declares nothing. */
export function readDeclarations(file: string): Declaration[] {
  if (!fs.existsSync(file)) return [];
  return parseDeclarations(fs.readFileSync(file, 'utf8'));
}

/** Whether `place` is `declared` or lies under it (a following word, field, item or map value). */
export function covers(declared: string, place: string): boolean {
  const normal = normalized(place);
  if (normal === declared) return true;
  if (!normal.startsWith(declared)) return false;
  const rest = normal.slice(declared.length);
  return rest.startsWith(' ') || rest.startsWith('.') || rest.startsWith('[') || rest.startsWith('{}');
}

/** The declarations of the finding's rule that declare it, or none when some place it reaches is not declared. */
function declaring(finding: Finding, declarations: Declaration[]): Declaration[] {
  const own = declarations.filter((declaration) => declaration.rule === finding.rule);
  const at = (place: string) => own.find((declaration) => covers(declaration.location, place));
  const component = finding.definedAt === undefined ? undefined : at(finding.definedAt);
  if (component) return [component];
  const each = [finding.location, ...(finding.alsoAt ?? [])].map(at);
  return each.every((declaration) => declaration !== undefined) ? [...new Set(each as Declaration[])] : [];
}

/** For a declaration that covers some but not all places of a shared component's change: what else to declare. */
function partly(declaration: Declaration, findings: Finding[]): string | undefined {
  for (const finding of findings.filter((f) => f.rule === declaration.rule)) {
    const places = [finding.location, ...(finding.alsoAt ?? [])];
    const missing = places.filter((place) => !covers(declaration.location, place));
    if (missing.length < places.length) {
      const whole = finding.definedAt ? `, or declare "${finding.definedAt.split(' ').slice(0, 2).join(' ')}" for all of them` : '';
      return `which covers only part of a change that also reaches ${missing.map((place) => `"${place}"`).join(', ')}: declare each place${whole}`;
    }
  }
  return undefined;
}

/** The findings of the declaration's rule that it reaches at one of their places. */
const reached = (declaration: Declaration, findings: Finding[]) =>
  findings.filter((finding) => finding.rule === declaration.rule && placesOf(finding).some((place) => covers(declaration.location, place)));

const said = (finding: Finding) => `"${finding.location}: ${finding.change}"`;

export function judge(findings: Finding[], declarations: Declaration[]): GateResult {
  // A row declares one change: one that reaches two (two fields made required under a declared
  // schema, a change left declared and a new one at its place) declares neither.
  const ambiguous = new Map(declarations.flatMap((declaration) => {
    const changes = reached(declaration, findings);
    return changes.length > 1 ? [[declaration, changes] as const] : [];
  }));
  const exact = declarations.filter((declaration) => !ambiguous.has(declaration));
  const used = new Set<Declaration>();
  const judged: JudgedFinding[] = findings.map((finding) => {
    const by = declaring(finding, exact);
    by.forEach((declaration) => used.add(declaration));
    return by.length > 0 ? { ...finding, declaredBy: by[0] } : finding;
  });
  const unusedDeclarations = declarations
    .filter((declaration) => !used.has(declaration))
    .map((declaration) => {
      const changes = ambiguous.get(declaration);
      if (changes) {
        const why = `which reaches ${changes.length} changes (${changes.map(said).join(', ')}) and so declares none: a row declares one change, name each at its own place`;
        return { ...declaration, why };
      }
      const hint = suggestion(declaration, findings);
      const why = partly(declaration, findings) ?? `which this comparison does not contain${hint ? `; ${hint}` : ''}`;
      return { ...declaration, why };
    });
  return { findings: judged, unusedDeclarations };
}
