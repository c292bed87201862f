// Deployments with one realistic bug inside a reading a correct deployment may make (strength/tables/readings.ts):
// each fails, names its rule, and its failures.json reproduces it. Only the rule's own area runs here;
// `npm run test:faults -- --table readings` judges each whole, with many seeds.
// @slow 8 s alone: nine in-process runs of one area each, and their replays.
import { BROKEN_READINGS } from '../../strength/tables/readings';
import { faultTests } from './support/fault-suite';

faultTests('a bug inside a reading: the suite fails, names the rule, and failures.json reproduces it', BROKEN_READINGS);
