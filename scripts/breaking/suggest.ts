// "Did you mean …" for a declaration in openapi/CHANGES.md that matches nothing: the nearest
// place of a finding of the same rule (or the rule found at the declared place), so a typo or a
// place copied from an older run is fixed in one step.
import type { Declaration, Finding } from './findings';

/** Levenshtein distance, two rows at a time. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Every place a finding can be declared at: each location, the component, and the component's schema as a whole. */
export function placesOf(finding: Finding): string[] {
  const places = [finding.location, ...(finding.alsoAt ?? [])];
  if (finding.definedAt) {
    places.push(finding.definedAt);
    const [kind, name] = finding.definedAt.split(' ');
    if (kind === 'schema' && name) places.push(`${kind} ${name}`);
  }
  return [...new Set(places)];
}

/** What the declaration probably meant, or undefined when the comparison has nothing close. */
export function suggestion(declaration: Declaration, findings: readonly Finding[]): string | undefined {
  const sameRule = findings.filter((finding) => finding.rule === declaration.rule);
  const nearest = sameRule
    .flatMap(placesOf)
    .map((place) => ({ place, distance: distance(place.toLowerCase(), declaration.location.toLowerCase()) }))
    .sort((a, b) => a.distance - b.distance)[0];
  if (nearest) return `did you mean "${declaration.rule} | ${nearest.place}"?`;
  const otherRule = findings.find((finding) => placesOf(finding).includes(declaration.location));
  if (otherRule) return `did you mean rule ${otherRule.rule}? (that is what changed at "${declaration.location}")`;
  return undefined;
}
