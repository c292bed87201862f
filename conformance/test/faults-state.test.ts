// Deployments with one realistic bug in lists, filters, the watchdog state or credentials (strength/tables/state.ts).
// @slow 15 s alone: the areas that meet each fault, and its replay, in-process (`npm run test:faults` runs the whole suite).
import { BROKEN_STATE } from '../../strength/tables/state';
import { faultTests } from './support/fault-suite';

faultTests('a bug in lists, filters, state or credentials: the suite fails, names the rule, and failures.json reproduces it', BROKEN_STATE);
