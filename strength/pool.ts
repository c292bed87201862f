// The faults judged side by side: against the in-process sandbox a run is CPU bound, so each job
// is a child process of its own (worker.ts) taking the next fault as it finishes one; with one
// job they run in this process. A child that dies takes its fault with it (reported as a miss
// whose cause says so) and is replaced.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { RunConfig } from '../conformance';
import { measure, type Measured } from './measure';
import type { Planted } from './options';

/** What the parent sends a worker: one fault to judge, by its place in the tables. */
export interface Job {
  table: string;
  index: number;
  config: RunConfig;
}

/** What a worker answers. */
export type Done = { result: Measured } | { error: string };

/** The worker module beside this one, in the same form (TypeScript under tsx, JavaScript in dist/). */
const WORKER = path.join(__dirname, `worker${path.extname(__filename)}`);

function crashed(planted: Planted, why: string, ms: number): Measured {
  const [rule, operationId, outcome] = planted.fault.expect;
  return {
    table: planted.table,
    fault: planted.fault.name,
    expect: { rule, operationId, outcome },
    caught: false,
    outcome: 'none',
    miss: { cause: 'other', text: `the run did not end: ${why}` },
    alsoFailed: [],
    requests: 0,
    ms,
    cpuMs: 0,
  };
}

/** Every fault judged with `config`, `jobs` at a time; `done` hears of each as it ends. Results in the faults' order. */
export async function measureAll(faults: Planted[], config: RunConfig, jobs: number, done: (result: Measured) => void = () => undefined): Promise<Measured[]> {
  const results: Measured[] = new Array(faults.length);
  if (jobs <= 1) {
    for (const [i, planted] of faults.entries()) {
      const started = performance.now();
      try {
        results[i] = await measure(planted.table, planted.fault, config);
      } catch (error) {
        results[i] = crashed(planted, error instanceof Error ? error.message : String(error), Math.round(performance.now() - started));
      }
      done(results[i]!);
    }
    return results;
  }
  let next = 0;
  const workers = new Set<ChildProcess>();
  const runOne = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const worker = fork(WORKER, [], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' });
      workers.add(worker);
      let stderr = '';
      worker.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
      let current: { i: number; started: number } | undefined;
      const give = () => {
        if (next >= faults.length) {
          current = undefined;
          worker.disconnect();
          return;
        }
        current = { i: next++, started: performance.now() };
        const { table, index } = faults[current.i]!;
        worker.send({ table, index, config } satisfies Job);
      };
      const finish = (result: Measured) => {
        results[current!.i] = result;
        done(result);
        give();
      };
      worker.on('message', (message: Done) => {
        if (!current) return;
        finish('result' in message ? message.result : crashed(faults[current.i]!, message.error, Math.round(performance.now() - current.started)));
      });
      worker.on('exit', (code, signal) => {
        workers.delete(worker);
        if (!current) return resolve();
        // Died with a fault in hand: that fault is reported, the rest go to a fresh worker.
        const lastLine = stderr.trim().split('\n').pop() ?? '';
        results[current.i] = crashed(faults[current.i]!, `its process ended (${signal ?? `exit ${code}`})${lastLine ? `: ${lastLine}` : ''}`, Math.round(performance.now() - current.started));
        done(results[current.i]!);
        current = undefined;
        if (next >= faults.length) resolve();
        else void runOne().then(resolve);
      });
      give();
    });
  const stop = () => {
    for (const worker of workers) worker.kill();
  };
  process.once('exit', stop);
  try {
    await Promise.all(Array.from({ length: Math.min(jobs, faults.length) }, runOne));
  } finally {
    process.removeListener('exit', stop);
  }
  return results;
}
