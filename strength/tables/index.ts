// Every table of deployments with one realistic bug, by name: what `conformance strength` plants
// one at a time, and what the fault sweep (`npm run test:faults`) judges with many seeds.
// A new table is one file here (a FaultCase[] written with ../edits.ts and ../faulty.ts) and one
// row below.
import type { FaultCase } from '../faulty';
import { BROKEN_AXES } from './axes';
import { BROKEN_CREDENTIALS } from './credentials';
import { BROKEN_EQUIVALENCES } from './equivalence';
import { BROKEN_INPUTS } from './inputs';
import { BROKEN_ORACLES } from './oracles';
import { BROKEN_PARSERS } from './parsers';
import { BROKEN_READINGS } from './readings';
import { BROKEN_STATE } from './state';
import { BROKEN_WRITES } from './writes';

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
