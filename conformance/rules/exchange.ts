// Every rule that judges a single exchange, in report order: the run applies each to every
// exchange it sends (and `conformance replay` to every exchange it re-sends). A rule that does
// not apply to an exchange (another probe, no expectation) returns nothing.
import type { Exchange } from '../engine/request';
import { credentialFormAccepted, forbiddenLimitedKey, unauthorizedInvalidCredentials, unauthorizedWithoutCredentials } from './auth';
import type { Rule } from './define';
import { undeclaredMethodRefused, unknownWatchdogRefused } from './inputs';
import {
  bodyMatchesSchema,
  contentTypeJson,
  declaredStatusServed,
  exampleServed,
  errorBodyShape,
  invalidRequestRefused,
  listedFieldPresent,
  noServerError,
  responseReceived,
  statusDeclared,
  validRequestAccepted,
} from './responses';

export { responseReceived };

export const EXCHANGE_RULES: ReadonlyArray<Rule<Exchange>> = [
  responseReceived,
  statusDeclared,
  noServerError,
  contentTypeJson,
  bodyMatchesSchema,
  errorBodyShape,
  listedFieldPresent,
  validRequestAccepted,
  invalidRequestRefused,
  declaredStatusServed,
  exampleServed,
  undeclaredMethodRefused,
  unknownWatchdogRefused,
  credentialFormAccepted,
  unauthorizedWithoutCredentials,
  unauthorizedInvalidCredentials,
  forbiddenLimitedKey,
];
