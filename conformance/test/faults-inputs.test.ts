// Deployments with one realistic bug in their answers or in what they accept (strength/tables/inputs.ts).
// @slow 15 s alone: the areas that meet each fault, and its replay, in-process (`npm run test:faults` runs the whole suite).
import { BROKEN_INPUTS } from '../../strength/tables/inputs';
import { faultTests } from './support/fault-suite';

faultTests('a bug in answers or accepted input: the suite fails, names the rule, and failures.json reproduces it', BROKEN_INPUTS);
