// Reads the published API document (openapi/published/, a verbatim copy) into its sections
// and tables, so tests can hold the contract to every row of it.
import fs from 'node:fs';
import path from 'node:path';

export const PUBLISHED_PATH = path.resolve(__dirname, '../../openapi/published/service-api-v1.md');

export type Row = Record<string, string>;

export interface Section {
  heading: string;
  text: string;
  tables: Row[][];
}

function parseTables(lines: string[]): Row[][] {
  const tables: Row[][] = [];
  let header: string[] | undefined;
  let rows: Row[] = [];
  const cells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => c.trim());
  for (const line of [...lines, '']) {
    if (!line.trim().startsWith('|')) {
      if (header) tables.push(rows);
      header = undefined;
      rows = [];
    } else if (!header) {
      header = cells(line).map((h) => h.toLowerCase());
    } else if (!/^\|[\s|:-]+\|$/.test(line.trim())) {
      const values = cells(line);
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? ''])));
    }
  }
  return tables;
}

export function readPublished(file = PUBLISHED_PATH): { text: string; sections: Section[] } {
  const text = fs.readFileSync(file, 'utf8');
  const sections: Section[] = [];
  for (const chunk of text.split(/^(?=#{2,3} )/m)) {
    const [first = '', ...rest] = chunk.split('\n');
    sections.push({ heading: first.replace(/^#+\s*/, ''), text: chunk, tables: parseTables(rest) });
  }
  return { text, sections };
}

export function section(sections: Section[], heading: string): Section {
  const found = sections.find((s) => s.heading === heading);
  if (!found) throw new Error(`published document has no section "${heading}"`);
  return found;
}
