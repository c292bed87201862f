// A sample of the deployments with one bug only an equivalent request shows, or one of HTTP's own
// semantics (strength/tables/equivalence.ts): a pair replayed from failures.json over a real socket
// (the chunked create), a walk's links (encoded twice), a condition (304). The sweep judges every
// one of them with many seeds: `npm run test:faults -- --table equivalence --seeds 5`.
// @slow 10 s alone: the areas that meet each fault, and its replay, one of them over loopback HTTP.
import { BROKEN_EQUIVALENCES } from '../../strength/tables/equivalence';
import { faultTests } from './support/fault-suite';

const SAMPLE = ['a create sent chunked is read as empty', 'a next link encodes the filter values a second time', 'If-None-Match with a tag the deployment never issued'];

const sample = BROKEN_EQUIVALENCES.filter((c) => SAMPLE.some((name) => c.name.startsWith(name)));
if (sample.length !== SAMPLE.length) throw new Error(`faults-equivalence: the sample names ${SAMPLE.length} faults, the table has ${sample.length} of them`);

faultTests('a request sent another equivalent way answered otherwise, or HTTP’s semantics broken: the suite fails, names the rule, and failures.json reproduces it', sample);
