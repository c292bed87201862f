// What the gate reports: one finding per rule and place, in words a contract editor reads.

/** `break` fails the gate unless declared; `warning` is reported and never fails. */
export type Severity = 'break' | 'warning';

/** Redocly's `diff` found it, or one of our own checks (own-checks/) did. */
export type FindingSource = 'redocly' | 'own';

export interface Finding {
  /** Rule id: Redocly's (`enum-values-removed`) or ours (`operation-auth-became-required`). */
  rule: string;
  source: FindingSource;
  severity: Severity;
  /** Where a client meets the change: `POST /api/v1/watchdogs/ request body name`. */
  location: string;
  /**
   * The other places a client meets it, for a change of a component several operations use
   * (`POST /api/v1/watchdogs/{uuid}/deactivate/ request body name`). Redocly reports such a
   * change once, at the first operation; the gate lists each.
   */
  alsoAt?: string[];
  /** Where a shared component defines it, when that differs: `schema CompanyStatus`. */
  definedAt?: string;
  /** Old → new, e.g. `maxLength: 200 → 100` or `optional → required`. */
  change: string;
  /** Why a change the rule names does not fail the gate, or what else to know (`deprecated, sunset 2020-01-01 passed`). */
  note?: string;
  /** The rule's own sentence, e.g. Redocly's "Enum of `CompanyStatus` lost values: 'Relocated'." */
  message: string;
}

/** A declared breaking change from openapi/CHANGES.md. */
export interface Declaration {
  rule: string;
  location: string;
  reason: string;
  /** 1-based line in CHANGES.md, for error messages. */
  line: number;
}

/** A finding after matching against the declarations. */
export interface JudgedFinding extends Finding {
  declaredBy?: Declaration;
}

export interface GateResult {
  findings: JudgedFinding[];
  /**
   * Declarations that declared nothing in this comparison (stale, mistyped, or covering only
   * part of a change): reported as notes, `why` ends the note (with what they probably meant).
   */
  unusedDeclarations: Array<Declaration & { why: string }>;
}

export const isUndeclaredBreak = (finding: JudgedFinding): boolean =>
  finding.severity === 'break' && finding.declaredBy === undefined;
