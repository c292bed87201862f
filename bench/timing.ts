// Timing helpers shared by the benchmarks: batches timed with process.hrtime.bigint (one call is
// too short to time alone), medians rather than means (robust against GC and a busy machine).

export interface TimedTask {
  name: string;
  /** One call of the work; its result is kept so the engine cannot drop the call. */
  run: () => unknown;
}

export interface TimingOptions {
  /** Calls per task that are measured. */
  iterations: number;
  /** Calls per timed batch. */
  batchSize: number;
  /** Untimed calls per task first, so the JIT has optimised both. */
  warmup: number;
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

let sink: unknown;

function timeBatch(task: TimedTask, calls: number): number {
  const start = process.hrtime.bigint();
  for (let call = 0; call < calls; call++) sink = task.run();
  return Number(process.hrtime.bigint() - start) / calls;
}

/**
 * Median nanoseconds per call of each task. Batches of the tasks alternate, so a slow moment of
 * a shared machine hits all of them alike.
 */
export function medianNanosPerCall(tasks: TimedTask[], options: TimingOptions): Record<string, number> {
  for (const task of tasks) for (let call = 0; call < options.warmup; call++) sink = task.run();
  const samples = new Map(tasks.map((task) => [task.name, [] as number[]]));
  const batches = Math.max(1, Math.round(options.iterations / options.batchSize));
  for (let batch = 0; batch < batches; batch++) {
    for (const task of tasks) samples.get(task.name)!.push(timeBatch(task, options.batchSize));
  }
  void sink;
  return Object.fromEntries([...samples].map(([name, values]) => [name, median(values)]));
}
