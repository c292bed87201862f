// Own checks, one rule each. Add one only after checking that `redocly diff` misses the case
// (test/breaking/cases.ts or oasdiff-pairs.ts has a pair for every rule), and give it a pair there.
import type { Finding } from '../findings';
import type { JsonObject } from '../pointer';
import type { OwnCheck } from './check';
import { extensibleEnumValuesRemoved } from './extensible-enum-values-removed';
import { mediaTypeSchemaChanged } from './media-type-schema-changed';
import { operationAuthBecameRequired } from './operation-auth-became-required';
import { defaultChanged } from './default-changed';
import { patternChanged } from './pattern-changed';
import { requiredRequestBodyAdded } from './required-request-body-added';
import { responseHeaderBecameOptional } from './response-header-became-optional';
import { schemaKeywordChanged } from './schema-keyword-changed';
import { STABILITY_CHECKS } from './stability';
import { SUNSET_CHECKS } from './sunset';

export const OWN_CHECKS: readonly OwnCheck[] = [
  operationAuthBecameRequired,
  defaultChanged,
  extensibleEnumValuesRemoved,
  responseHeaderBecameOptional,
  requiredRequestBodyAdded,
  mediaTypeSchemaChanged,
  patternChanged,
  schemaKeywordChanged,
  ...SUNSET_CHECKS,
  ...STABILITY_CHECKS,
];

export function runOwnChecks(base: JsonObject, revision: JsonObject): Finding[] {
  return OWN_CHECKS.flatMap((check) =>
    check.find(base, revision).map((found) => ({ severity: check.severity, ...found, rule: check.id, source: 'own' as const })),
  );
}
