// Every rule that judges a single exchange, in report order: the run applies each to every
// exchange it sends (and `conformance replay` to every exchange it re-sends). A rule that does
// not apply to an exchange (another probe, no expectation) returns nothing.
import type { Exchange } from '../engine/request';
import { AUTH_EXCHANGE_RULES } from './auth';
import { BODY_RULES } from './bodies';
import type { Rule } from './define';
import { INPUT_RULES } from './inputs';
import { RESPONSE_RULES, responseReceived } from './responses';

export { responseReceived };

export const EXCHANGE_RULES: ReadonlyArray<Rule<Exchange>> = [...RESPONSE_RULES, ...BODY_RULES, ...INPUT_RULES, ...AUTH_EXCHANGE_RULES];
