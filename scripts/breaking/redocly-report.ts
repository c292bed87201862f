// The JSON report of `redocly diff --format json` (reportVersion "1", @redocly/cli 2.77), as far
// as the gate reads it.
import { GateError } from './errors';
import { isObject } from './pointer';

export type Impact = 'major' | 'minor' | 'patch';

export interface RedoclyVerdict {
  ruleId: string;
  impact: Impact;
  message: string;
  /** Where the rule points: inside a component for shared parts (`#/components/schemas/X/enum`). */
  location: { pointer: string };
}

/** One side of a change: the node's pointer in that document and its value there. */
export interface RedoclySide {
  pointer: string;
  value?: unknown;
}

export interface RedoclyChange {
  /**
   * JSON pointer of the change as met walking from `paths` (through $refs): a component used by
   * several operations is reported once, at the first. Points into the base for `removed`.
   */
  path: string;
  typeName: string;
  kind: 'added' | 'removed' | 'modified';
  impact: Impact;
  /** For `modified`: the keyword that changed (`maxLength`, `enum`, `required`), or `key` for a renamed map key. */
  property?: string;
  /** Empty for changes no rule objects to (Redocly's minor and patch changes). */
  verdicts: RedoclyVerdict[];
  base?: RedoclySide;
  revision?: RedoclySide;
}

export interface RedoclyDiffReport {
  reportVersion: '1';
  changes: RedoclyChange[];
}

/** Checks the shape the gate relies on, so a new report version fails loudly instead of passing. */
export function asDiffReport(value: unknown): RedoclyDiffReport {
  if (!isObject(value) || value.reportVersion !== '1' || !Array.isArray(value.changes)) {
    const version = isObject(value) ? JSON.stringify(value.reportVersion) : 'none';
    throw new GateError(`redocly diff wrote a report the gate does not know (reportVersion ${version}, expected "1")`);
  }
  for (const change of value.changes) {
    if (!isObject(change) || typeof change.path !== 'string' || !Array.isArray(change.verdicts)) {
      throw new GateError(`redocly diff report has a change without path or verdicts: ${JSON.stringify(change).slice(0, 200)}`);
    }
  }
  return value as unknown as RedoclyDiffReport;
}
