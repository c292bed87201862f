// A phase decides what to send for one area and judges what comes back; the suite runs them.
import type { AreaName } from '../engine/types';
import type { Run } from '../runner/run';

export interface Phase {
  area: AreaName;
  /** In words, for a phase that stopped: "bounds, enums, types and formats of every input". */
  name: string;
  run(run: Run): Promise<void>;
}
