// Deployments with one realistic bug along an axis of the request beyond its values (strength/tables/axes.ts).
// @slow 15 s alone: the areas that meet each fault, and its replay, in-process (`npm run test:faults` runs the whole suite).
import { BROKEN_AXES } from '../../strength/tables/axes';
import { faultTests } from './support/fault-suite';

faultTests('a bug along an axis of the request: the suite fails, names the rule, and failures.json reproduces it', BROKEN_AXES);
