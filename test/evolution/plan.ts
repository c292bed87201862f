// What evolution.test.ts hands the driver (driver.ts) running in a copy of the project, and what
// it prints back. Data only: both sides read it.

/** One realistic bug that ignores a change of the contract, put in front of the copy's sandbox. */
export type Fault =
  /** The new query parameter is dropped (a deployment that does not know the filter ignores it). */
  | { kind: 'drop-parameter'; name: string }
  /** A request without the parameter gets a default (the deployment never made it required). */
  | { kind: 'default-parameter'; path: string; name: string; value: string }
  /** `GET <prefix>{id}/` answers another item of the list than the one addressed. */
  | { kind: 'another-item'; prefix: string }
  /** Every item of the list's answer at `path` carries the field with this value (not the contract's type). */
  | { kind: 'field-value'; path: string; name: string; value: unknown };

export interface Plan {
  seed: number;
  /** Arguments of the live runs, against the sandbox and the faulty deployment (`--sandbox` is added). */
  live: string[];
  /** Arguments of the run against the Prism mock. */
  mock: string[];
  fault: Fault;
}

export interface Line {
  rule: string;
  operationId: string;
  outcome: 'pass' | 'fail' | 'warn' | 'skip';
  message: string;
}

export interface TargetResult {
  /** Preflight's set-up problems (the run does not start when there is one). */
  problems: string[];
  lines: Line[];
  requests?: number;
}

export type Results = Record<'sandbox' | 'faulty' | 'mock', TargetResult>;
