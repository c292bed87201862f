// Deployments with one realistic bug along an axis of the request beyond its values (strength/tables/axes.ts).
// @slow 30 s alone: the whole suite and its replay per fault, in-process.
import { BROKEN_AXES } from '../../strength/tables/axes';
import { faultTests } from './support/fault-suite';

faultTests('a bug along an axis of the request: the suite fails, names the rule, and failures.json reproduces it', BROKEN_AXES);
