// A phase decides what to send for one area and judges what comes back; the suite runs them.
import type { AreaName, Mode } from '../engine/types';
import type { Run } from '../runner/run';

export interface Phase {
  area: AreaName;
  /** In words, for a phase that stopped: "bounds, enums, types and formats of every input". */
  name: string;
  /** Its row in the progress display, where another phase shares its area (default: the area). */
  label?: string;
  /** The modes it sends in (default both); in another it only records why its rules did not run, and shows no row. */
  modes?: readonly Mode[];
  run(run: Run): Promise<void>;
}
