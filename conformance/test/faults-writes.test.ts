// A sample of the deployments whose writes do not hold (strength/tables/writes.ts): a PATCH answered
// from a replay cache, and subscribes sent at once that lose all but the last. Each run is the
// lifecycle area alone, where the writes that hold are judged; the sweep judges every one of
// them with many seeds and the whole suite: `npm run test:faults -- --table writes --seeds 5`.
// @slow 15 s alone: the lifecycle and its replay per fault, in-process.
import { BROKEN_WRITES } from '../../strength/tables/writes';
import { faultTests } from './support/fault-suite';

const SAMPLE = ['a PATCH answered from a replay cache', 'concurrent subscribes lose all but the last'];

const sample = BROKEN_WRITES.filter((c) => SAMPLE.some((name) => c.name.startsWith(name)));
if (sample.length !== SAMPLE.length) throw new Error(`faults-writes: the sample names ${SAMPLE.length} faults, the table has ${sample.length} of them`);

faultTests('a write that does not hold: the suite fails, names the rule, and failures.json reproduces it', sample);
