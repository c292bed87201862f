// A sample of the deployments whose bug no list of classes names but a principle catches
// (strength/tables/oracles.ts): a secret compared without case (credentials_exact), a code left
// blank (error_strings_meaningful), a list that JSON.parse refuses (json_answer), each run in one
// area that meets it. The sweep judges every one of them whole with many seeds:
// `npm run test:faults -- --table oracles --seeds 5`.
// @slow 8 s of CPU alone: three in-process runs of one area each, and their replays.
import { BROKEN_ORACLES } from '../../strength/tables/oracles';
import { faultTests } from './support/fault-suite';

const sample = (names: string[]) => {
  const found = BROKEN_ORACLES.filter((c) => names.some((name) => c.name.startsWith(name)));
  if (found.length !== names.length) throw new Error(`faults-oracles: the sample names ${names.length} faults, the table has ${found.length} of them`);
  return found;
};

faultTests('a secret not compared exactly: the suite fails credentials_exact, and failures.json reproduces it', sample(['a session id compared without case']));
faultTests('an error string that names nothing: the suite fails error_strings_meaningful on the refusals of the inputs area', sample(['a 400 with "code": ""']), { areas: ['inputs'] });
faultTests('a list that JSON.parse refuses: the suite fails json_answer on the walks of the lists area', sample(['the municipality list streamed by a hand-written serializer']), { areas: ['lists'] });
