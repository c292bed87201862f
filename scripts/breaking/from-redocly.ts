// Turns Redocly's changes into findings: one per verdict, with a readable place and old → new.
// A verdict about a `required` list is split into one finding per property, so each place can
// be declared on its own (`POST /api/v1/watchdogs/ request body tags: optional → required`).
import { oldToNew } from './describe';
import type { Finding } from './findings';
import { locate, renderPlace, withField, type Place } from './locate';
import { pointerSegments } from './pointer';
import type { RedoclyChange, RedoclyDiffReport, RedoclyVerdict } from './redocly-report';
import { severityOfRedoclyRule } from './rules';

interface RequiredListRule {
  /** The properties this verdict is about, from the old and new `required` lists. */
  names(before: string[], after: string[]): string[];
  change: string;
}

const notIn = (list: string[]) => (name: string) => !list.includes(name);

/** Rules about `required` lists, split into one finding per property. */
const REQUIRED_LIST_RULES: Readonly<Record<string, RequiredListRule>> = {
  'required-properties-added': { names: (before, after) => after.filter(notIn(before)), change: 'optional → required' },
  'required-properties-removed': { names: (before, after) => before.filter(notIn(after)), change: 'required → optional' },
};

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * The place of a pointer of this change. A renamed key (response 201 → 200) is named by its old
 * key, the one clients knew; a verdict's pointer ends with the changed keyword, which is dropped.
 */
function placeOf(pointer: string, change: RedoclyChange, base: unknown, revision: unknown): Place {
  let segments = pointerSegments(pointer);
  if (change.kind === 'modified' && change.property !== 'key' && segments.at(-1) === change.property) {
    segments = segments.slice(0, -1);
  }
  const oldKey = change.base?.value;
  if (change.kind === 'modified' && change.property === 'key' && typeof oldKey === 'string') {
    return locate(base, [...segments.slice(0, -1), oldKey]);
  }
  return locate(change.kind === 'removed' ? base : revision, segments);
}

/** `location`, plus `definedAt` when a component defines the place elsewhere. */
function where(place: Place, definedIn: Place | undefined): Pick<Finding, 'location' | 'definedAt'> {
  const location = renderPlace(place);
  const definedAt = definedIn && renderPlace(definedIn);
  return definedAt === undefined || definedAt === location ? { location } : { location, definedAt };
}

function findingsOf(change: RedoclyChange, verdict: RedoclyVerdict, base: unknown, revision: unknown): Finding[] {
  const place = placeOf(change.path, change, base, revision);
  const definedIn = pointerSegments(verdict.location.pointer)[0] === 'components'
    ? placeOf(verdict.location.pointer, change, base, revision)
    : undefined;
  const common = { rule: verdict.ruleId, source: 'redocly' as const, severity: severityOfRedoclyRule(verdict.ruleId), message: verdict.message };
  const listed = REQUIRED_LIST_RULES[verdict.ruleId];
  if (listed) {
    const names = listed.names(strings(change.base?.value), strings(change.revision?.value));
    if (names.length > 0) {
      return names.map((name) => ({
        ...common,
        ...where(withField(place, name), definedIn && withField(definedIn, name)),
        change: listed.change,
      }));
    }
  }
  const label = change.kind === 'modified' && change.property !== 'key' ? `${change.property}: ` : '';
  return [{ ...common, ...where(place, definedIn), change: label + oldToNew(change.base?.value, change.revision?.value, change.typeName) }];
}

/** A removed response property also leaves the `required` list; one finding says it all. */
function withoutRedundant(findings: Finding[]): Finding[] {
  const removed = new Set(findings.filter((f) => f.rule === 'property-removed').map((f) => f.location));
  return findings.filter((f) => !(f.rule === 'required-properties-removed' && removed.has(f.location)));
}

export function fromRedocly(report: RedoclyDiffReport, base: unknown, revision: unknown): Finding[] {
  const findings = report.changes.flatMap((change) =>
    change.verdicts.flatMap((verdict) => findingsOf(change, verdict, base, revision)),
  );
  return withoutRedundant(findings);
}
