// Everything one `npm run bench` measures, as handed from bench/run.ts to the goals and the report.
import type { SuiteFigures } from './conformance-time';
import type { Machine } from './machine';
import type { StartFigures } from './start-time';
import type { ThroughputResult } from './throughput';
import type { ValidationFigures } from './validate';

export interface BenchFigures {
  machine: Machine;
  /** How long the run itself took, in milliseconds. */
  runMs: number;
  starts: StartFigures[];
  throughput: ThroughputResult;
  conformance: SuiteFigures[];
  validation: ValidationFigures;
}
