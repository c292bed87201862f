// Markdown tables padded to column width, so the same text reads well in a terminal and
// renders in bench/RESULTS.md.

export type Cell = string | number;

/** Right-aligns columns whose cells are all numeric-looking (figures), left-aligns the rest. */
export function table(header: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map(String));
  const numeric = header.map((_, column) => text.length > 0 && text.every((row) => /^[-+]?[\d.,]+( ?[a-zµ%×]+)?$|^–$/i.test(row[column] ?? '')));
  const width = header.map((name, column) => Math.max(name.length, ...text.map((row) => (row[column] ?? '').length), 3));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (numeric[column] ? cell.padStart(width[column]!) : cell.padEnd(width[column]!))).join(' | ')} |`;
  const rule = `|${width.map((w, column) => (numeric[column] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(header), rule, ...text.map(line)].join('\n');
}

export const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
export const seconds = (ms: number) => `${fixed(ms / 1000, 2)} s`;
export const perSecond = (value: number) => fixed(value, 0);
