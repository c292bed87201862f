// A sample of the deployments with one parser-breaking or request-axis bug (strength/tables/parsers.ts):
// those whose finding rests on what no unit test runs whole — a read compared with the same read in
// another spelling and replayed as a pair, a secret of one kind in another kind's form. The sweep
// judges every one of them with many seeds: `npm run test:faults -- --table parsers --seeds 5`.
// @slow 5 s alone: the areas that meet each fault, and its replay, in-process.
import { BROKEN_PARSERS } from '../../strength/tables/parsers';
import { faultTests } from './support/fault-suite';

const SAMPLE = ['a quoted multipart boundary loses every field', 'a session id is taken as a Bearer key'];

const sample = BROKEN_PARSERS.filter((c) => SAMPLE.some((name) => c.name.startsWith(name)));
if (sample.length !== SAMPLE.length) throw new Error(`faults-parsers: the sample names ${SAMPLE.length} faults, the table has ${sample.length} of them`);

faultTests('a bug in a parser or along a request axis: the suite fails, names the rule, and failures.json reproduces it', sample);
