// Every table of deployments with one realistic bug, by name: what the fault sweep
// (test/fault-seeds.ts) judges with many seeds. A new table is one more row here.
import { BROKEN_AXES } from './fault-axes';
import { BROKEN_CREDENTIALS } from './fault-credentials';
import { BROKEN_EQUIVALENCES } from './fault-equivalence';
import { BROKEN_READINGS } from './fault-readings';
import { BROKEN_ORACLES } from './fault-oracles';
import { BROKEN_INPUTS, BROKEN_STATE, type FaultCase } from './fault-table';
import { BROKEN_PARSERS } from './fault-parsers';
import { BROKEN_WRITES } from './fault-writes';

export const FAULT_TABLES: Record<string, FaultCase[]> = {
  inputs: BROKEN_INPUTS,
  state: BROKEN_STATE,
  axes: BROKEN_AXES,
  credentials: BROKEN_CREDENTIALS,
  parsers: BROKEN_PARSERS,
  readings: BROKEN_READINGS,
  writes: BROKEN_WRITES,
  oracles: BROKEN_ORACLES,
  equivalence: BROKEN_EQUIVALENCES,
};
