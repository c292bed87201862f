// A coverage map as a picture: rows × columns of cells in inline SVG, each cell's colour its
// state (seen, how often; declared but not seen; not applicable) and its tooltip the reason.
import { xmlEscape as htmlEscape } from './escape';

export interface Cell {
  /** A count (seen that often: the more, the darker), or 'missing' (declared, not seen). */
  value: number | 'missing';
  /** The tooltip: what the cell is and why it is so. */
  title: string;
}

export interface Heatmap {
  rows: string[];
  columns: string[];
  /** Undefined: the cell does not apply (not declared, no such bound). */
  cell(row: string, column: string): Cell | undefined;
}

const SIZE = 18;
const GAP = 2;
const CHAR = 6.6;

function fill(cell: Cell): string {
  if (cell.value === 'missing') return '#f0b429';
  if (cell.value === 0) return '#e4e7eb';
  // Darker with every tenfold: 1 → light green, 1000 → dark.
  const depth = Math.min(1, 0.35 + Math.log10(cell.value) / 4);
  return `hsl(140 55% ${Math.round(80 - depth * 50)}%)`;
}

export function heatmapSvg(map: Heatmap, label: string): string {
  const left = Math.ceil(Math.max(...map.rows.map((r) => r.length), 4) * CHAR) + 8;
  const top = Math.ceil(Math.max(...map.columns.map((c) => c.length), 4) * CHAR * 0.72) + 12;
  // The column labels lean right as far as they rise.
  const width = left + map.columns.length * (SIZE + GAP) + top;
  const height = top + map.rows.length * (SIZE + GAP) + 4;
  const out = [`<svg class="heatmap" role="img" aria-label="${htmlEscape(label)}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">`];
  map.columns.forEach((column, j) => {
    const x = left + j * (SIZE + GAP) + SIZE / 2;
    out.push(`<text x="${x}" y="${top - 6}" transform="rotate(-45 ${x} ${top - 6})" class="col">${htmlEscape(column)}</text>`);
  });
  map.rows.forEach((row, i) => {
    const y = top + i * (SIZE + GAP);
    out.push(`<text x="${left - 6}" y="${y + SIZE * 0.72}" text-anchor="end" class="row">${htmlEscape(row)}</text>`);
    map.columns.forEach((column, j) => {
      const cell = map.cell(row, column);
      if (!cell) return;
      out.push(`<rect x="${left + j * (SIZE + GAP)}" y="${y}" width="${SIZE}" height="${SIZE}" rx="3" fill="${fill(cell)}"><title>${htmlEscape(cell.title)}</title></rect>`);
    });
  });
  out.push('</svg>');
  return out.join('');
}
