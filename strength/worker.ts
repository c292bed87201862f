// A child process of `conformance strength` (pool.ts): judges the faults it is sent, one at a
// time, and answers each with its result; ends when the parent lets go of it.
import type { Done, Job } from './pool';
import { measure } from './measure';
import { FAULT_TABLES } from './tables';

process.on('message', (job: Job) => {
  const fault = FAULT_TABLES[job.table]?.[job.index];
  const answer = (done: Done) => process.send!(done);
  if (!fault) return answer({ error: `no fault ${job.index} in table ${job.table}` });
  measure(job.table, fault, job.config).then(
    (result) => answer({ result }),
    (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
