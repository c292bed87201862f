// The strength of the suite as a team reads it: caught x of y per table and in total, every miss
// named with the rule × operation that should have caught it and why it did not, and the misses
// counted by what the settings gave up. The same results as JSON for tools (--json, --report).
import type { Cause, Measured } from './measure';

export interface StrengthResult {
  seed: number;
  budget: number;
  /** Each setting and where it came from. */
  settings: string[];
  ignored?: { file: string; keys: string[] };
  jobs: number;
  durationMs: number;
  caught: number;
  total: number;
  tables: Array<{ table: string; caught: number; total: number }>;
  /** The misses counted by cause (and what the cause names), most first. */
  givenUp: Array<{ cause: Cause; by?: string; count: number; label: string }>;
  faults: Measured[];
}

function label(cause: Cause, by: string | undefined, result: Pick<StrengthResult, 'seed' | 'budget'>): string {
  switch (cause) {
    case 'excluded':
      return `excluding ${by} (operations)`;
    case 'area':
      return `areas not selected: ${by}`;
    case 'writes':
      return 'writes off';
    case 'budget':
      return `the budget (${result.budget}) spent before a phase ended`;
    case 'stopped':
      return 'a phase stopped early (see the miss)';
    case 'first-failure':
      return 'a seeded phase stopped at an earlier failure of its own';
    case 'not-met':
      return `not met by this run's requests (seed ${result.seed}): no setting to blame`;
    case 'other':
      return 'other (see the miss)';
  }
}

export function summarize(faults: Measured[], run: Omit<StrengthResult, 'caught' | 'total' | 'tables' | 'givenUp' | 'faults'>): StrengthResult {
  const tables = [...new Set(faults.map((f) => f.table))].map((table) => {
    const of = faults.filter((f) => f.table === table);
    return { table, caught: of.filter((f) => f.caught).length, total: of.length };
  });
  const groups = new Map<string, StrengthResult['givenUp'][number]>();
  for (const { miss } of faults) {
    if (!miss) continue;
    const key = `${miss.cause}\0${miss.by ?? ''}`;
    const group = groups.get(key) ?? { cause: miss.cause, ...(miss.by !== undefined && { by: miss.by }), count: 0, label: label(miss.cause, miss.by, run) };
    group.count += 1;
    groups.set(key, group);
  }
  return {
    ...run,
    caught: faults.filter((f) => f.caught).length,
    total: faults.length,
    tables,
    givenUp: [...groups.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
    faults,
  };
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)} %`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

/** The header: what is planted, with which settings, and what of the config file was ignored. */
export function renderHeader(result: Pick<StrengthResult, 'seed' | 'settings' | 'ignored' | 'jobs'>, faults: number, tables: number): string {
  return [
    `Suite strength: ${faults} fault(s) of ${tables} table(s), each planted alone in a fresh sandbox, judged with seed ${result.seed} (--seed), ${result.jobs} at a time`,
    `Settings: ${result.settings.join(' · ')}`,
    ...(result.ignored ? [`${result.ignored.file}: ${result.ignored.keys.join(', ')} ignored — they describe your deployment; the target here is the sandbox`] : []),
  ].join('\n');
}

/** One line per fault as it ends (stderr). */
export function renderProgress(result: Measured, done: number, total: number): string {
  const width = String(total).length;
  const head = `[${String(done).padStart(width)}/${total}] ${result.caught ? 'caught' : 'MISSED'} ${result.table} · ${result.fault} (${(result.ms / 1000).toFixed(1)} s, CPU ${(result.cpuMs / 1000).toFixed(1)} s)`;
  return result.miss ? `${head}\n    ${result.expect.rule} × ${result.expect.operationId}: ${result.outcome.toUpperCase()} — ${result.miss.text}` : head;
}

export function renderTable(result: StrengthResult): string {
  const rows = result.tables.map((t) => `| ${t.table} | ${t.caught} | ${t.total} | ${t.total - t.caught} |`);
  const lines = ['| table | caught | faults | missed |', '|---|---:|---:|---:|', ...rows, `| **total** | **${result.caught}** | **${result.total}** | **${result.total - result.caught}** |`];
  const missed = result.faults.filter((f) => !f.caught);
  if (missed.length) {
    lines.push('', `Missed (${missed.length}): the line that should have caught each, and why it did not`);
    for (const f of missed) {
      const also = f.alsoFailed.length ? ` (the run failed elsewhere: ${f.alsoFailed.slice(0, 3).join(', ')}${f.alsoFailed.length > 3 ? `, +${f.alsoFailed.length - 3}` : ''})` : '';
      lines.push(`- ${f.table} · ${f.fault}`, `  ${f.expect.rule} × ${f.expect.operationId}: ${f.expect.outcome.toUpperCase()} expected, ${f.outcome.toUpperCase()} — ${f.miss!.text}${also}`);
    }
    const width = Math.max(...result.givenUp.map((g) => String(g.count).length));
    lines.push('', 'Misses by what held them back:', ...result.givenUp.map((g) => `  ${String(g.count).padStart(width)}  ${g.label}`));
  }
  const cpu = result.faults.reduce((sum, f) => sum + f.cpuMs, 0);
  lines.push('', `Caught ${result.caught} of ${result.total} (${percent(result.caught, result.total)}) in ${seconds(result.durationMs)}, ${result.jobs} job(s); the runs took ${seconds(cpu)} of CPU.`);
  return lines.join('\n');
}
