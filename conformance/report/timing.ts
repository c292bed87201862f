// The run's times as every report states them: p50/p95/max of the answers per operation, and how
// the deployment held the run back (429s waited out, time waited, the rate reached and the pace).
import type { OperationTimes } from '../engine/recorder';
import type { PaceSource, Throttling } from '../engine/pace';

export interface ResponseTimes {
  operationId: string;
  /** Answers timed. */
  count: number;
  /** Milliseconds, rounded: the median, the 95th percentile (nearest rank) and the slowest. */
  p50: number;
  p95: number;
  max: number;
}

export interface RunThrottling extends Omit<Throttling, 'waitingMs'> {
  /** Requests sent per second of the run's wall time. */
  effectivePerSecond: number;
}

/** The nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;

export function responseTimes(times: Record<string, OperationTimes>): ResponseTimes[] {
  return Object.entries(times)
    .map(([operationId, { ms }]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return { operationId, count: ms.length, p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)), max: Math.round(sorted[sorted.length - 1]!) };
    })
    .sort((a, b) => a.operationId.localeCompare(b.operationId));
}

export function runThrottling({ waitingMs: _now, ...throttling }: Throttling, requests: number, durationMs: number): RunThrottling {
  return { ...throttling, effectivePerSecond: durationMs > 0 ? Math.round((requests / (durationMs / 1000)) * 100) / 100 : 0 };
}

const SOURCE: Record<PaceSource, string> = {
  given: 'given by --rate-limit',
  published: "the deployment's RateLimit-Policy",
  learned: 'learned from what the deployment granted',
};

/** A pace and the operations it holds: `1.96/s for companiesSearch (learned …)`; `others`: a pace listed without operations holds the rest. */
const limitText = (p: Pick<Throttling, 'perSecond' | 'source' | 'operations'>, others: boolean) =>
  `${p.perSecond!.toFixed(2)}/s${p.operations ? ` for ${p.operations.join(', ')}` : others ? ' for the other operations' : ''} (${SOURCE[p.source!]})`;

/** The pace, or each limit's when the run keeps more than one. */
export const paceText = (t: Pick<Throttling, 'perSecond' | 'source' | 'operations' | 'limits'>) =>
  t.perSecond === undefined ? 'unpaced' : `paced at ${(t.limits ?? [t]).map((p) => limitText(p, t.limits !== undefined)).join(', ')}`;

/** One line on how the deployment held the run back; none when it did not and no pace was set. */
export function throttlingLine(t: RunThrottling): string | undefined {
  if (t.refused === 0 && t.perSecond === undefined) return undefined;
  return `rate limited: 429 ×${t.refused} waited out, ${(t.waitedMs / 1000).toFixed(1)} s waited, ${t.effectivePerSecond.toFixed(2)} requests/s effective, ${paceText(t)}`;
}

/** The times as aligned text lines (console, summary.md's code block). */
export function responseTimeLines(rows: ResponseTimes[]): string[] {
  if (rows.length === 0) return [];
  const width = Math.max(...rows.map((r) => r.operationId.length)) + 2;
  const cell = (value: string | number) => String(value).padStart(7);
  return [`${'operation'.padEnd(width)}${['answers', 'p50 ms', 'p95 ms', 'max ms'].map(cell).join(' ')}`, ...rows.map((r) => `${r.operationId.padEnd(width)}${[r.count, r.p50, r.p95, r.max].map(cell).join(' ')}`)];
}
