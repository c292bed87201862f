// Turns Redocly's changes into findings: one per verdict, with a readable place and old → new.
// A verdict about a `required` list is split into one finding per property, so each place can
// be declared on its own (`POST /api/v1/watchdogs/ request body tags: optional → required`).
// A change inside a shared component is shown at every operation that uses it on the same side
// (request or response) as the place Redocly names, which is only the first of them.
import { oldToNew } from './describe';
import { excuseOf, judgedByOwnCheck } from './excuses';
import type { Finding } from './findings';
import { locate, renderPlace, withField, withKeyword, type Place } from './locate';
import { pointerSegments, type JsonObject } from './pointer';
import type { RedoclyChange, RedoclyDiffReport, RedoclyVerdict } from './redocly-report';
import { severityOfRedoclyRule } from './rules';
import { sideOf, usesOf } from './uses';

interface RequiredListRule {
  /** The properties this verdict is about, from the old and new `required` lists. */
  names(before: string[], after: string[]): string[];
  change: string;
}

/** Rules that fire once per changed keyword of a node. */
const KEYWORD_RULES = new Set(['schema-constraint-changed', 'parameter-serialization-changed', 'security-scheme-changed']);

const notIn = (list: string[]) => (name: string) => !list.includes(name);

/** Rules about `required` lists, split into one finding per property. */
const REQUIRED_LIST_RULES: Readonly<Record<string, RequiredListRule>> = {
  'required-properties-added': { names: (before, after) => after.filter(notIn(before)), change: 'optional → required' },
  'required-properties-removed': { names: (before, after) => before.filter(notIn(after)), change: 'required → optional' },
};

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

interface Pointer {
  document: JsonObject;
  segments: string[];
}

/**
 * The node a pointer of this change names, in the document it is in. A renamed key (response
 * 201 → 200) is named by its old key, the one clients knew; a verdict's pointer ends with the
 * changed keyword, which is dropped.
 */
function pointerOf(pointer: string, change: RedoclyChange, base: JsonObject, revision: JsonObject): Pointer {
  let segments = pointerSegments(pointer);
  if (change.kind === 'modified' && change.property !== 'key' && segments.at(-1) === change.property) {
    segments = segments.slice(0, -1);
  }
  const oldKey = change.base?.value;
  if (change.kind === 'modified' && change.property === 'key' && typeof oldKey === 'string') {
    return { document: base, segments: [...segments.slice(0, -1), oldKey] };
  }
  return { document: change.kind === 'removed' ? base : revision, segments };
}

const placeOf = ({ document, segments }: Pointer): Place => locate(document, segments);

/**
 * Every place the change reaches: Redocly's (first), then the same spot of the component under
 * each other operation that uses it on the same side.
 */
function placesOf(at: Pointer, definedIn: Pointer | undefined): Place[] {
  const places = [placeOf(at)];
  if (definedIn) {
    const component = definedIn.segments.slice(0, 3);
    const inside = definedIn.segments.slice(3);
    const side = sideOf(at.segments);
    for (const use of usesOf(definedIn.document, component)) {
      if (sideOf(use) === side) places.push(locate(definedIn.document, [...use, ...inside]));
    }
  }
  return places;
}

/** `location` (and `alsoAt`, the other places), plus `definedAt` when a component defines the place elsewhere. */
function where(places: Place[], definedIn: Place | undefined): Pick<Finding, 'location' | 'alsoAt' | 'definedAt'> {
  const [location, ...others] = [...new Set(places.map(renderPlace))] as [string, ...string[]];
  const definedAt = definedIn && renderPlace(definedIn);
  return {
    location,
    ...(others.length > 0 && { alsoAt: others }),
    ...(definedAt !== undefined && definedAt !== location && { definedAt }),
  };
}

function findingsOf(change: RedoclyChange, verdict: RedoclyVerdict, base: JsonObject, revision: JsonObject): Finding[] {
  const at = pointerOf(change.path, change, base, revision);
  const component = pointerSegments(verdict.location.pointer)[0] === 'components' ? pointerOf(verdict.location.pointer, change, base, revision) : undefined;
  const places = placesOf(at, component);
  const definedIn = component && placeOf(component);
  const excuse = excuseOf(change, verdict, base, revision);
  const common = {
    rule: verdict.ruleId,
    source: 'redocly' as const,
    severity: excuse?.severity ?? severityOfRedoclyRule(verdict.ruleId),
    message: verdict.message,
    ...(excuse && { note: excuse.note }),
  };
  const listed = REQUIRED_LIST_RULES[verdict.ruleId];
  if (listed) {
    const names = listed.names(strings(change.base?.value), strings(change.revision?.value));
    if (names.length > 0) {
      return names.map((name) => ({
        ...common,
        ...where(places.map((place) => withField(place, name)), definedIn && withField(definedIn, name)),
        change: listed.change,
      }));
    }
  }
  const keyword = change.kind === 'modified' && change.property !== 'key' ? change.property : undefined;
  const value = oldToNew(change.base?.value, change.revision?.value, change.typeName);
  // A rule that judges each keyword of a node names the keyword in the place, so two changes
  // at one node (maxLength and minLength) are two places, each declared on its own.
  if (keyword !== undefined && KEYWORD_RULES.has(verdict.ruleId)) {
    return [{ ...common, ...where(places.map((place) => withKeyword(place, keyword)), definedIn && withKeyword(definedIn, keyword)), change: value }];
  }
  return [{ ...common, ...where(places, definedIn), change: keyword === undefined ? value : `${keyword}: ${value}` }];
}

/** A removed response property also leaves the `required` list; one finding says it all. */
function withoutRedundant(findings: Finding[]): Finding[] {
  const removed = new Set(findings.filter((f) => f.rule === 'property-removed').map((f) => f.location));
  return findings.filter((f) => !(f.rule === 'required-properties-removed' && removed.has(f.location)));
}

export function fromRedocly(report: RedoclyDiffReport, base: JsonObject, revision: JsonObject): Finding[] {
  const findings = report.changes.flatMap((change) =>
    change.verdicts.filter((verdict) => !judgedByOwnCheck(change, verdict)).flatMap((verdict) => findingsOf(change, verdict, base, revision)),
  );
  return withoutRedundant(findings);
}
