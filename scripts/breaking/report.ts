// The gate's output: one line per finding (rule, place, old → new), then one verdict line.
import { isUndeclaredBreak, type GateResult, type JudgedFinding } from './findings';

const TAG = { break: 'BREAKING', declared: 'DECLARED', warning: 'WARNING ' } as const;

/** The finding's line, then one indented line per other place it reaches. */
function lines(finding: JudgedFinding): string[] {
  const tag = finding.declaredBy ? TAG.declared : finding.severity === 'break' ? TAG.break : TAG.warning;
  const place = finding.definedAt ? `${finding.location} (${finding.definedAt})` : finding.location;
  const note = finding.note ? ` (${finding.note})` : '';
  const why = finding.declaredBy ? ` — declared: ${finding.declaredBy.reason}` : '';
  return [`${tag}  ${finding.rule}  ${place}: ${finding.change}${note}${why}`, ...(finding.alsoAt ?? []).map((other) => `          also at ${other}`)];
}

/** Undeclared breaks first, then declared ones, then warnings. */
const order = (finding: JudgedFinding) => (isUndeclaredBreak(finding) ? 0 : finding.declaredBy ? 1 : 2);

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function formatResult(result: GateResult, comparedWith: string): string[] {
  const findings = [...result.findings].sort((a, b) => order(a) - order(b));
  const undeclared = findings.filter(isUndeclaredBreak).length;
  const declared = findings.filter((f) => f.declaredBy).length;
  const warnings = findings.filter((f) => f.severity === 'warning' && !f.declaredBy).length;
  const notes = result.unusedDeclarations.map(
    (d) => `note: openapi/CHANGES.md line ${d.line} declares ${d.rule} at "${d.location}", ${d.why}`,
  );
  const counts = `${plural(declared, 'declared break')}, ${plural(warnings, 'warning')}; base: ${comparedWith}`;
  const verdict = undeclared > 0
    ? `breaking-change gate: FAILED, ${plural(undeclared, 'undeclared breaking change')} (${counts}). ` +
      'Undo them, or declare them in openapi/CHANGES.md (rule | location | reason).'
    : `breaking-change gate: passed, no undeclared breaking change (${counts}).`;
  return [...findings.flatMap(lines), ...notes, verdict];
}
