// The machine and runtime a benchmark ran on, for bench/RESULTS.md: figures from another
// machine, or from a busy one, are not comparable.
import os from 'node:os';

export interface Machine {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  date: string;
  /** 1-minute load average at the start and the end of the run (another process competing shows here). */
  loadAverage: { start: number; end?: number };
}

export function describeMachine(): Machine {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 2 ** 30,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    date: new Date().toISOString(),
    loadAverage: { start: os.loadavg()[0]! },
  };
}

export function finishMachine(machine: Machine): Machine {
  return { ...machine, loadAverage: { ...machine.loadAverage, end: os.loadavg()[0]! } };
}
