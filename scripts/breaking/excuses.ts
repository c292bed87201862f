// Where the gate knows better than a Redocly verdict. A removal that deprecation announced
// (lifecycle.ts) is reported as a warning: the operation, path, parameter or property was
// deprecated without a sunset date, or its sunset has passed; a removal before the sunset stays
// a break and says so. A verdict on the root `security` that no operation inherits (each has its
// own) reaches no client. Patterns are judged by own-checks/pattern-changed, not by Redocly.
import type { Severity } from './findings';
import { isDeprecated, removalAnnounced, SUNSET, sunsetDay } from './lifecycle';
import { deref, isObject, pointerSegments, resolve, type JsonObject } from './pointer';
import type { RedoclyChange, RedoclyVerdict } from './redocly-report';
import { operationsOf } from './own-checks/operations';

const REMOVALS = new Set(['path-removed', 'operation-removed', 'parameter-removed', 'property-removed']);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface Excuse {
  severity: Severity;
  note: string;
}

/**
 * Verdicts the gate drops because an own check judges the same change: patterns under `paths`
 * (own-checks/walk.ts does not walk webhooks or callbacks; there Redocly's verdict stands).
 */
export const judgedByOwnCheck = (change: RedoclyChange, verdict: RedoclyVerdict): boolean => {
  const segments = pointerSegments(change.path);
  return verdict.ruleId === 'schema-constraint-changed' && change.property === 'pattern' && segments[0] === 'paths' && !segments.includes('callbacks');
};

/** The removed node, or for a path, its operations: each must be announced. */
function removedNodes(change: RedoclyChange, base: JsonObject): unknown[] {
  const node = deref(base, change.base?.value ?? resolve(base, pointerSegments(change.base?.pointer ?? change.path)));
  if (change.typeName === 'PathItem' && isObject(node)) return METHODS.filter((method) => method in node).map((method) => deref(base, node[method]));
  // A parameter list removed as a whole: each parameter.
  if (Array.isArray(node)) return node.map((item) => deref(base, item));
  return [node];
}

function removal(change: RedoclyChange, base: JsonObject): Excuse | undefined {
  const nodes = removedNodes(change, base);
  const announced = nodes.map((node) => removalAnnounced(node));
  if (nodes.length > 0 && announced.every((why) => why !== undefined)) return { severity: 'warning', note: [...new Set(announced)].join('; ') };
  const early = nodes.find((node) => isDeprecated(node) && isObject(node) && sunsetDay(node[SUNSET]) !== undefined);
  return early && isObject(early) ? { severity: 'break', note: `deprecated, but its sunset ${String(early[SUNSET])} is still ahead` } : undefined;
}

/** Every operation of both sides states its own `security`, so the root one applies nowhere. */
const rootUnused = (base: JsonObject, revision: JsonObject) =>
  [base, revision].every((document) => [...operationsOf(document).values()].every((operation) => Array.isArray(operation.security)));

export function excuseOf(change: RedoclyChange, verdict: RedoclyVerdict, base: JsonObject, revision: JsonObject): Excuse | undefined {
  if (REMOVALS.has(verdict.ruleId) && change.kind === 'removed') return removal(change, base);
  if (verdict.ruleId === 'security-requirement-changed' && pointerSegments(change.path)[0] === 'security' && rootUnused(base, revision)) {
    return { severity: 'warning', note: 'every operation states its own security, so the root requirement applies to none' };
  }
  return undefined;
}
