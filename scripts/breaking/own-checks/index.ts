// Own checks, one rule each. Add one only after checking that `redocly diff` misses the case
// (test/breaking/cases.ts has a pair for every rule), and give it a pair there.
import type { Finding } from '../findings';
import type { JsonObject } from '../pointer';
import type { OwnCheck } from './check';
import { operationAuthBecameRequired } from './operation-auth-became-required';

export const OWN_CHECKS: readonly OwnCheck[] = [operationAuthBecameRequired];

export function runOwnChecks(base: JsonObject, revision: JsonObject): Finding[] {
  return OWN_CHECKS.flatMap((check) =>
    check.find(base, revision).map((found) => ({ ...found, rule: check.id, source: 'own' as const, severity: check.severity })),
  );
}
