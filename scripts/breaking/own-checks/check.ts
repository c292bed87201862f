// The shape of an own check: one rule, one small function, for what Redocly's diff misses.
import type { Finding, Severity } from '../findings';
import type { JsonObject } from '../pointer';

/** What a check finds; the severity is the check's unless the finding names one (a response side that only warns). */
export type OwnFinding = Pick<Finding, 'location' | 'change' | 'message'> & Partial<Pick<Finding, 'alsoAt' | 'definedAt' | 'severity' | 'note'>>;

export interface OwnCheck {
  /** Rule id, as printed and as declared in openapi/CHANGES.md. */
  id: string;
  severity: Severity;
  /** What it catches, in one line (for --help and the README). */
  summary: string;
  find(base: JsonObject, revision: JsonObject): OwnFinding[];
}
