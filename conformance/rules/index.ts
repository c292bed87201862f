// The catalog: every rule the suite knows, in report order. The report lists every rule ×
// operation from here, so a rule that recorded nothing still shows (as SKIP, with the reason).
import { credentialFormAccepted, credentialFormAcceptedSomewhere, forbiddenLimitedKey, unauthorizedInvalidCredentials, unauthorizedWithoutCredentials } from './auth';
import type { Rule } from './define';
import { filterCombination, FILTER_RULES, mediaTypesAgree } from './filters';
import { undeclaredMethodRefused, unknownWatchdogRefused } from './inputs';
import { LIFECYCLE_RULES } from './lifecycle';
import { WALK_RULES } from './lists';
import {
  bodyMatchesSchema,
  contentTypeJson,
  declaredStatusServed,
  errorBodyShape,
  exampleServed,
  invalidRequestRefused,
  listedFieldPresent,
  noServerError,
  responseReceived,
  statusDeclared,
  validRequestAccepted,
} from './responses';
import { phaseCompleted } from './run';

export const RULES: ReadonlyArray<Rule<never>> = [
  responseReceived,
  statusDeclared,
  noServerError,
  contentTypeJson,
  bodyMatchesSchema,
  errorBodyShape,
  listedFieldPresent,
  declaredStatusServed,
  exampleServed,
  validRequestAccepted,
  invalidRequestRefused,
  undeclaredMethodRefused,
  unknownWatchdogRefused,
  ...WALK_RULES,
  ...FILTER_RULES,
  filterCombination,
  mediaTypesAgree,
  credentialFormAccepted,
  credentialFormAcceptedSomewhere,
  unauthorizedWithoutCredentials,
  unauthorizedInvalidCredentials,
  forbiddenLimitedKey,
  ...LIFECYCLE_RULES,
  phaseCompleted,
] as unknown as ReadonlyArray<Rule<never>>;

const BY_NAME = new Map(RULES.map((rule) => [rule.name, rule]));

export function ruleNamed(name: string): Rule<never> {
  const rule = BY_NAME.get(name);
  if (!rule) throw new Error(`unknown conformance rule ${name}`);
  return rule;
}
