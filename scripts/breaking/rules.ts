// Which Redocly diff rules exist and how the gate weighs them. Redocly rates every verdict of
// these rules "major"; the gate fails on all of them except the warnings below.
import type { Severity } from './findings';

/** The OpenAPI 3 rules of `redocly diff` (@redocly/cli 2.77, config `diff-recommended`). */
export const REDOCLY_RULES = [
  'path-removed',
  'operation-removed',
  'operation-id-changed',
  'parameter-removed',
  'parameter-became-required',
  'parameter-serialization-changed',
  'request-body-removed',
  'request-body-became-required',
  'response-removed',
  'response-header-removed',
  'media-type-removed',
  'security-requirement-changed',
  'security-scheme-changed',
  'server-removed',
  'schema-type-changed',
  'schema-constraint-changed',
  'schema-combinator-changed',
  'enum-values-removed',
  'enum-values-added',
  'required-properties-added',
  'required-properties-removed',
  'property-removed',
] as const;

/**
 * Rules that warn instead of failing, with the reason. `enum-values-added` fires only for
 * enums a response can carry (a request enum may grow freely): tolerant clients keep working,
 * strict ones should hear about it, so it is reported but does not block.
 */
export const WARNING_RULES: Readonly<Record<string, string>> = {
  'enum-values-added': 'a response may now carry a value that clients do not know',
};

export const severityOfRedoclyRule = (rule: string): Severity => (rule in WARNING_RULES ? 'warning' : 'break');
